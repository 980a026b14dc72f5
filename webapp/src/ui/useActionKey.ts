import { useMemo, useRef } from 'react';
import { newIdempotencyKey } from '../lib/idempotency';

/** The Idempotency-Key of an action sent from a screen that stays open after it (a page, not a
 * dialog that closes): the same key while the user sends the same thing again, since a retry
 * after a lost answer is the same action and the server must do it once; a new key once the
 * action succeeded (doing it again is another action) or when what is sent changed. */
export function useActionKey() {
  const last = useRef<{ sent: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(action: unknown): string {
        const sent = JSON.stringify(action);
        if (last.current?.sent !== sent) last.current = { sent, key: newIdempotencyKey() };
        return last.current.key;
      },
      done() {
        last.current = null;
      },
    }),
    [],
  );
}
