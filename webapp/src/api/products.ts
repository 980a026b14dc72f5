// The product catalogue calls (spec 000 section 7). Read shapes come from the server's OpenAPI
// document; the bodies the forms send are stricter forms of the generated ones (checked below).
import type { Accepts } from './types';
import { api, downloadFile } from './base';
import type { components } from './schema';

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

/** A product as the server answers it; `costo` is null for callers who are not admins. */
export type Producto = components['schemas']['Producto'];
/** A page of 12 products (Spring's page shape). */
export type ProductoPage = components['schemas']['Page_Producto'];
/** A product as visitors see it: model, brand name, price and description (no cost, no stock). */
export type ProductoPublico = components['schemas']['ProductoPublico'];
/** A page of 12 products of the public catalogue. */
export type ProductoPublicoPage = components['schemas']['Page_ProductoPublico'];

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

/** A create's or an edit's answer: the record as the server reads it now. */
export type ProductoSaved = components['schemas']['ProductoGuardado'];

const tags = ['Producto'] as const;

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducto: build.query<Producto, number>({
      query: (id) => `api/productos/${id}`,
      providesTags: tags,
    }),
    productosPage: build.query<ProductoPage, CatalogoPage>({
      query: (arg) => pageUrl('api/productos/page', arg),
      providesTags: tags,
    }),
    /** Public (the visitors' INVENTARIO menu): sent with no token when there is no session. */
    catalogoPage: build.query<ProductoPublicoPage, CatalogoPage>({
      query: (arg) => pageUrl('api/catalogo/page', arg),
      providesTags: tags,
    }),
    /** 404 with an empty body when nothing matches. */
    searchProductos: build.query<Producto[], { by: SearchBy; text: string }>({
      query: ({ by, text }) => `api/productos/${by}/${encodeURIComponent(text)}`,
      providesTags: tags,
    }),
    /** Products offered at a branch whose model contains the text (the movement form); the
     * server searches a seller's own branch whatever `localId` says. */
    productosEnLocal: build.query<Producto[], { modelo: string; localId: number }>({
      query: ({ modelo, localId }) => `api/productos/buscar?modelo=${encodeURIComponent(modelo)}&localId=${localId}`,
      providesTags: tags,
    }),
    createProducto: build.mutation<ProductoSaved, ProductoBody>({
      query: (body) => ({ url: 'api/productos', method: 'POST', body }),
      invalidatesTags: tags,
    }),
    updateProducto: build.mutation<ProductoSaved, { id: number; body: ProductoBody }>({
      query: ({ id, body }) => ({ url: `api/productos/${id}`, method: 'PUT', body }),
      invalidatesTags: tags,
    }),
    deleteProducto: build.mutation<{ mensaje: string }, number>({
      query: (id) => ({ url: `api/productos/${id}`, method: 'DELETE' }),
      invalidatesTags: tags,
    }),
    createVarios: build.mutation<components['schemas']['Lote'], ProductoBody[]>({
      query: (body) => ({ url: 'api/productos/crearVarios', method: 'POST', body }),
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
    actualizarPrecios: build.mutation<components['schemas']['PreciosActualizados'], MassUpdateBody>({
      query: (body) => ({ url: 'api/productos/actualizar-precios', method: 'POST', body }),
      invalidatesTags: tags,
    }),
    /** Fetches the branch stock workbook and saves it as fileName; the Blob never enters the store. */
    stockExcel: build.mutation<null, { localId: number; fileName: string }>({
      queryFn: ({ localId, fileName }, _api, _extra, baseQuery) =>
        downloadFile(baseQuery, { url: `api/excel/stock/${localId}` }, fileName),
    }),
  }),
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

// The forms' bodies must stay acceptable to the server's document.
export type CheckedBodies = [
  Accepts<components['schemas']['ProductoBody'], ProductoBody>,
  Accepts<components['schemas']['MassUpdateBody'], MassUpdateBody>,
];
