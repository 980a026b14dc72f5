// The transfers between branches: sent units leave the origin at once and are in
// transit (in no branch's stock) until the destination receives them, all or part; the origin
// cancels while in transit. Shapes come from the server's OpenAPI document (schema.d.ts); the
// bodies sent are checked against it in contract.ts.
import type { EstadoTransferencia, Transferencia, TransferenciaGuardada, TransferenciaPage } from './types';
import { api } from './base';
import { keyedPost, listPath, whenSaved } from './endpoints';

export type {
  Transferencia,
  LineaTransferencia,
  TransferenciaPage,
  TransferenciaGuardada,
  EstadoTransferencia,
} from './types';

export interface LineaBody {
  productoId: number;
  cantidad: number;
}

export interface EnvioBody {
  origenId: number;
  destinoId: number;
  lineas: LineaBody[];
  nota?: string;
}

export interface RecepcionBody {
  /** What arrived per product; a product not named arrived whole. */
  recibidas: LineaBody[];
  /** Needed when less arrived than was sent. */
  motivo?: string;
}

export interface CancelacionBody {
  motivo?: string;
}

/** The list's filter: '' is every state; `localId` 0 every branch (admins; a seller always gets
 * the transfers from or to their own). */
export interface TransferenciasFiltro {
  estado: EstadoTransferencia | '';
  localId: number;
  page: number;
  size: number;
}

export const transferenciasPath = ({ estado, localId, ...page }: TransferenciasFiltro) =>
  listPath('api/transferencias', { estado, localId }, page);

export const transfersApi = api
  // A transfer moves stock: the catalogue, the reorder list and the stock ledger read again.
  .enhanceEndpoints({ addTagTypes: ['Transferencia', 'Reponer'] })
  .injectEndpoints({
    endpoints: (build) => ({
      transferencias: build.query<TransferenciaPage, TransferenciasFiltro>({
        query: transferenciasPath,
        providesTags: ['Transferencia'],
      }),
      getTransferencia: build.query<Transferencia, number>({
        query: (id) => `api/transferencias/${id}`,
        providesTags: ['Transferencia'],
      }),
      /** `idempotencyKey` is made once per opened form: a double click or a retry after a lost
       * answer sends one transfer (the server answers the first again). */
      enviarTransferencia: build.mutation<TransferenciaGuardada, { body: EnvioBody; idempotencyKey: string }>({
        query: ({ body, idempotencyKey }) => keyedPost('api/transferencias', body, idempotencyKey),
        // A refusal (stock gone meanwhile) reads the products again too.
        invalidatesTags: whenSaved(['Transferencia', 'Producto', 'Reponer'], ['Producto']),
      }),
      recibirTransferencia: build.mutation<TransferenciaGuardada, { id: number; body: RecepcionBody }>({
        query: ({ id, body }) => ({ url: `api/transferencias/${id}/recepcion`, method: 'POST', body }),
        // A refusal reads the transfer again too: another tab may have received or cancelled it.
        invalidatesTags: whenSaved(['Transferencia', 'Producto', 'Reponer'], ['Transferencia']),
      }),
      cancelarTransferencia: build.mutation<TransferenciaGuardada, { id: number; body: CancelacionBody }>({
        query: ({ id, body }) => ({ url: `api/transferencias/${id}/cancelacion`, method: 'POST', body }),
        invalidatesTags: whenSaved(['Transferencia', 'Producto', 'Reponer'], ['Transferencia']),
      }),
    }),
  });

export const {
  useTransferenciasQuery,
  useGetTransferenciaQuery,
  useEnviarTransferenciaMutation,
  useRecibirTransferenciaMutation,
  useCancelarTransferenciaMutation,
} = transfersApi;
