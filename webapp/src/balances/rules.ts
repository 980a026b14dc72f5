// The customer balances' rules, kept pure so they are tested alone: how old a debt reads, what
// the payment form starts with, why 'Cobrar' is disabled (the server's own rules on the amount)
// and the body it sends. Money is read and compared in cents (../lib/money).
import type { CobroBody, Saldo } from '../api/balances';
import { conRecargo, type PlanPago } from '../lib/cuotas';
import { centsOf, centsText, pesosOf, readPesos } from '../lib/money';
import { PROBLEMS } from './messages';

/** Days from which a debt is old, and very old. */
export const VIEJA = 30;
export const MUY_VIEJA = 90;

export interface Antiguedad {
  /** The row's Bootstrap class ('' when recent). */
  fila: string;
  /** The days' badge class. */
  badge: string;
  /** Said beside the days, so age is not told by colour alone ('' when recent). */
  nota: string;
}

/** How a debt of `dias` days is shown: over 30 days amber, over 90 red. */
export function antiguedad(dias: number): Antiguedad {
  if (dias > MUY_VIEJA) return { fila: 'table-danger', badge: 'text-bg-danger', nota: `más de ${MUY_VIEJA} días` };
  if (dias > VIEJA) return { fila: 'table-warning', badge: 'text-bg-warning', nota: `más de ${VIEJA} días` };
  return { fila: '', badge: 'text-bg-light border', nota: '' };
}

/** '1 día', '45 días'. */
export const diasText = (dias: number) => (dias === 1 ? '1 día' : `${dias} días`);

/** What the payment form holds: the texts as typed, ids as chosen (0: none). */
export interface Cobro {
  metodoPagoId: number;
  monto: string;
  montoImpuesto: string;
  /** The collecting branch (admins choose it). */
  localId: number;
  /** Charged by card in cuotas, on today's plan of the method: the amount charged is then the
   * amount with the plan's surcharge, never typed. */
  plan: PlanPago | null;
}

/** The form as it opens: the whole debt, the first payment method, the given branch. */
export const cobroInicial = (saldo: Saldo, metodoPagoId: number, localId: number): Cobro => ({
  metodoPagoId,
  monto: centsText(centsOf(saldo.deuda)),
  montoImpuesto: '',
  localId,
  plan: null,
});

/** What the card is charged on the payment's plan, as its input shows it; blank while the amount
 * is not one. */
export function impuestoDelPlan(cobro: Cobro): string {
  const r = readPesos(cobro.monto);
  return cobro.plan && r.kind === 'number' ? centsText(conRecargo(r.units, cobro.plan.recargo)) : '';
}

/** Another method has plans of its own (or none): the plan is chosen again. */
export const conMetodo = (cobro: Cobro, metodoPagoId: number): Cobro => ({
  ...cobro,
  metodoPagoId,
  plan: metodoPagoId === cobro.metodoPagoId ? cobro.plan : null,
});

/** Why 'Cobrar' is disabled; empty when it is not. The amount must be above zero and at most
 * the debt, as the server checks it (a stale list still gets the server's refusal). */
export function cobroProblems(saldo: Saldo, cobro: Cobro, admin: boolean): string[] {
  const problems: string[] = [];
  const deuda = centsOf(saldo.deuda);
  if (deuda <= 0) problems.push(PROBLEMS.sinSaldo);
  if (!cobro.metodoPagoId) problems.push(PROBLEMS.sinMetodo);
  if (admin && !cobro.localId) problems.push(PROBLEMS.sinLocal);
  const monto = readPesos(cobro.monto);
  if (monto.kind === 'blank') problems.push(PROBLEMS.sinMonto);
  if (monto.kind === 'invalid') problems.push(PROBLEMS.monto(monto.error));
  if (monto.kind === 'number' && monto.units <= 0) problems.push(PROBLEMS.montoCero);
  if (monto.kind === 'number' && deuda > 0 && monto.units > deuda) problems.push(PROBLEMS.excede(deuda));
  const impuesto = readPesos(cobro.plan ? '' : cobro.montoImpuesto);
  if (impuesto.kind === 'invalid') problems.push(PROBLEMS.impuesto(impuesto.error));
  return problems;
}

const cents = (text: string) => {
  const r = readPesos(text);
  return r.kind === 'number' ? r.units : null;
};

/** The payment's body: the surcharged amount only when written (or computed on a plan, with its
 * cuotas), the branch only for admins. */
export function cobroBody(cobro: Cobro, admin: boolean): CobroBody {
  const body: CobroBody = { metodoPagoId: cobro.metodoPagoId, monto: pesosOf(cents(cobro.monto) ?? 0) };
  const impuesto = cents(cobro.plan ? impuestoDelPlan(cobro) : cobro.montoImpuesto);
  if (impuesto !== null) body.montoImpuesto = pesosOf(impuesto);
  if (cobro.plan) body.cuotas = cobro.plan.cuotas;
  if (admin && cobro.localId) body.localId = cobro.localId;
  return body;
}
