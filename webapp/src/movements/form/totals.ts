// The movement form's money, kept pure so it is tested alone (spec 001 sections 4 and 5): the
// discount, the payments, and the totals the form shows and sends, in integer cents (lib/money).
import type { Nombrado } from '../../api/types';
import { conRecargo, type PlanPago } from '../../lib/cuotas';
import { centsText, parseCents, scaleCents, sumCents } from '../../lib/money';
import { unitsOf, type NumberRule } from '../../lib/numbers';
import { type MovementForm, type PagoForm } from './rules';
import { lineaSubtotal } from './lines';

// ------------------------------------------------------------------------------ discount

/** 100% in the hundredths a discount is kept in. */
export const FULL = 10_000;

/** The total after a discount in hundredths of a percent (1000 is 10%). */
export const applyDiscount = (brutoCents: number, descuento: number | null) =>
  descuento === null ? brutoCents : scaleCents(brutoCents, FULL - descuento, FULL);

/** A discount as typed: a percentage with two decimals ('7,5', '10%', '10 %'), a dot always its
 * decimal point; a negative one is read, then refused by the range check. */
export const DESCUENTO: NumberRule = { decimals: 2, negative: true, thousands: false, percent: true };

/** The typed discount in hundredths of a percent; null when none was typed or it is unreadable. */
export const descuentoOf = (text: string) => unitsOf(text, DESCUENTO);

/** Whether a discount read (hundredths) is a percentage a sale can take: 0 to 100. */
export const descuentoEnRango = (hundredths: number) => hundredths >= 0 && hundredths <= FULL;

/** Sum of the product and additional subtotals, before the discount. */
export const brutoCents = (form: MovementForm) =>
  sumCents([...form.lineas.map(lineaSubtotal), ...form.adicionales.map((a) => a.subtotalCents)]);

/**
 * Checks a typed discount when it is left: outside 0..100 it resets to 0; a discount on a zero
 * total is refused and reset too. Blank is no discount; text that is not a number stays, marked
 * by its input, and the form cannot be saved until it is corrected.
 */
export function checkDescuento(text: string, bruto: number): { descuento: string; problem?: 'rango' | 'totalCero' } {
  if (text.trim() === '') return { descuento: '' };
  const d = descuentoOf(text);
  if (d === null) return { descuento: text };
  if (!descuentoEnRango(d)) return { descuento: '0', problem: 'rango' };
  if (d !== 0 && bruto <= 0) return { descuento: '0', problem: 'totalCero' };
  return { descuento: text.trim() };
}

// ------------------------------------------------------------------------------ payments

export function addPago(form: MovementForm, metodos: Nombrado[], now: string): MovementForm {
  const seq = form.seq + 1;
  const metodo = metodos[0] ? { id: metodos[0].id, nombre: metodos[0].nombre } : null;
  const nuevo: PagoForm = {
    key: `nuevo-${seq}`,
    metodoPago: metodo,
    monto: '0',
    montoImpuesto: '0',
    impuestoEditado: false,
    fecha: now,
    plan: null,
  };
  return { ...form, seq, pagos: [...form.pagos, nuevo] };
}

const updatePago = (form: MovementForm, key: string, change: (p: PagoForm) => PagoForm): MovementForm => ({
  ...form,
  pagos: form.pagos.map((p) => (p.key === key ? change(p) : p)),
});

/** What the card is charged for a typed monto on a plan (lib/cuotas, the server's rule), as the
 * input shows it; blank while the monto is not an amount. */
export function impuestoDelPlan(monto: string, plan: PlanPago): string {
  const cents = parseCents(monto);
  return cents === null ? '' : centsText(conRecargo(cents, plan.recargo));
}

/** monto; montoImpuesto follows it until the user types one, or is computed on a plan. */
export const setMonto = (form: MovementForm, key: string, monto: string) =>
  updatePago(form, key, (p) => ({
    ...p,
    monto,
    montoImpuesto: p.plan ? impuestoDelPlan(monto, p.plan) : p.impuestoEditado ? p.montoImpuesto : monto,
  }));

export const setMontoImpuesto = (form: MovementForm, key: string, montoImpuesto: string) =>
  updatePago(form, key, (p) => ({ ...p, montoImpuesto, impuestoEditado: true }));

/** A plan makes montoImpuesto the monto with its surcharge; none brings back a montoImpuesto
 * typed, following monto until it is. */
export const setPlan = (form: MovementForm, key: string, plan: PlanPago | null) =>
  updatePago(form, key, (p) => ({
    ...p,
    plan,
    montoImpuesto: plan ? impuestoDelPlan(p.monto, plan) : p.monto,
    impuestoEditado: false,
  }));

