// What every screen reads: the users' tokens, the branches and payment methods, and the page
// shape of the server's paged lists.

/** A JWT with the given payload (unsigned: the browser never checks signatures). */
export function fakeToken(payload: Record<string, unknown>) {
  // Non-ASCII as \u escapes, as the server writes it.
  const json = (o: unknown) =>
    JSON.stringify(o).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const b64 = (o: unknown) => btoa(json(o)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.firma`;
}

export const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** Ana, an admin. */
export const adminToken = () => fakeToken({ user_name: 'ana', authorities: ['ROLE_ADMIN'], exp: inAnHour() });

/** Beto, a seller at branch `localId`. */
export const sellerToken = (localId: number) =>
  fakeToken({ user_name: 'beto', authorities: ['ROLE_VENDEDOR'], local_id: localId, exp: inAnHour() });

export const locales = [
  { id: 1, nombre: 'Centro', direccion: 'Calle 1', celular: '11' },
  { id: 2, nombre: 'Norte', direccion: 'Ruta 14', celular: '22' },
];

export const metodosPago = [
  { id: 1, nombre: 'Efectivo' },
  { id: 2, nombre: 'Tarjeta' },
];

const unsorted = { empty: true, sorted: false, unsorted: true };

/** A page of `size` rows as the server writes every paged list (`number` is zero-based). */
export function springPage<T>(content: T[], size: number, number = 0, totalPages = 1) {
  return {
    content,
    number,
    totalPages,
    totalElements: content.length,
    first: number === 0,
    last: number === totalPages - 1,
    size,
    numberOfElements: content.length,
    empty: content.length === 0,
    sort: unsorted,
    pageable: {
      sort: unsorted,
      offset: number * size,
      pageNumber: number,
      pageSize: size,
      paged: true,
      unpaged: false,
    },
  };
}
