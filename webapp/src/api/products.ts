// The product catalogue calls (spec 000 section 7). Read shapes come from the server's OpenAPI
// document; the bodies the forms send are stricter forms of the generated ones (checked in
// contract.ts).
import type { Producto, ProductoPage, ProductoPublicoPage, ProductoSaved, Schemas } from './types';
import { api } from './base';
import { collection, download, keyedPost, post } from './endpoints';

export interface Ref {
  id: number;
}

export interface NamedRef extends Ref {
  nombre: string;
}

export interface LocalRef extends NamedRef {
  direccion?: string | null;
  celular?: string | null;
}

export interface ProveedorRef extends NamedRef {
  celular?: string | null;
}

export type { Producto, ProductoPage, ProductoPublico, ProductoPublicoPage, ProductoSaved } from './types';

/** A page of a list, of one category when `categoria` is given. */
export interface CatalogoPage {
  page: number;
  categoria?: number;
}

const pageUrl = (base: string, { page, categoria }: CatalogoPage) =>
  `${base}/${page}${categoria === undefined ? '' : `?categoria=${categoria}`}`;

/** What the web app sends; a stricter form of the server's `ProductoBody`. */
export interface ProductoBody {
  modelo: string;
  marca: Ref;
  categorias: Ref[];
  material: Ref | null;
  genero: string;
  costo: number | null;
  precio: number;
  descripcion: string;
  productoLocales: { local: Ref; stock: number }[];
  proveedores: Ref[];
  /** PUT only: the version the form loaded; the server answers 409 when the product changed since. */
  version?: number;
}

export interface MassUpdateBody {
  tipo: 'precio' | 'costo';
  tipoCambio: 'porcentaje' | 'fijo';
  valor: number;
  categoria?: number | null;
  proveedor?: number | null;
  material?: number | null;
  marca?: number | null;
}

export type SearchBy = 'modelo' | 'marca';

const tags = ['Producto'] as const;

export const productsApi = api.injectEndpoints({
  endpoints: (build) => {
    const productos = collection<ProductoSaved, ProductoBody>(build, 'api/productos', tags);
    return {
      getProducto: productos.read<Producto, number>((id) => `api/productos/${id}`),
      productosPage: productos.read<ProductoPage, CatalogoPage>((arg) => pageUrl('api/productos/page', arg)),
      /** Public (the visitors' INVENTARIO menu): sent with no token when there is no session. */
      catalogoPage: productos.read<ProductoPublicoPage, CatalogoPage>((arg) => pageUrl('api/catalogo/page', arg)),
      /** 404 with an empty body when nothing matches. */
      searchProductos: productos.read<Producto[], { by: SearchBy; text: string }>(
        ({ by, text }) => `api/productos/${by}/${encodeURIComponent(text)}`,
      ),
      /** Products offered at a branch whose model contains the text (the movement form); the
       * server searches a seller's own branch whatever `localId` says. */
      productosEnLocal: productos.read<Producto[], { modelo: string; localId: number }>(
        ({ modelo, localId }) => `api/productos/buscar?modelo=${encodeURIComponent(modelo)}&localId=${localId}`,
      ),
      createProducto: productos.create,
      updateProducto: productos.update,
      deleteProducto: productos.remove,
      createVarios: build.mutation<Schemas['Lote'], ProductoBody[]>({
        query: post<ProductoBody[]>('api/productos/crearVarios'),
        invalidatesTags: tags,
      }),
      /** Answers the models of the list that already exist for the brand. */
      validarModelos: build.mutation<string[], { marcaId: number; modelos: string[] }>({
        query: ({ marcaId, modelos }) => ({
          url: `api/productos/validar-modelos?marcaId=${marcaId}`,
          method: 'POST',
          body: modelos,
        }),
      }),
      /** `idempotencyKey`: the screen's key of the change (`useActionKey`): a "+10 %" sent again
       * after a lost answer raises the prices once. */
      actualizarPrecios: build.mutation<
        Schemas['PreciosActualizados'],
        { body: MassUpdateBody; idempotencyKey: string }
      >({
        query: ({ body, idempotencyKey }) => keyedPost('api/productos/actualizar-precios', body, idempotencyKey),
        invalidatesTags: tags,
      }),
      /** Fetches the branch stock workbook and saves it as fileName; the Blob never enters the store. */
      stockExcel: build.mutation<null, { localId: number; fileName: string }>({
        queryFn: download(({ localId, fileName }: { localId: number; fileName: string }) => ({
          request: { url: `api/excel/stock/${localId}` },
          fileName,
        })),
      }),
    };
  },
});

export const {
  useGetProductoQuery,
  useProductosPageQuery,
  useCatalogoPageQuery,
  useLazySearchProductosQuery,
  useLazyProductosEnLocalQuery,
  useCreateProductoMutation,
  useUpdateProductoMutation,
  useDeleteProductoMutation,
  useCreateVariosMutation,
  useValidarModelosMutation,
  useActualizarPreciosMutation,
  useStockExcelMutation,
} = productsApi;
