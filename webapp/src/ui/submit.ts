import type { FormEvent } from 'react';

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
