import type { ReactNode } from 'react';
import { useAppSelector } from '../app/store';

/** Shows nothing while this tab asks the other tabs for their session (a few hundred ms at most,
 * see ./tabs.ts): no login screen, no 'Necesitas logearte', no visitor's page flashes before a
 * session an open tab hands over. */
export function SessionGate({ children }: { children: ReactNode }) {
  const waiting = useAppSelector((s) => s.session.phase === 'waiting');
  return waiting ? null : <>{children}</>;
}
