// The customer balances calls (cuenta corriente): the sales with something still owed,
// oldest first, with the total owed, and a payment on one of them. Shapes come from the server's
// OpenAPI document (schema.d.ts); the body sent is checked against it at the end of this file.
import type { Accepts } from './types';
import { api } from './base';
import type { components } from './schema';

type Schemas = components['schemas'];

/** The open balances (a page of them) and the total owed over all of them. */
export type CuentasCorrientes = Schemas['CuentasCorrientes'];
/** One sale with a balance: total, paid, owed (`deuda`) and the days since the sale (`dias`). */
export type Saldo = Schemas['Page_Saldo']['content'][number];
/** A payment's answer: its message and the movement as it now stands. */
export type CobroGuardado = Schemas['MovimientoGuardado'];

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
}

export const saldosPath = ({ localId, idPaciente, page, size }: SaldosFiltro) =>
  `api/cuentas-corrientes?${[
    localId ? `localId=${localId}` : '',
    idPaciente ? `idPaciente=${idPaciente}` : '',
    `page=${page}`,
    `size=${size}`,
  ]
    .filter(Boolean)
    .join('&')}`;

export const balancesApi = api
  // A payment changes the sale, its branch's day of cash and its closing.
  .enhanceEndpoints({ addTagTypes: ['Saldo', 'Movimiento', 'Caja', 'Cierre'] })
  .injectEndpoints({
    endpoints: (build) => ({
      saldos: build.query<CuentasCorrientes, SaldosFiltro>({
        query: saldosPath,
        providesTags: ['Saldo'],
      }),
      cobrar: build.mutation<CobroGuardado, { idMovimiento: number; body: CobroBody }>({
        query: ({ idMovimiento, body }) => ({ url: `api/movimientos/${idMovimiento}/cobros`, method: 'POST', body }),
        // A refusal reads the balances again too: another tab may have collected first.
        invalidatesTags: (result) => (result ? ['Saldo', 'Movimiento', 'Caja', 'Cierre'] : ['Saldo']),
      }),
    }),
  });

export const { useSaldosQuery, useCobrarMutation } = balancesApi;

/** Fails to compile when a body stops being one the server accepts. */
export type CheckedBodies = [Accepts<Schemas['CobroBody'], CobroBody>];
