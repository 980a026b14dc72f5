import type { FormEvent } from 'react';
import { handledElsewhere } from '../api/base';
import { confirmWith, type Confirmation } from '../app/confirmations';

/**
 * A form's submit handler: nothing happens while something stops it (`blocked`: its reasons, or a
 * send on its way); else `send` runs, and a refusal is told by `refused` (the feature's words).
 */
export const submitter =
  (blocked: boolean, send: () => Promise<unknown>, refused: (error: unknown) => void) => async (e: FormEvent) => {
    e.preventDefault();
    if (blocked) return;
    try {
      await send();
    } catch (error) {
      refused(error);
    }
  };

/** A delete of a list's row: asks first; once done, `onDeleted` tells it with the answer; a
 * refusal the session did not already answer (401, 403) goes to `onRefused`. */
export async function deleteConfirmed<A>(
  ask: Confirmation,
  remove: () => Promise<A>,
  onDeleted: (answer: A) => void,
  onRefused: (error: unknown) => void,
) {
  if (!(await confirmWith(ask))) return;
  try {
    onDeleted(await remove());
  } catch (error) {
    if (!handledElsewhere(error)) onRefused(error);
  }
}
