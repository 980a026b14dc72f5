// The cash-box list calls (contract sections 4.4, 5.5 and 5.6) and the public order status.
// Shapes come from the server's OpenAPI document (schema.d.ts).
import { saveFile } from '../app/download';
import { api } from './base';
import type { components } from './schema';

/**
 * A movement as the lists read it. In `filtrar` and `filtrar-completo` (the contract's lists) it is
 * one row per PAYMENT, a copy of its movement dated by the payment; in `lista` (our list) one row
 * per movement with all its payments. `codigoEstado` is the public status code, `deuda` what is
 * still owed in pesos (total − Σ monto, never negative).
 */
export type MovimientoFila = components['schemas']['Movimiento'];
/** A payment of a movement. */
export type Pago = components['schemas']['CajaMovimiento'];

/** A page of rows; the same page shape as the other lists (`number` is zero-based). */
export type MovimientoPage = components['schemas']['Page_Movimiento'];

/** The list's filters; empty texts and branch 0 are left out of the query. */
export interface MovimientoFiltro {
  /** Admins only (0 = every branch); the server forces a seller's own branch. */
  idLocal: number;
  /** '', ENTRADA or SALIDA. */
  tipoMovimiento: string;
  nombrePaciente: string;
  /** `yyyy-MM-dd` or ''. */
  fecha: string;
  /** The payment method's exact name, or ''. */
  metodoPago: string;
  /** One patient's movements by id (0 = any); replaces the name search. */
  idPaciente: number;
  /** Only movements with a balance still owed. */
  conDeuda: boolean;
}

export const PAGE_SIZE = 10;

/** Payment-method name → all-time cash (+ ENTRADA, − SALIDA). */
export type TotalesPorMetodo = Record<string, number>;

/** The order states the server knows, in their order. */
export const ESTADOS = ['PEDIDO_CRISTALES', 'ARMANDO_PEDIDO', 'ANTEOJO_TERMINADO', 'ENTREGADO'] as const;
export type EstadoMovimiento = (typeof ESTADOS)[number];

/** The labels of spec 001 section 4. */
export const ESTADO_LABELS: Record<EstadoMovimiento, string> = {
  PEDIDO_CRISTALES: 'Pidiendo Cristales',
  ARMANDO_PEDIDO: 'Armando Pedido',
  ANTEOJO_TERMINADO: 'Anteojo Terminado',
  ENTREGADO: 'Entregado',
};

export const isEstado = (value: unknown): value is EstadoMovimiento =>
  typeof value === 'string' && (ESTADOS as readonly string[]).includes(value);

/** A state's label; blank for none or one the server may add later. */
export const estadoLabel = (estado: string | null | undefined) => (isEstado(estado) ? ESTADO_LABELS[estado] : '');

/** The public answer of `/estado/{codigo}`; any other string is possible and means "processing". */
export type EstadoCompra = components['schemas']['EstadoCompra'];

export type Reporte = 'cliente' | 'optica';

const REPORT_PATHS: Record<Reporte, string> = { cliente: 'reporteCliente', optica: 'reporteOptica' };

export const reportFileName = (reporte: Reporte, id: number) => `reporte_movimiento_${reporte}_${id}.pdf`;

/** The query string of a filter, the same for every list (`lista`, `filtrar`, `filtrar-completo`):
 * empty values and branch 0 are omitted; a patient chosen by id is not also searched by name, so
 * another patient whose name contains it never counts; the debt mark only when set. */
export function filtroParams(filtro: MovimientoFiltro): string[] {
  const byId = filtro.idPaciente > 0;
  const params: string[] = [];
  if (filtro.idLocal) params.push(`idLocal=${filtro.idLocal}`);
  const texts = ['tipoMovimiento', 'nombrePaciente', 'fecha', 'metodoPago'] as const;
  for (const key of texts) {
    if (byId && key === 'nombrePaciente') continue;
    const value = filtro[key].trim();
    if (value) params.push(`${key}=${encodeURIComponent(value)}`);
  }
  if (byId) params.push(`idPaciente=${filtro.idPaciente}`);
  if (filtro.conDeuda) params.push('conDeuda=true');
  return params;
}

const tags = ['Movimiento'] as const;

export const cashboxApi = api.enhanceEndpoints({ addTagTypes: tags }).injectEndpoints({
  endpoints: (build) => ({
    filtrarMovimientos: build.query<MovimientoPage, MovimientoFiltro & { page: number }>({
      query: ({ page, ...filtro }) =>
        `api/movimientos/filtrar?${[`page=${page}`, `size=${PAGE_SIZE}`, ...filtroParams(filtro)].join('&')}`,
      providesTags: tags,
    }),
    /** Our list: a page of movements, one row each with its payments, newest first. */
    listarMovimientos: build.query<MovimientoPage, MovimientoFiltro & { page: number }>({
      query: ({ page, ...filtro }) =>
        `api/movimientos/lista?${[`page=${page}`, `size=${PAGE_SIZE}`, ...filtroParams(filtro)].join('&')}`,
      providesTags: tags,
    }),
    /** Every row of a filter (patient id and debt mark included), unpaged; the list asks for it
     * only when a date is chosen. */
    filtrarMovimientosCompleto: build.query<MovimientoFila[], MovimientoFiltro>({
      query: (filtro) => `api/movimientos/filtrar-completo?${filtroParams(filtro).join('&')}`,
      providesTags: tags,
    }),
    /** Admins only: all-time cash per payment method of a branch (0 = every branch). */
    totalesMovimientos: build.query<TotalesPorMetodo, number>({
      query: (idLocal) => `api/movimientos/totales?idLocal=${idLocal}`,
      providesTags: tags,
    }),
    /** Admins only; answers 204. Deleting a sale gives its stock back, so products are read again. */
    deleteMovimiento: build.mutation<null, number>({
      query: (id) => ({ url: `api/movimientos/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Movimiento', 'Producto'],
    }),
    /** Fetches a movement's PDF with the session's token and saves it; the Blob never enters the store. */
    reporteMovimiento: build.mutation<null, { id: number; reporte: Reporte }>({
      queryFn: async ({ id, reporte }, _api, _extra, baseQuery) => {
        const result = await baseQuery({
          url: `api/movimientos/${REPORT_PATHS[reporte]}/${id}`,
          // Error answers stay text so the failed action holds nothing unserializable.
          responseHandler: (r) => (r.ok ? r.blob() : r.text()),
        });
        if (result.error) return { error: result.error };
        saveFile(result.data as Blob, reportFileName(reporte, id));
        return { data: null };
      },
    }),
    /** Public, no login: the state of the order behind a status code; 404 `{mensaje}` when unknown. */
    estadoCompra: build.query<EstadoCompra, string>({
      query: (codigo) => `api/movimientos/estado/${encodeURIComponent(codigo)}`,
    }),
  }),
});

export const {
  useFiltrarMovimientosQuery,
  useListarMovimientosQuery,
  useFiltrarMovimientosCompletoQuery,
  useTotalesMovimientosQuery,
  useDeleteMovimientoMutation,
  useReporteMovimientoMutation,
  useEstadoCompraQuery,
} = cashboxApi;
