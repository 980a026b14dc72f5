// Dates as the app reads and writes them. The server speaks the shop's local time as
// `yyyy-MM-ddTHH:mm[:ss]` (movements, payments) and `yyyy-MM-dd` (days), and UTC instants in the
// audit; screens show `dd/MM/yyyy`. Local texts are cut and rearranged, never moved between time
// zones; only instants go through Date.

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar date as yyyy-mm-dd. */
export const isoDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The local date-time to the minute, as a datetime-local input and the server read it. */
export const localMinute = (d: Date) => `${isoDate(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** A server date-time (`yyyy-MM-ddTHH:mm:ss`) cut to the minute. */
export const toMinute = (fecha: string) => fecha.slice(0, 16);

/** A local date-time to the minute, `T` separated. */
export const isLocalMinute = (fecha: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(fecha);

/** Whether two date-times fall within the same minute. */
export const sameMinute = (a: string, b: string) => isLocalMinute(a) && isLocalMinute(b) && toMinute(a) === toMinute(b);

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

/** `yyyy-MM-ddTHH:mm[:ss]` (the shop's local time, as the server writes it) → `dd/MM/yyyy HH:mm`. */
export function formatFechaHora(fecha: string | null | undefined): string {
  const m = DATE_TIME.exec(fecha ?? '');
  if (!m) return fecha ?? '';
  const [, y, mo, d, h, mi] = m;
  return h === undefined ? `${d}/${mo}/${y}` : `${d}/${mo}/${y} ${h}:${mi}`;
}

/** `yyyy-MM-dd` → `dd/MM/yyyy`. */
export const formatFecha = (fecha: string) => formatFechaHora(fecha.slice(0, 10));

/** The date and time to the minute, whatever the separator and the seconds; null without a time. */
export const minuteOf = (fecha: string | null | undefined) => {
  const m = DATE_TIME.exec(fecha ?? '');
  return m && m[4] !== undefined ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}` : null;
};

