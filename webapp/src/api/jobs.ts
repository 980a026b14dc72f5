// The lab jobs and the customer notices: a sale with lenses is ordered from a lab (the
// job has the sale's id and freezes the patient's latest ficha), moves through the job states
// (the sale's own state follows), and the customer is told it is ready by mail (sent by the
// server) or WhatsApp (recorded, then opened here); the reminders list the check-ups due and the
// glasses not collected. Shapes come from the server's OpenAPI document (schema.d.ts); the bodies
// sent are checked against it in contract.ts.
import type { Canal, EstadoOpcion, Recordatorios, Trabajo, TrabajoGuardado, TrabajoPage } from './types';
import { api } from './base';
import { download, keyedPost, listPath, onAnswer, post, whenSaved } from './endpoints';
import { movementsApi } from './movements';

export type {
  TrabajoResumen,
  Trabajo,
  TrabajoPage,
  Paso,
  Aviso,
  Canal,
  EstadoAviso,
  EstadoTrabajo,
  EstadoOpcion,
  TrabajoGuardado,
  Recordatorios,
  ControlVencido,
  SinRetirar,
  Receta,
} from './types';

/** What the lab is told. */
export interface OrdenBody {
  laboratorioId: number;
  /** `aaaa-mm-dd`. */
  prometido: string;
  bandeja?: string;
  notas?: string;
}

export interface EncargoBody extends OrdenBody {
  movimientoId: number;
}

export interface EstadoBody {
  estado: string;
  motivo?: string;
  /** The job's `version` as the screen loaded it: the server refuses (409) a move once the job
   * changed since. */
  version: number;
}

export interface AvisoBody {
  canal: Canal;
}

/** The list's filter: `estado` ABIERTOS (every job not delivered) or a state's key; `localId`
 * and `laboratorioId` 0 are all (a seller always gets their own branch). */
export interface TrabajosFiltro {
  estado: string;
  localId: number;
  laboratorioId: number;
  atrasados: boolean;
  page: number;
  size: number;
}

export const trabajosPath = ({ estado, localId, laboratorioId, atrasados, ...page }: TrabajosFiltro) =>
  listPath('api/trabajos', { estado, localId, laboratorioId, atrasados }, page);

/** The reminders' filter: months since the latest ficha, days a finished job has waited. */
export interface RecordatoriosFiltro {
  meses: number;
  dias: number;
  localId: number;
}

export const recordatoriosPath = ({ meses, dias, localId }: RecordatoriosFiltro) =>
  `api/recordatorios?meses=${meses}&dias=${dias}${localId ? `&localId=${localId}` : ''}`;

/** The work order's name. */
export const ordenFileName = (id: number) => `orden_trabajo_${id}.pdf`;

export const jobsApi = api
  // A job's state is its sale's too: the sale's form reads again.
  .enhanceEndpoints({ addTagTypes: ['Trabajo', 'Movimiento'] })
  .injectEndpoints({
    endpoints: (build) => {
      /** A step on a job: its answer's job replaces the cached one; the lists read again. */
      const step = <Arg extends { id: number }>(
        url: (arg: Arg) => { url: string; method: string; body?: unknown; headers?: Record<string, string> },
        alsoSale = false,
      ) =>
        build.mutation<TrabajoGuardado, Arg>({
          query: url,
          onQueryStarted: onAnswer<TrabajoGuardado, Arg>((data, { id }, dispatch) => {
            if (data.trabajo) dispatch(jobsApi.util.upsertQueryData('trabajo', id, data.trabajo));
          }),
          // A refusal reads the job again too: another tab may have moved it.
          invalidatesTags: whenSaved(
            [{ type: 'Trabajo' as const, id: 'LIST' }, ...(alsoSale ? (['Movimiento'] as const) : [])],
            ['Trabajo' as const],
          ),
        });
      return {
        trabajoEstados: build.query<EstadoOpcion[], void>({
          query: () => 'api/trabajos/estados',
        }),
        trabajos: build.query<TrabajoPage, TrabajosFiltro>({
          query: trabajosPath,
          providesTags: ['Trabajo', { type: 'Trabajo', id: 'LIST' }],
        }),
        trabajo: build.query<Trabajo, number>({
          query: (id) => `api/trabajos/${id}`,
          providesTags: ['Trabajo'],
        }),
        /** The sale's read says it has a job now (`trabajo`, its state): the cached one takes it
         * from the answer, and every read of it follows (the lists too). */
        encargarTrabajo: build.mutation<TrabajoGuardado, EncargoBody>({
          query: post<EncargoBody>('api/trabajos'),
          onQueryStarted: onAnswer<TrabajoGuardado, EncargoBody>(({ trabajo: t }, { movimientoId }, dispatch) => {
            if (!t) return;
            dispatch(jobsApi.util.upsertQueryData('trabajo', movimientoId, t));
            dispatch(
              movementsApi.util.updateQueryData('getMovimiento', movimientoId, (venta) => {
                venta.trabajo = t.estado;
              }),
            );
          }),
          invalidatesTags: whenSaved([{ type: 'Trabajo' as const, id: 'LIST' }, 'Movimiento' as const]),
        }),
        modificarTrabajo: step<{ id: number; body: OrdenBody }>(({ id, body }) => ({
          url: `api/trabajos/${id}`,
          method: 'PUT',
          body,
        })),
        cambiarEstado: step<{ id: number; body: EstadoBody }>(
          ({ id, body }) => ({ url: `api/trabajos/${id}/estado`, method: 'POST', body }),
          true,
        ),
        /** `idempotencyKey` is made once per click's intent: a double click or a retry after a lost
         * answer asks for one notice. */
        avisar: step<{ id: number; body: AvisoBody; idempotencyKey: string }>(({ id, body, idempotencyKey }) =>
          keyedPost(`api/trabajos/${id}/avisos`, body, idempotencyKey),
        ),
        recordatorios: build.query<Recordatorios, RecordatoriosFiltro>({
          query: recordatoriosPath,
          providesTags: ['Trabajo'],
        }),
        /** Fetches the job's printable work order and saves it; the Blob never enters the store. */
        ordenTrabajo: build.mutation<null, number>({
          queryFn: download((id: number) => ({
            request: { url: `api/trabajos/${id}/orden` },
            fileName: ordenFileName(id),
          })),
        }),
      };
    },
  });

export const {
  useTrabajoEstadosQuery,
  useTrabajosQuery,
  useTrabajoQuery,
  useEncargarTrabajoMutation,
  useModificarTrabajoMutation,
  useCambiarEstadoMutation,
  useAvisarMutation,
  useRecordatoriosQuery,
  useOrdenTrabajoMutation,
} = jobsApi;
