import { describe, expect, it } from 'vitest';
import { centsOf, centsText, formatPesos, money, parseCents, parseScaled, readPesos } from './money';

describe('money in cents', () => {
  it('reads typed amounts as es-AR writes them, and the other two ways', () => {
    expect(parseCents('1500')).toBe(150000);
    expect(parseCents('1.234,56')).toBe(123456);
    expect(parseCents('1234,56')).toBe(123456);
    expect(parseCents('1234.56')).toBe(123456);
    expect(parseCents('12.5')).toBe(1250);
    expect(parseCents('3,75')).toBe(375);
    expect(parseCents('150,5')).toBe(15050);
    expect(parseCents('.5')).toBe(50);
    expect(parseCents('')).toBeNull();
    expect(parseCents('abc')).toBeNull();
    expect(parseCents('1e5')).toBeNull();
    // nothing is rounded away or guessed
    expect(parseCents('0.125')).toBeNull();
    expect(readPesos('0,125')).toEqual({ kind: 'invalid', error: 'Admite como máximo 2 decimales.' });
    expect(readPesos('-1')).toEqual({ kind: 'invalid', error: 'No puede ser negativo.' });
  });

  it('reads the server numbers through their decimal text', () => {
    expect(centsOf(0.29)).toBe(29);
    expect(centsOf(12499.99)).toBe(1249999);
    expect(centsOf(0.125)).toBe(13);
    expect(centsOf(null)).toBe(0);
    expect(parseScaled('-0.125', 2)).toBe(-13);
    expect(parseScaled('1,5', 2)).toBeNull();
  });

  it('writes cents for inputs, read back as the same amount', () => {
    expect(centsText(150000)).toBe('1.500,00');
    expect(centsText(10000000)).toBe('100.000,00');
    expect(centsText(1250)).toBe('12,50');
    expect(centsText(54180)).toBe('541,80');
    expect(centsText(0)).toBe('0,00');
    expect(centsText(-50)).toBe('-0,50');
    for (const cents of [123456, 10000000, 1250, 0, 99, 123456789]) expect(parseCents(centsText(cents))).toBe(cents);
  });

  it('shows money as es-AR does: $ 359.999,96', () => {
    expect(formatPesos(35999996)).toBe('$ 359.999,96');
    expect(formatPesos(123456)).toBe('$ 1.234,56');
    expect(formatPesos(1249999)).toBe('$ 12.499,99');
    expect(formatPesos(0)).toBe('$ 0,00');
    expect(formatPesos(-50)).toBe('-$ 0,50');
    expect(formatPesos(-123456789)).toBe('-$ 1.234.567,89');
  });

  it('writes the server numbers with two decimals and the sign first', () => {
    expect(money(1500)).toBe('$ 1.500,00');
    expect(money(359999.96)).toBe('$ 359.999,96');
    expect(money(-0.1 - 0.2)).toBe('-$ 0,30');
    expect(money(null)).toBe('');
  });
});
