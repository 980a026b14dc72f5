// What an obra social (the patient's health insurer) pays of a sale, computed as the server
// computes it (optica_events::insurers::partes): the lenses and the frames apart, each after the
// sale's discount and rounded to the cent, then the plan's percentage up to its cap. Integer cents
// and hundredths of a percent, never floats; the shared cases of tests/cases/insurer_coverage.json
// hold both copies to the same results. Kept in the kernel because the movement form, its
// prescription checks and the lists that show a saved sale all use it.
import { formatFecha, isoDay, utcDay, DAY_MS } from './dates';
import { centsOf, formatPesos, parseScaled, scaleCents } from './money';
import { fold } from './text';

/** 100 % in hundredths of a percent. */
const CIEN = 10_000;

/** What a plan covers of one kind of item: a percentage in hundredths (4000 is 40 %) and a cap in
 * cents; null for none. Both: the share up to the cap; the cap alone: up to the cap; neither:
 * nothing. */
export interface Cobertura {
  porcentaje: number | null;
  tope: number | null;
}

/** A plan's coverage as the server writes it (percent 40.0, pesos 30000.0), in hundredths and
 * cents read through their decimal text (12.5 is 1250 exactly). */
export function coberturaDe(plan: { porcentaje?: number | null; tope?: number | null }): Cobertura {
  const { porcentaje, tope } = plan;
  return {
    porcentaje: porcentaje == null ? null : (parseScaled(String(porcentaje), 2) ?? Math.round(porcentaje * 100)),
    tope: tope == null ? null : centsOf(tope),
  };
}

/** The part of `baseCents` (what the items cost the customer) the obra social pays: the share,
 * rounded half away from zero, then no more than the cap. */
export function parte(baseCents: number, { porcentaje, tope }: Cobertura): number {
  if (baseCents <= 0) return 0;
  const share = porcentaje !== null ? scaleCents(baseCents, porcentaje, CIEN) : tope !== null ? baseCents : 0;
  return tope !== null && tope < share ? tope : share;
}

/** Σ subtotals of one kind after the sale's discount (hundredths; null or 0 for none). */
export const conDescuento = (cents: number, descuento: number | null) =>
  scaleCents(cents, CIEN - (descuento ?? 0), CIEN);

/** The obra social's part of a sale, in cents. */
export interface Partes {
  cristales: number;
  armazones: number;
  /** What the obra social pays: both parts. */
  monto: number;
}

/** The sale as the coverage reads it: Σ subtotals of its lens lines and of its other product
 * lines (frames), in cents, and its discount in hundredths. Additional lines are not covered. */
export interface Venta {
  cristales: number;
  armazones: number;
  descuento: number | null;
}

/** The parts a plan covers of a sale: each kind after the discount, then its coverage. */
export function partes(venta: Venta, cristales: Cobertura, armazones: Cobertura): Partes {
  const c = parte(conDescuento(venta.cristales, venta.descuento), cristales);
  const a = parte(conDescuento(venta.armazones, venta.descuento), armazones);
  return { cristales: c, armazones: a, monto: c + a };
}

// ------------------------------------------------------------------------------ the prescription

/** Why a prescription's date is not accepted for a sale on `diaVenta` (both `yyyy-MM-dd`): written
 * after the sale, or older than the plan's `dias` (null: any age). It is good through its last
 * day: one of 29/09 on a 60-day plan expires on 28/11 and is still taken that day. */
export type RecetaProblema = { kind: 'futura' } | { kind: 'vencida'; fecha: string; vence: string; dias: number };

/** The day a prescription of `fecha` stops being accepted after (`fecha` + `dias`). */
export const venceReceta = (fecha: string, dias: number) => isoDay(utcDay(fecha) + dias * DAY_MS);

export function problemaReceta(fecha: string, diaVenta: string, dias: number | null): RecetaProblema | null {
  if (fecha > diaVenta) return { kind: 'futura' };
  if (dias === null) return null;
  const vence = venceReceta(fecha, dias);
  return vence < diaVenta ? { kind: 'vencida', fecha, vence, dias } : null;
}

/** The server's words for a prescription refused. */
export const recetaTexto = (p: RecetaProblema) =>
  p.kind === 'futura'
    ? 'La fecha de la receta no puede ser posterior a la venta.'
    : `La receta del ${formatFecha(p.fecha)} venció el ${formatFecha(p.vence)} (el plan la acepta por ${p.dias} días).`;

// ------------------------------------------------------------------------------ names and words

/** A plan's or an obra social's name as the server compares them: case, accents and repeated
 * spaces aside ('Plan  Oro' is 'plan oro'). */
export const nombreClave = (nombre: string) => fold(nombre.split(/\s+/).filter(Boolean).join(' '));

/** Whether two plan names name the same plan. */
export const mismoNombre = (a: string, b: string) => nombreClave(a) === nombreClave(b);

/** A saved sale's coverage in one line, wherever its amounts are shown:
 * 'Obra social: OSDE 210 · $ 45.000,00'. An obra social deleted since has no name. */
export function coberturaResumen(obraSocial: string, plan: string, montoCents: number): string {
  const nombre = [obraSocial.trim() || 'obra social eliminada', plan.trim()].filter(Boolean).join(' ');
  return `Obra social: ${nombre} · ${formatPesos(montoCents)}`;
}

/** What the obra social pays, with its parts: 'La obra social paga $ 45.000,00 (cristales
 * $ 30.000,00, armazones $ 15.000,00)'. */
export const obraSocialPagaTexto = (p: Partes) =>
  `La obra social paga ${formatPesos(p.monto)} (cristales ${formatPesos(p.cristales)}, armazones ${formatPesos(p.armazones)})`;

/** 'El paciente paga $ 95.000,00'. */
export const pacientePagaTexto = (cents: number) => `El paciente paga ${formatPesos(cents)}`;
