// The movement form calls (spec 001 section 7, contract section 4.4): read one movement, create
// and edit. Read shapes come from the server's OpenAPI document; the body the form sends is a
// stricter form of the generated one (checked at the end of this file).
import { api } from './base';
import type { components } from './schema';

/** A movement with its lines, payments, patient, products and branch. */
export type Movimiento = components['schemas']['Movimiento'];
/** A payment as the server answers it. */
export type CajaMovimiento = components['schemas']['CajaMovimiento'];

export type TipoMovimiento = 'ENTRADA' | 'SALIDA';
export type EstadoMovimiento = 'PEDIDO_CRISTALES' | 'ARMANDO_PEDIDO' | 'ANTEOJO_TERMINADO' | 'ENTREGADO';

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
}

/** Why an admin sells below the lowest price a seller may reach (the server's list). */
export type MotivoPrecio = 'GARANTIA' | 'CORTESIA' | 'CAMBIO' | 'PROMOCION' | 'ERROR_DE_LISTA';

/** A create's or an edit's answer: the record as the server reads it now. */
export type MovimientoSaved = components['schemas']['MovimientoGuardado'];

const tags = ['Movimiento'] as const;
// A sale takes stock and may add lenses to its patient: those lists must read again.
const savedTags = ['Movimiento', 'Producto', 'Paciente'] as const;

export const movementsApi = api.enhanceEndpoints({ addTagTypes: tags }).injectEndpoints({
  endpoints: (build) => ({
    getMovimiento: build.query<Movimiento, number>({
      query: (id) => `api/movimientos/${id}`,
      providesTags: tags,
    }),
    /** `idempotencyKey` is made once per opened form: a double click or a retry creates one movement. */
    createMovimiento: build.mutation<MovimientoSaved, { body: MovimientoBody; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({
        url: 'api/movimientos',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: savedTags,
    }),
    /** Also how staff change an order's state. */
    updateMovimiento: build.mutation<MovimientoSaved, { id: number; body: MovimientoBody }>({
      query: ({ id, body }) => ({ url: `api/movimientos/${id}`, method: 'PUT', body }),
      invalidatesTags: savedTags,
    }),
  }),
});

export const { useGetMovimientoQuery, useCreateMovimientoMutation, useUpdateMovimientoMutation } = movementsApi;

/** Fails to compile when the form's body stops being one the server accepts. */
type Accepts<Server, Sent extends Server> = Sent;
export type CheckedBodies = [Accepts<components['schemas']['MovimientoBody'], MovimientoBody>];
