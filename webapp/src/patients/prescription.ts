// Prescription numbers of spec 001 section 9 (diopters, the axis, the measures in millimetres):
// how they are read, rounded, shown, and the near-vision sphere. Pure, tested alone.
import { formatUnits, readNumber, unitsOf, type NumberRule } from '../lib/numbers';

/**
 * How prescription numbers are read (../lib/numbers): a leading plus or minus sign, a comma or a
 * dot as the decimal point ('1.250' is 1,25: these numbers never reach a thousand), two decimals.
 */
export const PRESCRIPCION: NumberRule = { decimals: 2, negative: true, thousands: false };

/** A prescription number as typed; null when blank or not a number ("abc", "1,2,3", "1e3"). */
export function parsePrescription(text: string): number | null {
  const units = unitsOf(text, PRESCRIPCION);
  return units === null ? null : units / 100;
}

/** Rounded to two decimals, half away from zero, without float drift (-1.1 + 0.2 gives -0.9). */
export function roundTo2(n: number): number {
  // toPrecision(12) drops the binary noise of the sum before rounding.
  const cents = Math.round(Number((Math.abs(n) * 100).toPrecision(12)));
  const rounded = (Math.sign(n) * cents) / 100;
  return rounded === 0 ? 0 : rounded;
}

const hundredths = (n: number) => Math.round(roundTo2(n) * 100);

/**
 * Diopters (esférico, cilíndrico, adición) as es-AR writes them: two decimals after a comma,
 * positives with an explicit plus: "-0,5" is shown "-0,50", "2" is "+2,00", zero is "0,00".
 */
export function formatSigned(n: number | null): string {
  if (n === null) return '';
  const units = hundredths(n);
  const text = formatUnits(units, 2, { group: false });
  return units > 0 ? `+${text}` : text;
}

/** The axis (eje) and the measures in millimetres: a plain number, no plus ("090" is "90",
 * "31.5" is "31,5"). */
export function formatPlain(n: number | null): string {
  return n === null ? '' : formatUnits(hundredths(n), 2, { fixed: false, group: false });
}

/** Normalises typed text when the input is left, so it shows what was understood. Text that is
 * not a number stays as typed, marked by its input, and the form cannot be saved with it: a
 * prescription is never lost or changed by a character it could not read. */
const normalise = (format: (n: number) => string) => (text: string) => {
  const r = readNumber(text, PRESCRIPCION);
  return r.kind === 'number' ? format(r.units / 100) : r.kind === 'blank' ? '' : text;
};
export const normaliseSigned = normalise(formatSigned);
export const normalisePlain = normalise(formatPlain);

/** The number sent to the server for a typed text (null when empty or unparsable). */
export function numberFor(text: string): number | null {
  const n = parsePrescription(text);
  return n === null ? null : roundTo2(n);
}

/**
 * Near-vision sphere = far-vision sphere + addition, to two decimals. A zero or empty addition
 * gives 0; an empty far sphere counts as plano (0), so the near sphere is the addition.
 */
export function nearSphere(far: number | null, adicion: number | null): number {
  if (adicion === null || adicion === 0) return 0;
  return roundTo2((far ?? 0) + adicion);
}
