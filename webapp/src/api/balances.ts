// The customer balances calls (cuenta corriente): the sales with something still owed,
// oldest first, with the total owed, and a payment on one of them. Shapes come from the server's
// OpenAPI document (schema.d.ts); the body sent is checked against it in contract.ts.
import type { CobroGuardado, CuentasCorrientes, ReciboRef } from './types';
import { api } from './base';
import { download, keyedPost, listPath, whenSaved } from './endpoints';

export type { CuentasCorrientes, Saldo, CobroGuardado, ReciboRef } from './types';

/** A page of the balances. `localId` 0 is every branch (admins; a seller gets their own); with
 * `idPaciente`, that patient's balances at every branch. */
export interface SaldosFiltro {
  localId: number;
  idPaciente: number | null;
  page: number;
  size: number;
}

export interface CobroBody {
  metodoPagoId: number;
  /** What the payment takes off the balance, in pesos with at most two decimals. */
  monto: number;
  /** What was charged, surcharge included; only when the user wrote it. */
  montoImpuesto?: number;
  /** The collecting branch; only admins send it (a seller always collects at their own). */
  localId?: number;
  /** Charged by card in this many cuotas, on today's plan of the method: `montoImpuesto` is then
   * `monto` with the plan's surcharge. Only for a payment in cuotas. */
  cuotas?: number;
}

export const saldosPath = ({ localId, idPaciente, ...page }: SaldosFiltro) =>
  listPath('api/cuentas-corrientes', { localId, idPaciente }, page);

export const balancesApi = api
  // A payment changes the sale, its branch's day of cash and its closing.
  .enhanceEndpoints({ addTagTypes: ['Saldo', 'Movimiento', 'Caja', 'Cierre'] })
  .injectEndpoints({
    endpoints: (build) => ({
      saldos: build.query<CuentasCorrientes, SaldosFiltro>({
        query: saldosPath,
        providesTags: ['Saldo'],
      }),
      /** `idempotencyKey` is made once per opened dialog: a second click after a lost answer
       * is the same collection, not another payment with its own receipt. */
      cobrar: build.mutation<CobroGuardado, { idMovimiento: number; body: CobroBody; idempotencyKey: string }>({
        query: ({ idMovimiento, body, idempotencyKey }) =>
          keyedPost(`api/movimientos/${idMovimiento}/cobros`, body, idempotencyKey),
        // A refusal reads the balances again too: another tab may have collected first.
        invalidatesTags: whenSaved(['Saldo', 'Movimiento', 'Caja', 'Cierre'], ['Saldo']),
      }),
      /** Saves a collection's receipt (the collecting branch's staff may, whoever's the sale). */
      reciboCobro: build.mutation<null, ReciboRef>({
        queryFn: download((r: ReciboRef) => ({
          request: { url: `api/recibos/${r.localId}/${r.numero}` },
          fileName: `recibo_${r.comprobante}.pdf`,
        })),
      }),
    }),
  });

export const { useSaldosQuery, useCobrarMutation, useReciboCobroMutation } = balancesApi;
