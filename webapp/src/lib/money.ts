// Money, the one way the app reads, computes and writes it: integer cents, the way the server
// keeps it. Typed texts are read by ./numbers (es-AR: '1.234,56', also '1234,56' and '1234.56')
// and the server's numbers through their decimal text, never through float arithmetic, so what
// the app sums and sends is what the server computes. Every amount on screen goes through
// formatPesos, so the display format is one function: es-AR's '$ 1.234,56'.
import { formatUnits, readNumber, type NumberRule, type Reading } from './numbers';

/** Pesos as people type them: two decimals, not negative. */
export const PESOS: NumberRule = { decimals: 2 };

/** A typed amount of pesos, in cents. */
export const readPesos = (text: string): Reading => readNumber(text, PESOS);

/** A typed amount of pesos in cents; null when blank or not an amount. */
export function parseCents(text: string): number | null {
  const r = readPesos(text);
  return r.kind === 'number' ? r.units : null;
}

/**
 * A decimal number as the server and JavaScript write it ('12499.99', '-0.125': a dot for the
 * decimals, no grouping) as an integer of 10^-scale units, rounded half away from zero (as the
 * server's parse_scaled). Null for anything else, blank and exponents included.
 */
export function parseScaled(text: string, scale: number): number | null {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, int = '', frac = ''] = match;
  if (int === '' && frac === '') return null;
  const digits = (frac + '0'.repeat(scale)).slice(0, scale);
  let value = BigInt(`${int || '0'}${digits}`);
  if ((frac[scale] ?? '0') >= '5') value += 1n;
  const n = Number(sign === '-' ? -value : value);
  return Number.isSafeInteger(n) ? n : null;
}

/** A number the server sent (pesos) in cents, read through its shortest decimal text. */
export const centsOf = (pesos: number | null | undefined) =>
  pesos === null || pesos === undefined ? 0 : (parseScaled(String(pesos), 2) ?? Math.round(pesos * 100));

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

/** Cents as the text an input starts with, written as people in Argentina read money and read
 * back by readPesos as the same amount: '100.000,00', '12,50', '-0,50' (a stored amount in an
 * edit form reads like the figures around it, not as '100000'). */
export function centsText(cents: number): string {
  return formatUnits(cents, 2);
}

/**
 * Cents for display as es-AR writes money: '$ 359.999,96', '$ 0,50', and the sign before the
 * symbol, '-$ 0,30'. A plain space after '$' (not a no-break space), so what a test or a copy
 * reads is what the issue quotes. The only display format of money in the app.
 */
export function formatPesos(cents: number): string {
  return `${cents < 0 ? '-' : ''}$ ${formatUnits(Math.abs(cents), 2)}`;
}

/** A number of pesos the server sent, for display; blank when there is none. */
export const money = (pesos: number | null | undefined) => (pesos == null ? '' : formatPesos(centsOf(pesos)));
