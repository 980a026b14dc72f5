import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  NUMBER_ERRORS,
  PERCENT,
  WHOLE,
  formatEntero,
  formatPorcentaje,
  formatUnits,
  inputText,
  numberError,
  readNumber,
  unitsOf,
  type NumberRule,
} from './numbers';

const CENTS: NumberRule = { decimals: 2 };
const SIGNED: NumberRule = { decimals: 2, negative: true };

describe('reading typed numbers (es-AR first)', () => {
  it('reads 1.234,56, 1234,56 and 1234.56 as the same amount', () => {
    expect(unitsOf('1.234,56', CENTS)).toBe(123456);
    expect(unitsOf('1234,56', CENTS)).toBe(123456);
    expect(unitsOf('1234.56', CENTS)).toBe(123456);
    expect(unitsOf('1 234,56', CENTS)).toBe(123456);
    expect(unitsOf('$ 1.234,56', CENTS)).toBe(123456);
  });

  it('never drops a character: the commas of the issue', () => {
    expect(unitsOf('150,5', CENTS)).toBe(15050);
    expect(unitsOf('7,5', PERCENT)).toBe(750);
    expect(unitsOf('1234,5', CENTS)).toBe(123450);
  });

  it('reads a percentage with or without its sign', () => {
    for (const text of ['10%', '10 %', '10', ' 10% ']) expect(unitsOf(text, PERCENT)).toBe(1000);
    expect(unitsOf('10,5%', PERCENT)).toBe(1050);
    expect(unitsOf('10.5', PERCENT)).toBe(1050);
    expect(unitsOf('10,5', PERCENT)).toBe(1050);
    // Only a percentage takes the sign, and only at the end; nothing else is dropped.
    expect(numberError('10%', CENTS)).toBe(NUMBER_ERRORS.noNumero);
    expect(numberError('%10', PERCENT)).toBe(NUMBER_ERRORS.noNumero);
    expect(numberError('%', PERCENT)).toBe(NUMBER_ERRORS.noNumero);
    expect(numberError('10%%', PERCENT)).toBe(NUMBER_ERRORS.noNumero);
  });

  it('reads a lone dot before three digits as thousands, any other dot as the decimal point', () => {
    expect(unitsOf('1.234', CENTS)).toBe(123400);
    expect(unitsOf('12.500', WHOLE)).toBe(12500);
    expect(unitsOf('1.234.567', WHOLE)).toBe(1234567);
    expect(unitsOf('1.5', CENTS)).toBe(150);
    expect(unitsOf('4999.99', CENTS)).toBe(499999);
    expect(unitsOf('0.125', { decimals: 3 })).toBe(125);
    // where numbers stay small, a dot is always the decimal point
    expect(unitsOf('1.250', PERCENT)).toBe(125);
  });

  it('reads signs, spaces and partial decimals', () => {
    expect(unitsOf('-0,5', SIGNED)).toBe(-50);
    expect(unitsOf('+2', SIGNED)).toBe(200);
    expect(unitsOf('  12  ', CENTS)).toBe(1200);
    expect(unitsOf(',5', CENTS)).toBe(50);
    expect(unitsOf('5,', CENTS)).toBe(500);
    expect(unitsOf('-0', CENTS)).toBe(0);
    expect(Object.is(unitsOf('-0', SIGNED), 0)).toBe(true);
  });

  it('is blank for blank text, not zero', () => {
    expect(readNumber('', CENTS)).toEqual({ kind: 'blank' });
    expect(readNumber('   ', CENTS)).toEqual({ kind: 'blank' });
    expect(unitsOf('', CENTS)).toBeNull();
    expect(numberError('', CENTS)).toBeNull();
  });

  it('refuses what it would have to guess, with the reason in Spanish', () => {
    expect(numberError('1e3', CENTS)).toBe(NUMBER_ERRORS.noNumero);
    expect(numberError('abc', CENTS)).toBe(NUMBER_ERRORS.noNumero);
    expect(numberError('12abc', CENTS)).toBe(NUMBER_ERRORS.noNumero);
    expect(numberError('.', CENTS)).toBe(NUMBER_ERRORS.noNumero);
    expect(numberError('1,2,3', CENTS)).toBe(NUMBER_ERRORS.dosComas);
    expect(numberError('1.23.4,5', CENTS)).toBe(NUMBER_ERRORS.miles);
    expect(numberError('1.23.4', CENTS)).toBe(NUMBER_ERRORS.miles);
    expect(numberError('12 34', CENTS)).toBe(NUMBER_ERRORS.miles);
    expect(numberError('1,234.56', CENTS)).toBe(NUMBER_ERRORS.comaAntesDePunto);
    expect(numberError('1.234,5', PERCENT)).toBe(NUMBER_ERRORS.miles);
    expect(numberError('0,125', CENTS)).toBe('Admite como máximo 2 decimales.');
    expect(numberError('1,5', WHOLE)).toBe(NUMBER_ERRORS.entero);
    expect(numberError('-5', CENTS)).toBe(NUMBER_ERRORS.negativo);
    expect(numberError('-5', WHOLE)).toBe(NUMBER_ERRORS.negativo);
    expect(numberError('99999999999999999999', CENTS)).toBe(NUMBER_ERRORS.grande);
  });
});

describe('writing numbers as es-AR does', () => {
  it('groups thousands with dots and writes decimals after a comma', () => {
    expect(formatUnits(35999996, 2)).toBe('359.999,96');
    expect(formatUnits(50, 2)).toBe('0,50');
    expect(formatUnits(-123456789, 2)).toBe('-1.234.567,89');
    expect(formatUnits(750, 2, { fixed: false })).toBe('7,5');
    expect(formatEntero(12345)).toBe('12.345');
    expect(formatPorcentaje(750)).toBe('7,5%');
    expect(formatPorcentaje(10000)).toBe('100%');
    expect(formatEntero(999)).toBe('999');
  });

  it('writes input texts that read back as the same number', () => {
    for (const units of [0, 5, 360000, 54180, -50, 123456789]) {
      expect(unitsOf(inputText(units, 2), SIGNED)).toBe(units);
    }
    expect(inputText(360000, 2)).toBe('3600');
    expect(inputText(54180, 2)).toBe('541,8');
  });
});

// The server reads typed numbers the same way (events/src/numbers.rs): both suites load these.
describe('reading typed numbers as the server does (tests/cases/typed_numbers.json)', () => {
  const FILE = join(dirname(fileURLToPath(import.meta.url)), '../../../tests/cases/typed_numbers.json');
  const cases = JSON.parse(readFileSync(FILE, 'utf8')) as {
    why: string;
    text: string;
    rule: NumberRule;
    units?: number;
    error?: string;
  }[];
  it.each(cases.map((c) => [c.why, c] as const))('%s', (_, c) => {
    const expected =
      c.units !== undefined
        ? { kind: 'number', units: c.units }
        : c.error !== undefined
          ? { kind: 'invalid', error: c.error }
          : { kind: 'blank' };
    expect(readNumber(c.text, c.rule)).toEqual(expected);
  });
});
