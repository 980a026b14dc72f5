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
