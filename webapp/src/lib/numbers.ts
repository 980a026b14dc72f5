// Reading the numbers people type, the one way every input of the app does it. The shop is in
// Argentina: the comma is the decimal separator and the dot groups thousands ('1.234,56'), but
// '1234.56' and '1234,56' are typed too. A text is read exactly (integers of 10^-decimals units,
// no float arithmetic) or refused with a Spanish reason; nothing is dropped or guessed:
//
// - blank (spaces only) is blank, not zero;
// - an optional sign ('-' only where the field allows negatives) and an optional '$';
// - one comma: the decimal separator; dots before it must group thousands ('1.234.567,5');
// - no comma and one dot: thousands when the dot follows 1 to 3 digits (not a lone 0) and is
//   followed by exactly three ('1.234' is 1234, '12.500' is 12500), else the decimal point
//   ('1.5', '1234.56', '0.125'); fields whose numbers never reach a thousand (percentages,
//   prescriptions) take any dot as the decimal point ('1.250' is 1.25 there);
// - several dots and no comma: thousands groups ('1.234.567'), else refused ('1.23.4');
// - spaces may group thousands ('1 234,56'); a comma before a dot ('1,234.56'), two commas
//   ('1,2,3'), letters and exponents ('1e3') are refused;
// - more decimals than the field keeps are refused (a price of '0,125' is not silently 0,13),
//   unless they are zeros ('0,500' is 0,50);
// - a percentage may end in its sign ('10%', '10 %', '7,5%'), as people write one.

export interface NumberRule {
  /** Decimals the field keeps; 0 for whole numbers (stock, quantities). */
  decimals: number;
  /** Whether the field takes negative numbers. */
  negative?: boolean;
  /** Whether a lone dot before three digits groups thousands; false where numbers stay small. */
  thousands?: boolean;
  /** Whether the text may end in '%' (a percentage). */
  percent?: boolean;
}

/** What a typed text says: nothing, a number in 10^-decimals units, or why it is not one. */
export type Reading = { kind: 'blank' } | { kind: 'number'; units: number } | { kind: 'invalid'; error: string };

export const NUMBER_ERRORS = {
  noNumero: 'No es un número. Escriba, por ejemplo, 1.234,56.',
  dosComas: 'Tiene más de una coma: la coma separa los decimales (1.234,56).',
  miles: 'Los puntos de miles deben separar grupos de tres cifras (1.234.567,89).',
  comaAntesDePunto: 'Use la coma para los decimales y el punto para los miles (1.234,56).',
  entero: 'Debe ser un número entero, sin decimales.',
  decimales: (n: number) => `Admite como máximo ${n} ${n === 1 ? 'decimal' : 'decimales'}.`,
  negativo: 'No puede ser negativo.',
  grande: 'El número es demasiado grande.',
} as const;

const BLANK: Reading = { kind: 'blank' };
const invalid = (error: string): Reading => ({ kind: 'invalid', error });

/** Digits grouped by thousands with `sep`: '1.234', '12.345.678'. */
const grouped = (sep: string) => new RegExp(`^\\d{1,3}(?:\\${sep}\\d{3})+$`);
const DOT_GROUPS = grouped('.');
const SPACE_GROUPS = /^\d{1,3}(?: \d{3})+$/;

/** Splits the digits of a text without sign into its whole and decimal parts, or says why not. */
function split(body: string, thousands: boolean): { whole: string; fraction: string } | string {
  if (/\s/.test(body)) {
    // Spaces group thousands only: '1 234', '1 234,56', '1 234.56'.
    const m = /^([\d ]+)(?:[.,](\d*))?$/.exec(body.replace(/\s/g, ' '));
    if (!m || !SPACE_GROUPS.test(m[1])) return NUMBER_ERRORS.miles;
    return { whole: m[1].replace(/ /g, ''), fraction: m[2] ?? '' };
  }
  const commas = body.split(',').length - 1;
  const dots = body.split('.').length - 1;
  if (commas > 1) return NUMBER_ERRORS.dosComas;
  if (commas === 1) {
    const [whole, fraction] = body.split(',');
    if (whole.includes('.') || fraction.includes('.')) {
      if (fraction.includes('.')) return NUMBER_ERRORS.comaAntesDePunto;
      if (!thousands || !DOT_GROUPS.test(whole)) return NUMBER_ERRORS.miles;
      return { whole: whole.replace(/\./g, ''), fraction };
    }
    return { whole, fraction };
  }
  if (dots === 0) return { whole: body, fraction: '' };
  if (dots === 1) {
    const [whole, fraction] = body.split('.');
    if (thousands && /^[1-9]\d{0,2}$/.test(whole) && /^\d{3}$/.test(fraction)) {
      return { whole: whole + fraction, fraction: '' };
    }
    return { whole, fraction };
  }
  if (thousands && DOT_GROUPS.test(body)) return { whole: body.replace(/\./g, ''), fraction: '' };
  return NUMBER_ERRORS.miles;
}

