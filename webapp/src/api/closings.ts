// The cash closing calls (arqueo): a branch's day, its opening with a float, its count
// and closing, an admin's reopening, the list of closings and the closing's PDF. Shapes come
// from the server's OpenAPI document (schema.d.ts); the bodies sent are checked against it at
// the end of this file.
import type { Accepts } from './types';
import { api, downloadFile } from './base';
import type { components } from './schema';

type Schemas = components['schemas'];

/** A branch's day: its state, float and, once counted, the last count against the expected figures. */
export type CajaDia = Schemas['CajaDia'];
/** One payment method of a day: `esperado`, `contado` and `diferencia` are null until the first count. */
export type CajaMetodo = Schemas['CajaMetodo'];
/** The answer of an opening, a count or a reopening: its message and the day as it now stands. */
export type CajaGuardada = Schemas['CajaGuardada'];
/** A counted day in the list of closings, with its totals over every method. */
export type Cierre = Schemas['Cierre'];
export type CierrePage = Schemas['Page_Cierre'];
/** A past day holding money that no closing counted (admins). */
export type SinCerrar = Schemas['SinCerrar'];

/** The states of a day, as the server writes them. */
export type EstadoCaja = Schemas['EstadoCaja'];

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

export interface AperturaBody {
  fondo: MontoBody[];
}

export interface CierreBody {
  contado: MontoBody[];
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
    /** A command on a day: its answer replaces the day in the cache, and the list is read again. */
    const command = <Body>(suffix: string) =>
      build.mutation<CajaGuardada, DiaCaja & { body: Body }>({
        query: ({ body, ...dia }) => ({ url: `${dayPath(dia)}/${suffix}`, method: 'POST', body }),
        async onQueryStarted({ localId, fecha }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(closingsApi.util.upsertQueryData('cajaDia', { localId, fecha }, data.caja));
          } catch {
            // the screen tells the refusal
          }
        },
        invalidatesTags: (result) => (result ? ['Cierre'] : []),
      });
    return {
      cajaDia: build.query<CajaDia, DiaCaja>({
        query: dayPath,
        providesTags: (_r, _e, dia) => [dayTag(dia)],
      }),
      abrirCaja: command<AperturaBody>('apertura'),
      cerrarCaja: command<CierreBody>('cierre'),
      reabrirCaja: command<ReaperturaBody>('reapertura'),
      cierres: build.query<CierrePage, CierresFiltro>({
        query: ({ localId, page, size }) =>
          `api/caja/cierres?${[localId ? `localId=${localId}` : '', `page=${page}`, `size=${size}`].filter(Boolean).join('&')}`,
        providesTags: ['Cierre'],
      }),
      /** The past days with money that no closing counted, oldest first (admins). */
      diasSinCerrar: build.query<SinCerrar[], void>({
        query: () => 'api/caja/sin-cerrar',
        providesTags: ['Cierre'],
      }),
      /** Fetches a closed day's PDF with the session's token and saves it; the Blob never enters the store. */
      reporteCaja: build.mutation<null, DiaCaja>({
        queryFn: (dia, _api, _extra, baseQuery) =>
          downloadFile(baseQuery, { url: `${dayPath(dia)}/reporte` }, cierreFileName(dia)),
      }),
    };
  },
});

export const {
  useCajaDiaQuery,
  useAbrirCajaMutation,
  useCerrarCajaMutation,
  useReabrirCajaMutation,
  useCierresQuery,
  useDiasSinCerrarQuery,
  useReporteCajaMutation,
} = closingsApi;

/** Fails to compile when a body stops being one the server accepts. */
export type CheckedBodies = [
  Accepts<Schemas['AperturaBody'], AperturaBody>,
  Accepts<Schemas['CierreBody'], CierreBody>,
  Accepts<Schemas['ReaperturaBody'], ReaperturaBody>,
];