/** An ISO instant (UTC) → `dd/MM/yyyy HH:mm:ss` in the browser's local time. */
export function formatInstant(iso: string | null | undefined): string {
  const date = new Date(iso ?? '');
  if (!iso || Number.isNaN(date.getTime())) return iso ?? '';
  const day = `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A datetime-local value (`yyyy-MM-ddTHH:mm[:ss]`, local time) → `yyyy-MM-ddTHH:mm:ssZ` in UTC;
 * null when it is not one. */
export function localToIsoUtc(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A `yyyy-MM-dd` day as its UTC midnight in milliseconds (NaN when unreadable). */
export const utcDay = (fecha: string) => {
  const [y, m, d] = fecha.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
};

/** A UTC midnight in milliseconds as its `yyyy-MM-dd` day. */
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// ------------------------------------------------------------------ what people type as a date

/** What a typed date was read as: nothing, a day (`yyyy-MM-dd`; `yyyy-MM-ddTHH:mm` with the
 * time, `yyyy-MM-ddTHH:mm:ss` to the second), or text that is not one, with why in Spanish. */
export type DateReading = { kind: 'blank' } | { kind: 'date'; iso: string } | { kind: 'invalid'; error: string };

/** The months as Spanish names them, January first. */
export const MESES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** Days in a month (1-12) of a year, leap years included. */
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

// d/m/aaaa, dd/mm/aaaa, dd-mm-aaaa, dd.mm.aaaa (spaces around the separators allowed), or the
// ISO aaaa-mm-dd the app writes itself; then, with the time, hh:mm after a space or a T.
const DAY_MONTH_YEAR = /^(\d{1,2})\s*([/.-])\s*(\d{1,2})\s*\2\s*(\d+)$/;
const YEAR_MONTH_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const TIME = /^(\d{1,2}):(\d{2})$/;
const TIME_SECONDS = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** How much of a moment a date input asks for: the day (false), the minute (true, a movement's
 * date) or the second ('seconds', the audit's state at a moment). */
export type DatePrecision = boolean | 'seconds';

/** The typed form of a date: `dd/mm/aaaa`, `dd/mm/aaaa hh:mm` with the time, `dd/mm/aaaa
 * hh:mm:ss` to the second. */
export const datePattern = (withTime: DatePrecision) =>
  withTime === 'seconds' ? 'dd/mm/aaaa hh:mm:ss' : withTime ? 'dd/mm/aaaa hh:mm' : 'dd/mm/aaaa';

function readDay(text: string, withTime: DatePrecision): DateReading {
  const m = DAY_MONTH_YEAR.exec(text);
  const iso = m ? null : YEAR_MONTH_DAY.exec(text);
  if (!m && !iso) {
    return { kind: 'invalid', error: `Escriba la fecha como ${datePattern(withTime)}, por ejemplo 05/03/2026.` };
  }
  const [d, mo, y] = m ? [m[1], m[3], m[4]] : [iso![3], iso![2], iso![1]];
  if (y.length !== 4) return { kind: 'invalid', error: 'El año va con cuatro cifras, por ejemplo 05/03/2026.' };
  const [day, month, year] = [Number(d), Number(mo), Number(y)];
  if (year < 1900) return { kind: 'invalid', error: `El año ${y} no es válido.` };
  if (month < 1 || month > 12) return { kind: 'invalid', error: `El mes ${mo} no existe: va de 1 a 12.` };
  const last = daysInMonth(year, month);
  if (day < 1 || day > last) {
    return {
      kind: 'invalid',
      error: `${pad(day)}/${pad(month)}/${y} no existe: ${MESES[month - 1]} de ${y} tiene ${last} días.`,
    };
  }
  return { kind: 'date', iso: `${y}-${pad(month)}-${pad(day)}` };
}

/**
 * Reads a date as people in Argentina type it: day first ('5/3/2026', '05/03/2026',
 * '05-03-2026', spaces around it ignored) or the ISO '2026-03-05'. A day that does not exist
 * ('31/02/2026', '29/02/2025') is refused with why, never moved to another day. With `withTime`
 * a time 'hh:mm' (0-23, 0-59) follows after a space (or the ISO 'T') and is required; with
 * 'seconds', 'hh:mm:ss', the seconds optional (':00' when left out).
 */
export function readDate(text: string, withTime: DatePrecision = false): DateReading {
  const t = text.trim();
  if (t === '') return { kind: 'blank' };
  if (!withTime) return readDay(t, false);
  const seconds = withTime === 'seconds';
  const split = /^(.*?\d)(?:\s+|T)(\d{1,2}:[\d:]+)$/.exec(t);
  if (!split) {
    const day = readDay(t, withTime);
    if (day.kind === 'invalid') return day;
    const example = seconds ? 'hh:mm:ss, por ejemplo 09:30:00' : 'hh:mm, por ejemplo 09:30';
    return { kind: 'invalid', error: `Falta la hora (${example}).` };
  }
  const day = readDay(split[1], withTime);
  if (day.kind !== 'date') return day;
  const time = (seconds ? TIME_SECONDS : TIME).exec(split[2]);
  if (!time || Number(time[1]) > 23 || Number(time[2]) > 59 || Number(time[3] ?? 0) > 59) {
    const range = seconds ? 'hh:mm:ss, de 00:00:00 a 23:59:59' : 'hh:mm, de 00:00 a 23:59';
    return { kind: 'invalid', error: `La hora ${split[2]} no es válida: escríbala como ${range}.` };
  }
  const minute = `${day.iso}T${pad(Number(time[1]))}:${time[2]}`;
  return { kind: 'date', iso: seconds ? `${minute}:${time[3] ?? '00'}` : minute };
}

/** A `yyyy-MM-dd` (or `yyyy-MM-ddTHH:mm[:ss]`) value as a date input shows it: `dd/mm/aaaa`
 * (`dd/mm/aaaa hh:mm`, or `dd/mm/aaaa hh:mm:ss` to the second); empty stays empty and anything
 * else is shown as it is. */
export function dateText(value: string, withTime: DatePrecision = false): string {
  if (withTime === 'seconds') {
    const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
    return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}:${m[6] ?? '00'}` : value;
  }
  if (withTime) return DATE_TIME.test(value) ? formatFechaHora(value) : value;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatFecha(value) : value;
}
