// The Idempotency-Key of a request that creates something (a movement, a return): made once per
// opened form or dialog and sent again on a retry, so a double click or a lost answer creates one.

/** A v4 UUID for the Idempotency-Key; crypto.randomUUID needs a secure context, so a shop
 * served over plain HTTP on its network gets one from getRandomValues. */
export function newIdempotencyKey(
  c: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto,
): string {
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
