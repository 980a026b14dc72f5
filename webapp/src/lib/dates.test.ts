import { describe, expect, it } from 'vitest';
import { instant } from '../test/seed';
import { formatFecha, formatFechaHora, formatInstant, isoDate, localMinute, localToIsoUtc, sameMinute } from './dates';

const NOW = '2025-06-01T09:15';
const LATER = '2025-06-01T09:16';

describe('dates', () => {
  it('writes dates as dd/MM/yyyy HH:mm without moving them between time zones', () => {
    expect(formatFechaHora('2024-05-10T09:05:59')).toBe('10/05/2024 09:05');
    expect(formatFechaHora('2024-05-10T23:59')).toBe('10/05/2024 23:59');
    expect(formatFechaHora('2024-05-10')).toBe('10/05/2024');
    expect(formatFecha('2024-12-31')).toBe('31/12/2024');
    expect(formatFechaHora(null)).toBe('');
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
