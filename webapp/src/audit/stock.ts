// The stock ledger's rules: a signed quantity, and each branch's stock as of a moment.
import type { AsientoStock } from '../api/audit';

/** A signed quantity: `+3`, `-2`, `0`. */
export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export interface StockDeLocal {
  localId: number;
  localNombre: string;
  stock: number;
}

/** Each branch's stock after its last change in the (oldest first) ledger, in the order the
 * branches first appear. */
export function stockAlMomento(asientos: AsientoStock[]): StockDeLocal[] {
  const byLocal = new Map<number, StockDeLocal>();
  for (const a of asientos) {
    byLocal.set(a.localId, {
      localId: a.localId,
      localNombre: a.localNombre ?? `Local ${a.localId}`,
      stock: a.stock,
    });
  }
  return [...byLocal.values()];
}
