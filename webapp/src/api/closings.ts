// The cash closing calls (arqueo): a branch's day, its opening with a float, its count
// and closing, an admin's reopening, the list of closings and the closing's PDF. Shapes come
// from the server's OpenAPI document (schema.d.ts); the bodies sent are checked against it in
// contract.ts.
import type { CajaDia, CajaGuardada, CierrePage, MetodoEsperado, SinCerrar } from './types';
import { api } from './base';
import { download, keyedPost, listPath, onAnswer, whenSaved } from './endpoints';

export type {
  CajaDia,
  CajaMetodo,
  CajaGuardada,
  Cierre,
  CierrePage,
  SinCerrar,
  EstadoCaja,
  MetodoEsperado,
  LineaEsperado,
} from './types';

/** A branch and a `yyyy-MM-dd` day. */
export interface DiaCaja {
  localId: number;
  fecha: string;
}

export interface MontoBody {
  metodoPagoId: number;
  /** Pesos with at most two decimals. */
  monto: number;
}

/** The float is kept per method: it never names a card plan (the server refuses one). */
export interface AperturaBody {
  fondo: MontoBody[];
}

/** A counted line: a method's payments without a plan, or (with `cuotas`) one card plan's. */
export interface ContadoBody extends MontoBody {
  /** Left out for the method's own line, and for every plan of a card counted whole. */
  cuotas?: number;
}

export interface CierreBody {
  contado: ContadoBody[];
  /** Only when the user wrote one. */
  motivo?: string;
}

export interface ReaperturaBody {
  motivo: string;
}

/** A page of the closings; `localId` 0 is every branch (a seller always gets their own). */
export interface CierresFiltro {
  localId: number;
  page: number;
  size: number;
}

const dayPath = ({ localId, fecha }: DiaCaja) => `api/caja/${localId}/${fecha}`;

export const cierreFileName = ({ localId, fecha }: DiaCaja) => `cierre_caja_${localId}_${fecha}.pdf`;

const dayTag = (d: DiaCaja) => ({ type: 'Caja' as const, id: `${d.localId}/${d.fecha}` });

export const closingsApi = api.enhanceEndpoints({ addTagTypes: ['Caja', 'Cierre'] }).injectEndpoints({
  endpoints: (build) => {
    /** A command on a day: its answer replaces the day in the cache, and the list is read again.
     * `idempotencyKey`: the screen's key of the action (`useActionKey`), the same on a retry. */
    const command = <Body>(suffix: string) =>
      build.mutation<CajaGuardada, DiaCaja & { body: Body; idempotencyKey: string }>({
        query: ({ body, idempotencyKey, ...dia }) => keyedPost(`${dayPath(dia)}/${suffix}`, body, idempotencyKey),
        onQueryStarted: onAnswer<CajaGuardada, DiaCaja & { body: Body; idempotencyKey: string }>(
          (data, { localId, fecha }, dispatch) => {
            dispatch(closingsApi.util.upsertQueryData('cajaDia', { localId, fecha }, data.caja));
          },
        ),
        invalidatesTags: whenSaved(['Cierre']),
      });
    return {
      cajaDia: build.query<CajaDia, DiaCaja>({
        query: dayPath,
        providesTags: (_r, _e, dia) => [dayTag(dia)],
      }),
      /** What makes up each method's expected figure (once the day was counted: the count is blind).
       * Read again whenever the day changes. */
      esperadoCaja: build.query<MetodoEsperado[], DiaCaja>({
        query: (dia) => `${dayPath(dia)}/esperado`,
        providesTags: (_r, _e, dia) => [dayTag(dia)],
      }),
      abrirCaja: command<AperturaBody>('apertura'),
      cerrarCaja: command<CierreBody>('cierre'),
      reabrirCaja: command<ReaperturaBody>('reapertura'),
      cierres: build.query<CierrePage, CierresFiltro>({
        query: ({ localId, ...page }) => listPath('api/caja/cierres', { localId }, page),
        providesTags: ['Cierre'],
      }),
      /** The past days with money that no closing counted, oldest first (admins). */
      diasSinCerrar: build.query<SinCerrar[], void>({
        query: () => 'api/caja/sin-cerrar',
        providesTags: ['Cierre'],
      }),
      /** Fetches a closed day's PDF with the session's token and saves it; the Blob never enters the store. */
      reporteCaja: build.mutation<null, DiaCaja>({
        queryFn: download((dia: DiaCaja) => ({
          request: { url: `${dayPath(dia)}/reporte` },
          fileName: cierreFileName(dia),
        })),
      }),
    };
  },
});

export const {
  useCajaDiaQuery,
  useEsperadoCajaQuery,
  useAbrirCajaMutation,
  useCerrarCajaMutation,
  useReabrirCajaMutation,
  useCierresQuery,
  useDiasSinCerrarQuery,
  useReporteCajaMutation,
} = closingsApi;
