import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { confirmWith, LEAVE_CONFIRM } from '../app/confirmations';
import { registerForm } from '../session/unsaved';

/**
 * Warns before a form with unsaved changes is left: a reload, a closed tab or a typed address get
 * the browser's question (beforeunload), a link or button of the app asks LEAVE_CONFIRM first
 * (react-router's blocker). Answers `saved`: call it before navigating away after a save, so
 * that navigation is not asked about. The form is known to the session (session/unsaved.ts): a
 * token that runs out while it is dirty asks for the password over it instead of leaving it.
 */
export function useUnsavedChanges(dirty: boolean) {
  const state = useRef({ dirty, saved: false });
  useEffect(() => {
    state.current.dirty = dirty;
  }, [dirty]);
  useEffect(
    () =>
      registerForm({
        dirty: () => state.current.dirty && !state.current.saved,
        discard: () => {
          state.current.saved = true;
        },
      }),
    [],
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (state.current.saved) return;
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      state.current.dirty && !state.current.saved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let live = true;
    void confirmWith(LEAVE_CONFIRM).then((leave) => {
      if (!live) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      live = false;
    };
  }, [blocker]);

  return useCallback(() => {
    state.current.saved = true;
  }, []);
}

/** Whether a form's value differs from the one it opened with (compared as JSON). */
export const changed = (initial: unknown, current: unknown) =>
  initial !== current && JSON.stringify(initial) !== JSON.stringify(current);
