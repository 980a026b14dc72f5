// Catalogue answers as the server writes them, for component and rule tests.
import type { Producto, ProductoPage } from '../api/products';

export const locales = [
  { id: 1, nombre: 'Centro', direccion: 'Calle 1', celular: '11' },
  { id: 2, nombre: 'Norte', direccion: 'Ruta 14', celular: '22' },
];

export function producto(overrides: Partial<Producto> = {}): Producto {
  return {
    id: 10,
    modelo: 'RB3025',
    marca: { id: 5, nombre: 'Vulk' },
    categorias: [{ id: 1, nombre: 'Sol' }],
    material: { id: 4, nombre: 'Acetato' },
    genero: 'Unisex',
    costo: 100,
    precio: 360,
    descripcion: 'Aviador',
    productoLocales: [{ local: locales[0], stock: 3 }],
    proveedores: [{ id: 9, nombre: 'Visión', celular: '99' }],
    creadoEn: '2024-01-05',
    ultimaActualizacion: '2024-01-05',
    version: 7,
    ...overrides,
  };
}

export function page(content: Producto[], number = 0, totalPages = 1): ProductoPage {
  return {
    content,
    number,
    totalPages,
    totalElements: content.length,
    first: number === 0,
    last: number === totalPages - 1,
    size: 12,
    numberOfElements: content.length,
    empty: content.length === 0,
    sort: unsorted,
    pageable: { sort: unsorted, offset: number * 12, pageNumber: number, pageSize: 12, paged: true, unpaged: false },
  };
}

const unsorted = { empty: true, sorted: false, unsorted: true };

/** The lookup lists the product forms read. */
export const lookupRoutes: Record<string, [number, unknown]> = {
  'GET /api/categoria': [
    200,
    [
      { id: 1, nombre: 'Sol' },
      { id: 2, nombre: 'Receta' },
      { id: 3, nombre: 'Cristal' },
    ],
  ],
  'GET /api/marca': [
    200,
    [
      { id: 5, nombre: 'Vulk' },
      { id: 6, nombre: 'Ray-Ban' },
    ],
  ],
  'GET /api/materialProducto': [
    200,
    [
      { id: 4, nombre: 'Acetato' },
      { id: 8, nombre: 'Metal' },
    ],
  ],
  'GET /api/local': [200, locales],
  'GET /api/proveedor': [
    200,
    [
      { id: 9, nombre: 'Visión', celular: '99' },
      { id: 12, nombre: 'Lentes SA', celular: '12' },
    ],
  ],
};
