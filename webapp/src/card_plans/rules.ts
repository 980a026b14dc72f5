// The card plans' rules, kept pure so they are tested alone. The arithmetic of a payment in
// cuotas and its words are the kernel's (../lib/cuotas: the movement form, the collection and the
// cash list use them too) and are re-exported here, where tests/cases/card_plans.json checks them
// against the server's; the rest is the admin screen's: how a plan's history reads today, why
// 'Guardar plan' waits and the body it sends.
import type { PlanTarjeta, Tasa, TasaBody } from '../api/cardPlans';
import { MAX_CUOTAS, MAX_RECARGO, recargoCorto, recargoDe } from '../lib/cuotas';
import { formatFecha, readDate } from '../lib/dates';
import { inputText, PERCENT, readNumber, WHOLE } from '../lib/numbers';
import { MESSAGES, PROBLEMS } from './messages';

export {
  conRecargo,
  cuotasNombre,
  cuotasTexto,
  planNombre,
  planTexto,
  recargoCorto,
  recargoDe,
  recargoTexto,
  valorCuota,
  MAX_CUOTAS,
  MAX_RECARGO,
  type PlanPago,
} from '../lib/cuotas';

/** A rate as the history lists it: '01/12/2026: 12,5 %', '01/03/2027: deja de ofrecerse'. */
export const tasaTexto = (t: Tasa) =>
  `${formatFecha(t.desde)}: ${t.recargo == null ? MESSAGES.dejaDeOfrecerse : recargoCorto(recargoDe(t.recargo))}`;

/** A plan as its row shows it on `hoy` (yyyy-MM-dd). */
export interface PlanFila {
  cuotas: number;
  /** Today's surcharge ('sin interés', '10 %'), or why it is not offered today. */
  hoy: string;
  /** Since when today's state holds; null when the plan starts later. */
  desde: string | null;
  /** The rates to come, in order. */
  proximas: Tasa[];
  /** The rates before today's, in order. */
  anteriores: Tasa[];
  /** Whether it is offered today or will be: it can be withdrawn from a day on. */
  retirable: boolean;
  /** The first day it can be withdrawn from: today, or the first day it will be offered. */
  retiroDesde: string;
}

/** Today's rate is the server's (`vigente`); the history splits around `hoy`. */
export function planFila(plan: PlanTarjeta, hoy: string): PlanFila {
  const pasadas = plan.tasas.filter((t) => t.desde <= hoy);
  const proximas = plan.tasas.filter((t) => t.desde > hoy);
  const actual = pasadas.at(-1);
  const vigente = plan.vigente && plan.vigente.recargo != null ? plan.vigente : null;
  const ofrecida = proximas.find((t) => t.recargo != null);
  return {
    cuotas: plan.cuotas,
    hoy: vigente ? recargoCorto(recargoDe(vigente.recargo!)) : actual ? MESSAGES.noSeOfrece : MESSAGES.todavia,
    desde: vigente?.desde ?? actual?.desde ?? null,
    proximas,
    anteriores: pasadas.slice(0, -1),
    retirable: vigente !== null || ofrecida !== undefined,
    retiroDesde: vigente ? hoy : (ofrecida?.desde ?? hoy),
  };
}

// ------------------------------------------------------------------------------ the rate's form

/** A plan's new rate as typed: cuotas, the surcharge in percent and its first day (yyyy-MM-dd,
 * or the text typed while it is not a date). */
export interface TasaForm {
  cuotas: string;
  recargo: string;
  desde: string;
}

/** The form as it opens, and again after a save: the rate starts today unless told. */
export const tasaInicial = (hoy: string, cuotas = ''): TasaForm => ({ cuotas, recargo: '', desde: hoy });

/** The cuotas typed, when they are a plan's (1 to 36); null otherwise. */
export function cuotasOf(text: string): number | null {
  const r = readNumber(text, WHOLE);
  return r.kind === 'number' && r.units >= 1 && r.units <= MAX_CUOTAS ? r.units : null;
}

/** The surcharge typed in hundredths of a percent, when it is one a plan takes; null otherwise. */
export function recargoOf(text: string): number | null {
  const r = readNumber(text, PERCENT);
  return r.kind === 'number' && r.units <= MAX_RECARGO ? r.units : null;
}

/** A plan's range check on a number read, for the input to tell as it is typed. */
export const cuotasCheck = (n: number) => (n >= 1 && n <= MAX_CUOTAS ? null : PROBLEMS.cuotasRango);
export const recargoCheck = (h: number) => (h <= MAX_RECARGO ? null : PROBLEMS.recargoRango);

/** Why 'Guardar plan' waits, in the form's order; empty when it does not. */
export function tasaProblems(form: TasaForm): string[] {
  const problems: string[] = [];
  const cuotas = readNumber(form.cuotas, WHOLE);
  if (cuotas.kind === 'blank') problems.push(PROBLEMS.sinCuotas);
  if (cuotas.kind === 'invalid') problems.push(PROBLEMS.cuotas(cuotas.error));
  if (cuotas.kind === 'number' && cuotasCheck(cuotas.units)) problems.push(PROBLEMS.cuotasRango);
  const recargo = readNumber(form.recargo, PERCENT);
  if (recargo.kind === 'blank') problems.push(PROBLEMS.sinRecargo);
  if (recargo.kind === 'invalid') problems.push(PROBLEMS.recargo(recargo.error));
  if (recargo.kind === 'number' && recargoCheck(recargo.units)) problems.push(PROBLEMS.recargoRango);
  problems.push(...desdeProblems(form.desde));
  return problems;
}

/** Why a day typed is not one to start from. */
export function desdeProblems(desde: string): string[] {
  const d = readDate(desde);
  if (d.kind === 'blank') return [PROBLEMS.sinDesde];
  if (d.kind === 'invalid') return [PROBLEMS.desde(d.error)];
  return [];
}

/** The body of a rate; call only when tasaProblems is empty. The surcharge goes as es-AR writes
 * it ('10,5'), the way the server reads a typed one. */
export function tasaBody(form: TasaForm): TasaBody {
  return { cuotas: cuotasOf(form.cuotas)!, recargo: inputText(recargoOf(form.recargo)!, 2), desde: form.desde };
}