/** Reads a typed number by `rule` (see the rules at the top of this file). */
export function readNumber(text: string, rule: NumberRule): Reading {
  let trimmed = text.trim();
  if (trimmed === '') return BLANK;
  // The sign people add to a percentage says nothing more: '10 %' is 10.
  if (rule.percent) trimmed = trimmed.replace(/\s*%$/, '');
  const m = /^([+-]?)\s*(?:\$\s*)?([\s\S]*)$/.exec(trimmed)!;
  const [, sign, body] = m;
  if (!/^[\d.,\s]*\d[\d.,\s]*$/.test(body)) return invalid(NUMBER_ERRORS.noNumero);
  const parts = split(body, rule.thousands ?? true);
  if (typeof parts === 'string') return invalid(parts);
  const { whole } = parts;
  // Zeros past the decimals the field keeps change nothing ('1,250' is 1,25); other digits would.
  const fraction = parts.fraction.length > rule.decimals ? parts.fraction.replace(/0+$/, '') : parts.fraction;
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction)) return invalid(NUMBER_ERRORS.noNumero);
  if (fraction.length > rule.decimals) {
    return invalid(rule.decimals === 0 ? NUMBER_ERRORS.entero : NUMBER_ERRORS.decimales(rule.decimals));
  }
  const magnitude = BigInt(`${whole || '0'}${fraction.padEnd(rule.decimals, '0')}`);
  if (sign === '-' && magnitude !== 0n && !rule.negative) return invalid(NUMBER_ERRORS.negativo);
  const units = Number(sign === '-' ? -magnitude : magnitude);
  if (!Number.isSafeInteger(units)) return invalid(NUMBER_ERRORS.grande);
  return { kind: 'number', units: units === 0 ? 0 : units };
}

/** The number a text says, in units; null when it is blank or not a number. */
export function unitsOf(text: string, rule: NumberRule): number | null {
  const r = readNumber(text, rule);
  return r.kind === 'number' ? r.units : null;
}

/** Why a text is not a number of `rule`; null when it is one or blank. */
export function numberError(text: string, rule: NumberRule): string | null {
  const r = readNumber(text, rule);
  return r.kind === 'invalid' ? r.error : null;
}

/** Whole numbers of things: stock, quantities. */
export const WHOLE: NumberRule = { decimals: 0 };
/** A percentage with up to two decimals ('7,5', '7,5%'); a dot is always its decimal point. */
export const PERCENT: NumberRule = { decimals: 2, thousands: false, percent: true };

/** Digits grouped by thousands with dots: '1234567' → '1.234.567'. */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/**
 * Units of 10^-decimals as es-AR writes them: dots for thousands, a comma for decimals, every
 * decimal shown ('1.234,50' with 2). `fixed` false drops the trailing zeros ('7,5', '3').
 */
export function formatUnits(units: number, decimals: number, { fixed = true, group = true } = {}): string {
  const digits = String(Math.abs(units)).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  let fraction = digits.slice(digits.length - decimals);
  if (!fixed) fraction = fraction.replace(/0+$/, '');
  const sign = units < 0 ? '-' : '';
  return `${sign}${group ? groupThousands(whole) : whole}${fraction ? `,${fraction}` : ''}`;
}

/** A percentage in hundredths for display: 750 → '7,5%', 1000 → '10%' (as the specification
 * writes '0%' and '100%'). */
export const formatPorcentaje = (hundredths: number) => `${formatUnits(hundredths, 2, { fixed: false })}%`;

/** A whole number for display, grouped by thousands: 12345 → '12.345'. */
export const formatEntero = (n: number) => formatUnits(Math.trunc(n), 0);

/** Units as the text an input starts with: no thousands dots, a comma for decimals only when
 * there are some ('3600', '541,8', '-0,5'), read back by readNumber as the same number. */
export const inputText = (units: number, decimals: number) =>
  formatUnits(units, decimals, { fixed: false, group: false });
