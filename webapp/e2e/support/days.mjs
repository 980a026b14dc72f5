// The shop's days as the browser tests name them: in the shop's time zone (the server's
// OPTICA_TIMEZONE default), so "today" is the same day for the server and the browser.

export const TZ = 'America/Argentina/Buenos_Aires';

/** The shop's day (yyyy-mm-dd) `days` days from today (negative: ago). */
export const dayFromToday = (days) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(Date.now() + days * 24 * 3600 * 1000));

/** A yyyy-mm-dd day as the screens write it, dd/mm/yyyy. */
export const ddmmyyyy = (iso) => iso.split('-').reverse().join('/');
