// The returns calls (devoluciones, issue 22): units and additional lines of a sale given back,
// the refund registered as a SALIDA. Shapes come from the server's OpenAPI document
// (schema.d.ts); the body sent is checked against it at the end of this file.
import { api } from './base';
import type { components } from './schema';

type Schemas = components['schemas'];

/** What the returns of a sale took back so far: units per product, positions of additional lines. */
export type Devuelto = Schemas['Devuelto'];
/** A return's answer: its message and the refund (a SALIDA) as the server reads it. */
export type DevolucionGuardada = Schemas['MovimientoGuardado'];

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
}

export const returnsApi = api
  // A return changes the sale, its debt, the stock, the patient's lenses, and the day of cash of
  // the returning branch with its closing.
  .enhanceEndpoints({ addTagTypes: ['Movimiento', 'Saldo', 'Caja', 'Cierre'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** `idempotencyKey` is made once per opened dialog: a double click or a retry registers one
       * return (the server answers the first refund again). */
      devolver: build.mutation<
        DevolucionGuardada,
        { idMovimiento: number; body: DevolucionBody; idempotencyKey: string }
      >({
        query: ({ idMovimiento, body, idempotencyKey }) => ({
          url: `api/movimientos/${idMovimiento}/devoluciones`,
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
        // A refusal reads the sale again too: another tab may have returned first.
        invalidatesTags: (result) =>
          result ? ['Movimiento', 'Saldo', 'Caja', 'Cierre', 'Producto', 'Paciente'] : ['Movimiento'],
      }),
    }),
  });

export const { useDevolverMutation } = returnsApi;

/** Fails to compile when a body stops being one the server accepts. */
type Accepts<Server, Sent extends Server> = Sent;
export type CheckedBodies = [Accepts<Schemas['DevolucionBody'], DevolucionBody>];
