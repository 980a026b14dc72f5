// The physical counts (inventario): an admin starts a count of a branch (one category
// or brand, if asked); the branch's staff type the counted quantities in without seeing the
// expected stock (a blind count); an admin closes it (each difference adjusts the stock) or
// cancels it; a closed count's report is an Excel. Shapes come from the server's OpenAPI
// document (schema.d.ts); the bodies sent are checked against it in contract.ts.
import type { Conteo, ConteoGuardado, ConteoPage, Planilla } from './types';
import { api } from './base';
import { download, listPath, onAnswer, post, whenSaved } from './endpoints';

export type { Conteo, LineaConteo, Planilla, ConteoPage, ConteoGuardado, EstadoConteo } from './types';

export interface InicioBody {
  localId: number;
  categoriaId?: number;
  marcaId?: number;
}

export interface ContadoBody {
  productoId: number;
  contado: number;
}

export interface CargaBody {
  contados: ContadoBody[];
}

/** The list's filter: `localId` 0 is every branch (admins; a seller always gets their own). */
export interface ConteosFiltro {
  localId: number;
  page: number;
  size: number;
}

export const conteosPath = ({ localId, ...page }: ConteosFiltro) => listPath('api/conteos', { localId }, page);

/** The report's name, as the server names it (reports/count_excel.rs). */
export const informeFileName = (c: Pick<Conteo, 'id' | 'local'>) =>
  `conteo_${c.id}_${c.local.trim().toLowerCase().replace(/ /g, '_')}.xlsx`;

export const countsApi = api
  // A closed count adjusts the stock: the catalogue, the reorder list and the ledger read again.
  .enhanceEndpoints({ addTagTypes: ['Conteo', 'Reponer'] })
  .injectEndpoints({
    endpoints: (build) => {
      /** A step on a count: its answer's sheet replaces the cached one; the list reads again. */
      const step = <Arg extends { id: number }>(url: (arg: Arg) => { url: string; method: string; body?: unknown }) =>
        build.mutation<ConteoGuardado, Arg>({
          query: url,
          onQueryStarted: onAnswer<ConteoGuardado, Arg>((data, { id }, dispatch) => {
            if (data.planilla) dispatch(countsApi.util.upsertQueryData('conteo', id, data.planilla));
          }),
          invalidatesTags: (result) =>
            result?.planilla?.conteo.estado === 'CERRADO'
              ? ['Conteo', 'Producto', 'Reponer']
              : result
                ? ['Conteo']
                : [],
        });
      return {
        conteos: build.query<ConteoPage, ConteosFiltro>({
          query: conteosPath,
          providesTags: ['Conteo'],
        }),
        conteo: build.query<Planilla, number>({
          query: (id) => `api/conteos/${id}`,
        }),
        iniciarConteo: build.mutation<ConteoGuardado, InicioBody>({
          query: post<InicioBody>('api/conteos'),
          invalidatesTags: whenSaved(['Conteo']),
        }),
        cargarContados: step<{ id: number; body: CargaBody }>(({ id, body }) => ({
          url: `api/conteos/${id}/contados`,
          method: 'PUT',
          body,
        })),
        cerrarConteo: step<{ id: number }>(({ id }) => ({ url: `api/conteos/${id}/cierre`, method: 'POST' })),
        cancelarConteo: step<{ id: number }>(({ id }) => ({ url: `api/conteos/${id}/cancelacion`, method: 'POST' })),
        /** Fetches a closed count's report and saves it; the Blob never enters the store. */
        informeConteo: build.mutation<null, Pick<Conteo, 'id' | 'local'>>({
          queryFn: download((conteo: Pick<Conteo, 'id' | 'local'>) => ({
            request: { url: `api/conteos/${conteo.id}/excel` },
            fileName: informeFileName(conteo),
          })),
        }),
      };
    },
  });

export const {
  useConteosQuery,
  useConteoQuery,
  useIniciarConteoMutation,
  useCargarContadosMutation,
  useCerrarConteoMutation,
  useCancelarConteoMutation,
  useInformeConteoMutation,
} = countsApi;
