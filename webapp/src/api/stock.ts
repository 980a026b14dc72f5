// Stock beyond sales: an admin's manual adjustment with its reason and note, a
// branch's reorder point per product, and the branch's 'Reponer' list (also as an Excel). Shapes
// come from the server's OpenAPI document (schema.d.ts); the bodies sent are checked against it
// in contract.ts.
import type { AReponerPage, MotivoAjuste, ProductoAjustado } from './types';
import { api } from './base';
import { download, keyedPost, whenSaved } from './endpoints';

export type { MotivoAjuste, AReponer, AReponerPage, ProductoAjustado } from './types';

export interface AjusteBody {
  localId: number;
  /** Units in (positive) or out (negative). */
  cantidad: number;
  /** One of `GET /api/stock/motivos` (`Rotura`, `RoboOPerdida`...). */
  motivo: string;
  nota?: string;
}

export interface MinimoBody {
  localId: number;
  /** The stock at or below which to reorder; null clears it. */
  minimo: number | null;
}

/** A page of the branch's reorder list. */
export interface ReponerFiltro {
  localId: number;
  page: number;
  size: number;
}

export const reponerPath = ({ localId, page, size }: ReponerFiltro) =>
  `api/reponer?localId=${localId}&page=${page}&size=${size}`;

export const stockApi = api
  // An adjustment or a reorder point changes the product and the reorder list.
  .enhanceEndpoints({ addTagTypes: ['Reponer'] })
  .injectEndpoints({
    endpoints: (build) => ({
      motivosStock: build.query<MotivoAjuste[], void>({
        query: () => 'api/stock/motivos',
      }),
      reponer: build.query<AReponerPage, ReponerFiltro>({
        query: reponerPath,
        // A sale, a product's edit or a transfer changes what is to reorder.
        providesTags: ['Reponer', 'Producto'],
      }),
      /** `idempotencyKey` is made once per opened dialog: a double click or a retry after a lost
       * answer writes one adjustment (the server answers the first again). */
      ajustarStock: build.mutation<ProductoAjustado, { productoId: number; body: AjusteBody; idempotencyKey: string }>({
        query: ({ productoId, body, idempotencyKey }) =>
          keyedPost(`api/productos/${productoId}/ajustes`, body, idempotencyKey),
        // A refusal reads the product again too: a sale may have taken the units meanwhile.
        invalidatesTags: whenSaved(['Producto', 'Reponer'], ['Producto']),
      }),
      guardarMinimo: build.mutation<ProductoAjustado, { productoId: number; body: MinimoBody }>({
        query: ({ productoId, body }) => ({ url: `api/productos/${productoId}/minimo`, method: 'PUT', body }),
        invalidatesTags: whenSaved(['Producto', 'Reponer']),
      }),
      /** Fetches the branch's reorder workbook and saves it as fileName; the Blob never enters the store. */
      reponerExcel: build.mutation<null, { localId: number; fileName: string }>({
        queryFn: download(({ localId, fileName }: { localId: number; fileName: string }) => ({
          request: { url: `api/reponer/excel?localId=${localId}` },
          fileName,
        })),
      }),
    }),
  });

export const {
  useMotivosStockQuery,
  useReponerQuery,
  useAjustarStockMutation,
  useGuardarMinimoMutation,
  useReponerExcelMutation,
} = stockApi;
