// The movements calls: one movement read, created and edited (spec 001 section 7, contract
// section 4.4); the cash-box lists, totals, deletes and PDFs (contract sections 5.5 and 5.6) and the
// public order status; and the returns of a sale's lines (devoluciones), the refund
// registered as a SALIDA. Read shapes come from the server's OpenAPI document (schema.d.ts); the
// bodies sent are stricter forms of the generated ones (checked in contract.ts).
import type {
  CajaMovimiento,
  DevolucionGuardada,
  EstadoCompra,
  EstadoMovimiento,
  Movimiento,
  MovimientoPage,
  MovimientoSaved,
  Schemas,
  TipoMovimiento,
} from './types';
import { api } from './base';
import { download, keyedPost, remove, update, whenSaved } from './endpoints';

// ------------------------------------------------------------------------------ shapes

export type {
  Movimiento,
  CajaMovimiento,
  MovimientoPage,
  MovimientoSaved,
  EstadoCompra,
  Devuelto,
  DevolucionGuardada,
} from './types';

/**
 * A movement as the lists read it. In `filtrar` and `filtrar-completo` (the contract's lists) it is
 * one row per PAYMENT, a copy of its movement dated by the payment; in `lista` (our list) one row
 * per movement with all its payments. `codigoEstado` is the public status code, `deuda` what is
 * still owed in pesos (total − Σ monto − the obra social's part, never negative), `cobertura` a
 * sale's coverage by an obra social (null without one).
 */
export type MovimientoFila = Movimiento;
/** A payment of a movement. */
export type Pago = CajaMovimiento;

export type { TipoMovimiento, EstadoMovimiento } from './types';

/** A sale's coverage by the patient's obra social as the server answers it: the obra social (its
 * name now, blank when deleted since), plan, affiliate number, the prescription when there is one
 * (`fechaReceta` `aaaa-mm-dd`) and what it pays, in pesos: of the lenses, of the frames and in
 * all (`monto`). The movement's `deuda` leaves that part out. */
export type CoberturaLeida = Schemas['CoberturaLeida'];

/** The order states the server knows, in their order (every one of the generated type's). */
export const ESTADOS = [
  'PEDIDO_CRISTALES',
  'ARMANDO_PEDIDO',
  'ANTEOJO_TERMINADO',
  'ENTREGADO',
] as const satisfies readonly EstadoMovimiento[];

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

/** Why an admin sells below the lowest price a seller may reach (the server's list). */
export type MotivoPrecio = 'GARANTIA' | 'CORTESIA' | 'CAMBIO' | 'PROMOCION' | 'ERROR_DE_LISTA';

// ------------------------------------------------------------------------------ the form's body

interface Ref {
  id: number;
}

export interface DetalleBody {
  cantidad: number;
  precioUnitario: number;
  subtotal: number;
  /** Null only for a loaded line whose product no longer exists (the server refuses it). */
  producto: Ref | null;
}

export interface AdicionalBody {
  descripcion: string;
  subtotal: number;
}

export interface PagoBody {
  /** Credited against the debt. */
  monto: number;
  /** Actually charged, surcharge included. */
  montoImpuesto: number;
  metodoPago: { id: number; nombre: string };
  /** `yyyy-MM-ddTHH:mm`, local time. */
  fecha: string;
  /** Charged by card in this many cuotas, on the plan its method has on the payment's day: then
   * `montoImpuesto` is `monto` with the plan's surcharge (lib/cuotas). Null for any other payment. */
  cuotas: number | null;
}

/** A sale's coverage as the form sends it. */
export interface CoberturaVentaBody {
  obraSocialId: number;
  /** One of its plans, by name. */
  plan: string;
  afiliado: string;
  /** The prescribing doctor, their registration and the prescription's day (`aaaa-mm-dd`): required
   * when the plan asks for the prescription; null when not typed. */
  medico: string | null;
  matricula: string | null;
  fechaReceta: string | null;
  /** The obra social's part as the form computed it (pesos): the server refuses one that is not
   * its own, telling the right one. Left out only when the form could not compute it. */
  monto?: number;
}

/** What the form sends, for create and edit alike. Money in pesos with at most two decimals. */
export interface MovimientoBody {
  tipoMovimiento: TipoMovimiento;
  /** `yyyy-MM-ddTHH:mm`, local time. */
  fecha: string;
  total: number;
  totalImpuesto: number;
  /** Percentage 0..100; only when the user typed one. */
  descuento?: number;
  descripcion: string | null;
  vendedor: string | null;
  paciente: Ref | null;
  detalles: DetalleBody[];
  detallesAdicionales: AdicionalBody[];
  cajaMovimientos: PagoBody[];
  local: Ref;
  /** PEDIDO_CRISTALES by default for ENTRADA; null for SALIDA. */
  estadoMovimiento: EstadoMovimiento | null;
  /** PUT only: the version the form loaded; the server answers 409 when the movement changed since. */
  version?: number;
  /** An admin's reason for a price below what a seller may charge; only when one was chosen. */
  motivoPrecio?: MotivoPrecio;
  /** Always sent: the sale's coverage by an obra social, or null for none (a SALIDA too). Left
   * out, the server would keep the coverage a sale has, so unchecking it would not remove it. */
  cobertura: CoberturaVentaBody | null;
}

