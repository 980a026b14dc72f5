import { describe, expect, it } from 'vitest';
import { instant } from '../test/seed';
import {
  dateText,
  datePattern,
  daysInMonth,
  formatFecha,
  formatFechaHora,
  formatInstant,
  isoDate,
  localMinute,
  localToIsoUtc,
  readDate,
  sameMinute,
} from './dates';

const NOW = '2025-06-01T09:15';
const LATER = '2025-06-01T09:16';

describe('dates', () => {
  it.each([
    ['2024-05-10T09:05:59', '10/05/2024 09:05'],
    ['2024-05-10T23:59', '10/05/2024 23:59'],
    ['2024-05-10', '10/05/2024'],
    [null, ''],
  ])('writes dates as dd/MM/yyyy HH:mm without moving them between time zones: %s', (fecha, text) => {
    expect(formatFechaHora(fecha)).toBe(text);
  });

  it('writes a day alone as dd/MM/yyyy', () => {
    expect(formatFecha('2024-12-31')).toBe('31/12/2024');
  });

  it('writes the local minute and compares minutes', () => {
    expect(localMinute(new Date(2025, 0, 5, 7, 3, 59))).toBe('2025-01-05T07:03');
    expect(sameMinute('2025-05-02T11:30:45', '2025-05-02T11:30')).toBe(true);
    expect(sameMinute(LATER, NOW)).toBe(false);
    expect(sameMinute('', NOW)).toBe(false);
  });

  it('dates are local calendar dates', () => {
    expect(isoDate(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05');
  });

  it('shows an instant in local time as dd/MM/yyyy HH:mm:ss', () => {
    expect(formatInstant(instant(2024, 1, 2, 3, 4, 5))).toBe('02/01/2024 03:04:05');
    expect(formatInstant('no es fecha')).toBe('no es fecha');
    expect(formatInstant(null)).toBe('');
  });

  it('turns a datetime-local value into an ISO instant in UTC, seconds included', () => {
    const utc = (d: Date) => d.toISOString().replace('.000Z', 'Z');
    expect(localToIsoUtc('2024-05-10T10:15')).toBe(utc(new Date(2024, 4, 10, 10, 15)));
    expect(localToIsoUtc('2024-05-10T10:15:42')).toBe(utc(new Date(2024, 4, 10, 10, 15, 42)));
    expect(localToIsoUtc('')).toBeNull();
    expect(localToIsoUtc('2024-05-10')).toBeNull();
    expect(localToIsoUtc('2024-13-40T99:99')).toBeNull();
  });
});

describe('typed dates (dd/mm/aaaa)', () => {
  const iso = (text: string, withTime: boolean | 'seconds' = false) => {
    const r = readDate(text, withTime);
    return r.kind === 'date' ? r.iso : r.kind;
  };
  const error = (text: string, withTime: boolean | 'seconds' = false) => {
    const r = readDate(text, withTime);
    return r.kind === 'invalid' ? r.error : `not refused: ${r.kind}`;
  };

  it.each([
    ['05/03/2026', '2026-03-05'],
    ['5/3/2026', '2026-03-05'],
    ['05-03-2026', '2026-03-05'],
    ['5.3.2026', '2026-03-05'],
    ['31/12/2024', '2024-12-31'],
  ])('reads day first, with or without leading zeros, slashes, dashes or dots: %s', (text, day) => {
    expect(iso(text)).toBe(day);
  });

  it('ignores spaces around the date and its separators', () => {
    expect(iso('  05/03/2026 ')).toBe('2026-03-05');
    expect(iso('5 / 3 / 2026')).toBe('2026-03-05');
  });

  it('reads the ISO date the app writes itself', () => {
    expect(iso('2026-03-05')).toBe('2026-03-05');
  });

  it('is blank when empty or only spaces', () => {
    expect(readDate('')).toEqual({ kind: 'blank' });
    expect(readDate('   ')).toEqual({ kind: 'blank' });
    expect(readDate(' ', true)).toEqual({ kind: 'blank' });
  });

  it('refuses a day the month does not have, saying why, never moving it to another day', () => {
    expect(error('31/02/2026')).toBe('31/02/2026 no existe: febrero de 2026 tiene 28 días.');
    expect(error('31/04/2026')).toBe('31/04/2026 no existe: abril de 2026 tiene 30 días.');
    expect(error('0/05/2026')).toBe('00/05/2026 no existe: mayo de 2026 tiene 31 días.');
    expect(error('32/01/2026')).toMatch(/^32\/01\/2026 no existe/);
  });

  it('knows leap years: 29 February exists in 2024 and 2000, not in 2025 nor 1900', () => {
    expect(iso('29/02/2024')).toBe('2024-02-29');
    expect(iso('29/02/2000')).toBe('2000-02-29');
    expect(error('29/02/2025')).toBe('29/02/2025 no existe: febrero de 2025 tiene 28 días.');
    expect(error('29/02/1900')).toBe('29/02/1900 no existe: febrero de 1900 tiene 28 días.');
    expect(daysInMonth(2024, 2)).toBe(29);
  });

  it.each([
    ['05/13/2026', 'El mes 13 no existe: va de 1 a 12.'],
    ['05/00/2026', 'El mes 00 no existe: va de 1 a 12.'],
    ['05/03/26', 'El año va con cuatro cifras, por ejemplo 05/03/2026.'],
    ['mañana', 'Escriba la fecha como dd/mm/aaaa, por ejemplo 05/03/2026.'],
    ['05/03-2026', 'Escriba la fecha como dd/mm/aaaa, por ejemplo 05/03/2026.'],
    ['2026/03/05', 'Escriba la fecha como dd/mm/aaaa, por ejemplo 05/03/2026.'],
    ['05/03/0099', 'El año 0099 no es válido.'],
  ])('refuses a month out of 1-12, a short year and text that is not a date: %s', (text, why) => {
    expect(error(text)).toBe(why);
  });

  it('with the time, reads dd/mm/aaaa hh:mm and the ISO date-time, and needs a valid time', () => {
    expect(iso('05/03/2026 09:30', true)).toBe('2026-03-05T09:30');
    expect(iso('5/3/2026 9:05', true)).toBe('2026-03-05T09:05');
    expect(iso('2026-03-05T23:59', true)).toBe('2026-03-05T23:59');
    expect(error('05/03/2026', true)).toBe('Falta la hora (hh:mm, por ejemplo 09:30).');
    expect(error('05/03/2026 24:00', true)).toBe('La hora 24:00 no es válida: escríbala como hh:mm, de 00:00 a 23:59.');
    expect(error('05/03/2026 9:7', true)).toBe('La hora 9:7 no es válida: escríbala como hh:mm, de 00:00 a 23:59.');
    expect(error('31/02/2026 10:00', true)).toBe('31/02/2026 no existe: febrero de 2026 tiene 28 días.');
    expect(error('ayer', true)).toBe('Escriba la fecha como dd/mm/aaaa hh:mm, por ejemplo 05/03/2026.');
  });

  it("to the second, reads dd/mm/aaaa hh:mm:ss, the seconds optional (':00'), and refuses a bad second", () => {
    expect(iso('05/03/2026 09:30:15', 'seconds')).toBe('2026-03-05T09:30:15');
    expect(iso('5/3/2026 9:05', 'seconds')).toBe('2026-03-05T09:05:00');
    expect(iso('2026-03-05T23:59:59', 'seconds')).toBe('2026-03-05T23:59:59');
    expect(datePattern('seconds')).toBe('dd/mm/aaaa hh:mm:ss');
    expect(error('05/03/2026', 'seconds')).toBe('Falta la hora (hh:mm:ss, por ejemplo 09:30:00).');
    expect(error('05/03/2026 10:00:60', 'seconds')).toBe(
      'La hora 10:00:60 no es válida: escríbala como hh:mm:ss, de 00:00:00 a 23:59:59.',
    );
    expect(error('05/03/2026 10:0:5', 'seconds')).toBe(
      'La hora 10:0:5 no es válida: escríbala como hh:mm:ss, de 00:00:00 a 23:59:59.',
    );
    expect(error('ayer', 'seconds')).toBe('Escriba la fecha como dd/mm/aaaa hh:mm:ss, por ejemplo 05/03/2026.');
    // to the minute, seconds are not taken
    expect(error('05/03/2026 09:30:15', true)).toBe(
      'La hora 09:30:15 no es válida: escríbala como hh:mm, de 00:00 a 23:59.',
    );
    expect(dateText('2026-03-05T09:30:15', 'seconds')).toBe('05/03/2026 09:30:15');
    expect(dateText('2026-03-05T09:30', 'seconds')).toBe('05/03/2026 09:30:00');
  });

  it('shows a value as dd/mm/aaaa (with the time, to the minute); other text as it is', () => {
    expect(dateText('2026-03-05')).toBe('05/03/2026');
    expect(dateText('')).toBe('');
    expect(dateText('31/02/2026')).toBe('31/02/2026');
    expect(dateText('2026-03-05T09:30:15', true)).toBe('05/03/2026 09:30');
  });
});
