// Money, the one way the app reads, computes and writes it: integer cents, the way the server
// keeps it. Typed texts and the server's numbers are read through their decimal text, never
// through float arithmetic, so what the app sums and sends is what the server computes. Every
// amount on screen goes through formatPesos, so the display format is one function.

/**
 * A decimal text as an integer of 10^-scale units, rounded half away from zero (as the server's
 * parse_scaled): optional sign, digits, one `.` or `,` separator, no exponent. Null for anything
 * else, blank text included, and for values beyond the safe integers.
 */
export function parseScaled(text: string, scale: number): number | null {
  const match = /^([+-]?)(\d*)(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, int = '', frac = ''] = match;
  if (int === '' && frac === '') return null;
  const digits = (frac + '0'.repeat(scale)).slice(0, scale);
  let value = BigInt(`${int || '0'}${digits}`);
  if ((frac[scale] ?? '0') >= '5') value += 1n;
  const n = Number(sign === '-' ? -value : value);
  return Number.isSafeInteger(n) ? n : null;
}

/** A typed amount of pesos in cents; null when blank or not a number. */
export const parseCents = (text: string) => parseScaled(text, 2);

/** A number the server sent (pesos) in cents, read through its shortest decimal text. */
export const centsOf = (pesos: number | null | undefined) =>
  pesos === null || pesos === undefined ? 0 : (parseCents(String(pesos)) ?? Math.round(pesos * 100));

/** An amount the app computed in floating point (a product, a quotient) rounded to cents. */
export const roundCents = (pesos: number) => Math.round(pesos * 100);

/** Cents as the JSON number of pesos the server reads back exactly (12499.99, 150). */
export const pesosOf = (cents: number) => cents / 100;

export const sumCents = (amounts: number[]) => amounts.reduce((a, b) => a + b, 0);

/** `cents × numerator / denominator`, rounded to cents half away from zero (the server's scaled). */
export function scaleCents(cents: number, numerator: number, denominator: number): number {
  const product = BigInt(cents) * BigInt(numerator);
  const d = BigInt(denominator);
  let q = product / d;
  const r = product % d;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= (d < 0n ? -d : d)) q += product < 0n === d < 0n ? 1n : -1n;
  return Number(q);
}

/** Cents as text for an input ("1500", "12.5" stays "12.50"). */
export function centsText(cents: number): string {
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${cents < 0 ? '-' : ''}${whole}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/** Cents for display: $1500.00, -$0.50. The only display format of money in the app. */
export function formatPesos(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A number of pesos the server sent, for display; blank when there is none. */
export const money = (pesos: number | null | undefined) => (pesos == null ? '' : formatPesos(centsOf(pesos)));