/** Another method has plans of its own (or none): the payment's plan is chosen again. */
export const setMetodoPago = (form: MovementForm, key: string, metodoPago: Nombrado | null) =>
  updatePago(form, key, (p) =>
    p.plan && p.metodoPago?.id !== metodoPago?.id
      ? { ...p, metodoPago, plan: null, montoImpuesto: p.monto, impuestoEditado: false }
      : { ...p, metodoPago },
  );

export const removePago = (form: MovementForm, key: string): MovementForm => ({
  ...form,
  pagos: form.pagos.filter((p) => p.key !== key),
});

/** The total of the movement in cents: the lines less the discount, or a SALIDA's stated amount. */
export function totalCents(form: MovementForm): number {
  if (form.tipo === 'SALIDA') return parseCents(form.totalSalida) ?? 0;
  const d = descuentoOf(form.descuento);
  const valid = d !== null && descuentoEnRango(d) ? d : null;
  return applyDiscount(brutoCents(form), valid);
}

/** The payments as they are saved: a SALIDA is paid by its first payment, for the whole total. */
export function pagosEfectivos(form: MovementForm): PagoForm[] {
  if (form.tipo !== 'SALIDA' || form.pagos.length === 0) return form.pagos;
  const total = centsText(totalCents(form));
  const [first, ...rest] = form.pagos;
  return [{ ...first, monto: total, montoImpuesto: total }, ...rest];
}

export interface Totales {
  brutoCents: number;
  totalCents: number;
  /** What the obra social pays of a covered sale (./coverage); 0 without a coverage. */
  obraSocialCents: number;
  /** What the patient pays: the total less the obra social's part. The payments, their
   * completeness, the change and the debt are measured against it. */
  pacienteCents: number;
  /** Σ monto: credited against the debt. */
  pagadoCents: number;
  /** Σ montoImpuesto: the movement's totalImpuesto. */
  cobradoCents: number;
  /** What the patient pays − Σ monto − what returns cancelled, not below 0. */
  deudaCents: number;
  /** The sum of the payments (and what returns cancelled) reaches what the patient pays. */
  completo: boolean;
  /** Σ monto (with what returns cancelled) or Σ montoImpuesto (a plan's surcharge left out) is
   * above what the patient pays. */
  excede: boolean;
  /** How far the payments go above what the patient pays (the change a customer gets back); 0
   * when they do not. */
  vueltoCents: number;
}

/** A typed payment amount in cents; blank reads as 0 (an unreadable one blocks the save first). */
export const amountCents = (text: string) => parseCents(text) ?? 0;

/** A sale's new or changed payment that takes into the drawer ('Monto con recargo') less than it
 * takes off the debt ('Monto'): the server refuses it (rules::check_new; the cases in
 * tests/cases/payment_charge.json). A plan's charge is the monto with its surcharge. */
export function cobraMenos(
  tipo: MovementForm['tipo'],
  p: Pick<PagoForm, 'monto' | 'montoImpuesto' | 'plan' | 'guardado'>,
) {
  if (tipo !== 'ENTRADA' || p.plan) return false;
  if (p.guardado && p.guardado.monto === p.monto && p.guardado.montoImpuesto === p.montoImpuesto) return false;
  return amountCents(p.montoImpuesto) < amountCents(p.monto);
}

/** The form's figures; `obraSocialCents` is what an obra social pays of the sale (the server's
 * rule: the payments may reach the rest, never more). */
export function totales(form: MovementForm, obraSocialCents = 0): Totales {
  const pagos = pagosEfectivos(form);
  const total = totalCents(form);
  const paciente = Math.max(0, total - obraSocialCents);
  const pagado = sumCents(pagos.map((p) => amountCents(p.monto)));
  const cobrado = sumCents(pagos.map((p) => amountCents(p.montoImpuesto)));
  // A card plan's surcharge is the card's interest, charged on top of the sale: what a payment in
  // cuotas adds against the total is its monto (the server's rule), and it is no change to give back.
  const sinRecargoDelPlan = sumCents(pagos.map((p) => amountCents(p.plan ? p.monto : p.montoImpuesto)));
  // A return's value that cancelled debt counts as paid (the server's check_edit).
  const credito = form.devuelto.credito;
  return {
    brutoCents: brutoCents(form),
    totalCents: total,
    obraSocialCents: total - paciente,
    pacienteCents: paciente,
    pagadoCents: pagado,
    cobradoCents: cobrado,
    deudaCents: Math.max(0, paciente - pagado - credito),
    completo: pagado + credito >= paciente,
    excede: pagado + credito > paciente || sinRecargoDelPlan > paciente,
    vueltoCents: Math.max(0, pagado + credito - paciente, sinRecargoDelPlan - paciente),
  };
}
