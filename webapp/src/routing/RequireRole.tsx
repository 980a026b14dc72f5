import { useEffect, useRef, type ReactNode } from 'react';
import { onForbidden, onUnauthorized } from '../api/base';
import { useAppDispatch, useAppSelector } from '../app/store';
import { ReloginDialog } from '../session/ReloginDialog';
import { hasAnyRole, isAdmin, isAuthenticated, type Session } from '../session/sessionSlice';

export type Access = 'staff' | 'admin';

/** Whether a session may open a screen: 'ok', or why not (as the server would answer). */
export function accessFor(session: Session, access: Access): 'ok' | 401 | 403 {
  if (!isAuthenticated(session)) return 401;
  const allowed = access === 'admin' ? isAdmin(session) : hasAnyRole(session);
  return allowed ? 'ok' : 403;
}

/** Guards a screen by role, reacting like a 401 or 403 answer of the server (spec 000 section 6).
 * While this tab asks the other tabs for their session (a few hundred ms at most, see
 * ../session/tabs.ts) it shows nothing and decides nothing, so neither 'ERROR LOGIN' nor the login
 * screen flashes before a session an open tab hands over; the public pages do not wait. A lapsed
 * session (its token ran out over unsaved changes) keeps the screen, with the re-login over it. */
export function RequireRole({ access, children }: { access: Access; children: ReactNode }) {
  const session = useAppSelector((s) => s.session);
  const dispatch = useAppDispatch();
  const verdict = session.phase === 'waiting' ? 'waiting' : accessFor(session, access);
  const wasOk = useRef(false);
  useEffect(() => {
    // A logout, here or in another tab, took the user to login with its own notice already.
    const loggedOut = wasOk.current && (session.ended === 'logout' || session.ended === 'otherTab');
    wasOk.current = verdict === 'ok';
    if (verdict === 401 && !loggedOut) onUnauthorized(session, dispatch);
    if (verdict === 403) onForbidden(session);
    // Only when the verdict changes: the handlers navigate away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [verdict]);
  if (verdict !== 'ok') return null;
  return (
    <>
      {children}
      {session.lapsed && <ReloginDialog />}
    </>
  );
}
