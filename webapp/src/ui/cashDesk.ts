import { useListLookupQuery } from '../api/lookups';
import type { LookupItem } from '../api/types';
import { useAppSelector } from '../app/store';
import { isAdmin } from '../session/sessionSlice';

/** What a dialog that takes or pays back money at a branch needs: whether an admin is working
 * (they choose the branch), the user's own branch (a seller works there), the branches and the
 * payment methods. */
export interface CashDesk {
  admin: boolean;
  ownLocalId: number | null;
  locales: LookupItem[];
  metodos: LookupItem[];
}

/** The session's cash desk, its lookups read (and kept) by the screen that opens the dialogs. */
export function useCashDesk(): CashDesk {
  const session = useAppSelector((s) => s.session);
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const { data: metodos = [] } = useListLookupQuery('/api/metodoPago');
  return { admin: isAdmin(session), ownLocalId: session.localId, locales, metodos };
}