// ------------------------------------------------------------------------------ the cash-box list

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

// ------------------------------------------------------------------------------ returns

export interface LineaDevueltaBody {
  productoId: number;
  /** Units returned, above 0. */
  cantidad: number;
}

export interface DevolucionBody {
  lineas: LineaDevueltaBody[];
  /** Positions (from 0) of the sale's `detallesAdicionales`, returned whole. */
  adicionales: number[];
  /** How the money goes back; only when something is refunded. */
  metodoPagoId?: number;
  /** The branch that takes the units and pays the refund; only admins send it. */
  localId?: number;
  /** The cashier confirmed a refund the drawer should not hold (after the server asked). */
  confirmado?: boolean;
  /** The refund split across methods, adding up to it (in place of `metodoPagoId`). */
  reintegros?: { metodoPagoId: number; monto: number }[];
}

// ------------------------------------------------------------------------------ endpoints

// A sale takes stock and may add lenses to its patient: those lists must read again.
const savedTags = ['Movimiento', 'Producto', 'Paciente'] as const;
const tags = ['Movimiento'] as const;

export const movementsApi = api
  // A return changes the sale, its debt, the stock, the patient's lenses, and the day of cash of
  // the returning branch with its closing.
  .enhanceEndpoints({ addTagTypes: ['Movimiento', 'Saldo', 'Caja', 'Cierre'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getMovimiento: build.query<Movimiento, number>({
        query: (id) => `api/movimientos/${id}`,
        providesTags: tags,
      }),
      /** `idempotencyKey` is made once per opened form: a double click or a retry creates one movement. */
      createMovimiento: build.mutation<MovimientoSaved, { body: MovimientoBody; idempotencyKey: string }>({
        query: ({ body, idempotencyKey }) => keyedPost('api/movimientos', body, idempotencyKey),
        invalidatesTags: savedTags,
      }),
      /** Also how staff change an order's state. */
      updateMovimiento: build.mutation<MovimientoSaved, { id: number; body: MovimientoBody }>({
        query: update<MovimientoBody>('api/movimientos'),
        invalidatesTags: savedTags,
      }),
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
        query: remove('api/movimientos'),
        invalidatesTags: ['Movimiento', 'Producto'],
      }),
      /** Fetches a movement's PDF with the session's token and saves it; the Blob never enters the store. */
      reporteMovimiento: build.mutation<null, { id: number; reporte: Reporte }>({
        queryFn: download(({ id, reporte }: { id: number; reporte: Reporte }) => ({
          request: { url: `api/movimientos/${REPORT_PATHS[reporte]}/${id}` },
          fileName: reportFileName(reporte, id),
        })),
      }),
      /** Public, no login: the state of the order behind a status code; 404 `{mensaje}` when unknown. */
      estadoCompra: build.query<EstadoCompra, string>({
        query: (codigo) => `api/movimientos/estado/${encodeURIComponent(codigo)}`,
      }),
      /** `idempotencyKey` is made once per opened dialog: a double click or a retry registers one
       * return (the server answers the first refund again). */
      devolver: build.mutation<
        DevolucionGuardada,
        { idMovimiento: number; body: DevolucionBody; idempotencyKey: string }
      >({
        query: ({ idMovimiento, body, idempotencyKey }) =>
          keyedPost(`api/movimientos/${idMovimiento}/devoluciones`, body, idempotencyKey),
        // A refusal reads the sale again too: another tab may have returned first.
        invalidatesTags: whenSaved(['Movimiento', 'Saldo', 'Caja', 'Cierre', 'Producto', 'Paciente'], ['Movimiento']),
      }),
      /** Admins: records as lenses the lines of a sale whose category was marked as lenses after
       * it was saved; they reach the patient's record. */
      cristalesVenta: build.mutation<MovimientoSaved, number>({
        query: (id) => ({ url: `api/movimientos/${id}/cristales`, method: 'POST', body: {} }),
        invalidatesTags: whenSaved(['Movimiento', 'Paciente'], []),
      }),
    }),
  });

export const {
  useCristalesVentaMutation,
  useGetMovimientoQuery,
  useCreateMovimientoMutation,
  useUpdateMovimientoMutation,
  useFiltrarMovimientosQuery,
  useListarMovimientosQuery,
  useFiltrarMovimientosCompletoQuery,
  useTotalesMovimientosQuery,
  useDeleteMovimientoMutation,
  useReporteMovimientoMutation,
  useEstadoCompraQuery,
  useDevolverMutation,
} = movementsApi;
