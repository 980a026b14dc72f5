// Catalogue answers as the server writes them.
import type { Producto } from '../../api/products';
import { locales } from './shop';
import { seeded } from './defaults';

export const producto = seeded<Producto>(() => ({
  id: 10,
  modelo: 'RB3025',
  marca: { id: 5, nombre: 'Vulk' },
  categorias: [{ id: 1, nombre: 'Sol' }],
  material: { id: 4, nombre: 'Acetato' },
  genero: 'Unisex',
  costo: 100,
  precio: 360,
  descripcion: 'Aviador',
  productoLocales: [{ local: locales[0], stock: 3, minimo: null, enTransito: 0 }],
  proveedores: [{ id: 9, nombre: 'Visión', celular: '99' }],
  creadoEn: '2024-01-05',
  ultimaActualizacion: '2024-01-05',
  version: 7,
}));

/** The lookup lists the product forms read. */
export const lookupAnswers: Record<string, [number, unknown]> = {
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
