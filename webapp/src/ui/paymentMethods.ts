import { useListLookupQuery } from '../api/lookups';
import type { LookupItem, Nombrado } from '../api/types';

const NONE: LookupItem[] = [];

/** The payment methods as the server lists them (`GET /api/metodoPago`), in its order: the one
 * order the form's selects, the cash list and the closing show them in. */
export function usePaymentMethods(): LookupItem[] {
  return useListLookupQuery('/api/metodoPago').data ?? NONE;
}

/** How a row names its payment method: by id where it has one, else by name (the cash list's
 * sums are keyed by name). */
export type MethodOf<T> = (row: T) => { id?: number | null; nombre?: string | null };

/**
 * `rows` in the order of the server's list of payment methods, so a drawer reads the same on
 * every screen: the closing answers its methods by name and the totals come sorted by name, while
 * the list is in the order the shop created them. A method the list does not hold (renamed or
 * deleted since, or 'Sin método') goes last, in the order it came.
 */
export function inMethodOrder<T>(rows: readonly T[], metodos: readonly Nombrado[], of: MethodOf<T>): T[] {
  const rank = (row: T) => {
    const { id, nombre } = of(row);
    const byId = id == null ? -1 : metodos.findIndex((m) => m.id === id);
    const i = byId >= 0 ? byId : metodos.findIndex((m) => nombre != null && m.nombre === nombre);
    return i >= 0 ? i : metodos.length;
  };
  return rows
    .map((row, i) => ({ row, i, rank: rank(row) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map(({ row }) => row);
}
