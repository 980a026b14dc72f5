import { describe, expect, it } from 'vitest';
import { centsOf, centsText, formatPesos, money, parseCents, parseScaled } from './money';

describe('money in cents', () => {
  it('reads typed amounts exactly, rounding half away from zero', () => {
    expect(parseCents('1500')).toBe(150000);
    expect(parseCents('12.5')).toBe(1250);
    expect(parseCents('3,75')).toBe(375);
    expect(parseCents('0.125')).toBe(13);
    expect(parseCents('-0.125')).toBe(-13);
    expect(parseCents('.5')).toBe(50);
    expect(parseCents('')).toBeNull();
    expect(parseCents('abc')).toBeNull();
    expect(parseCents('1e5')).toBeNull();
    expect(parseScaled('12.5', 2)).toBe(1250);
  });

  it('reads the server numbers through their decimal text', () => {
    expect(centsOf(0.29)).toBe(29);
    expect(centsOf(12499.99)).toBe(1249999);
    expect(centsOf(null)).toBe(0);
  });

  it('writes cents for inputs and for display', () => {
    expect(centsText(150000)).toBe('1500');
    expect(centsText(1250)).toBe('12.50');
    expect(formatPesos(1249999)).toBe('$12499.99');
    expect(formatPesos(-50)).toBe('-$0.50');
  });

  it('writes money with two decimals and the sign first', () => {
    expect(money(1500)).toBe('$1500.00');
    expect(money(-0.1 - 0.2)).toBe('-$0.30');
    expect(money(null)).toBe('');
  });
});
