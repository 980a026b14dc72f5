// One session for the open tabs of the browser, with the token in each tab's sessionStorage only
// (nothing outlives the last tab). The tabs talk over a BroadcastChannel:
// - a tab opened without a token (a Ctrl+click on 'Editar', a link opened with noopener) asks
//   'ask'; a tab with a token answers it with 'token', and the new tab waits WAIT_MS at most for
//   it before it takes itself for logged out, showing nothing meanwhile;
// - a login in a tab (or a re-login over a form) sends its 'token' to the others;
// - the user's logout sends 'logout': every other tab ends its session and goes to login.
// A refused or expired token is not broadcast: the other tabs find it out by themselves, and a
// form there keeps what was typed (see ./unsaved.ts).
import {
  isAuthenticated,
  isExpiredSession,
  lapsed,
  loggedIn,
  loggedOut,
  noTabAnswered,
  sessionFromToken,
  waitingForTabs,
  type SessionState,
} from './sessionSlice';
import { discardUnsavedChanges, hasUnsavedChanges } from './unsaved';

export const CHANNEL_NAME = 'optica.session';
/** How long a tab opened without a token waits for another tab's answer. */
export const WAIT_MS = 300;

export type TabMessage = { type: 'ask' } | { type: 'token'; token: string } | { type: 'logout' };

/** What of a BroadcastChannel is used (a fake one in the tests). */
export interface TabChannel {
  postMessage(message: TabMessage): void;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
}

export interface SessionStore {
  getState(): { session: SessionState };
  dispatch(action: unknown): unknown;
  subscribe(listener: () => void): () => void;
}

/** What the app does beyond the session itself (navigation, alerts, cached answers). */
export interface TabEffects {
  /** Another tab logged out; this one ended its session and discarded a form if `discarded`. */
  loggedOutElsewhere(discarded: boolean): void;
  /** Another user logged in in another tab, and this tab now acts as `username`. */
  userChanged(username: string, discarded: boolean): void;
}

interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Joins the other tabs; answers the disconnect. */
export function shareSession(
  store: SessionStore,
  channel: TabChannel,
  effects: TabEffects,
  { waitMs = WAIT_MS, timers = realTimers }: { waitMs?: number; timers?: Timers } = {},
) {
  const session = () => store.getState().session;
  // A token taken from another tab is not sent back.
  let received: string | null = null;
  let waiting: unknown = null;

  const onMessage = (e: MessageEvent) => {
    const message = e.data as TabMessage | null;
    const here = session();
    if (message?.type === 'ask') {
      if (here.token && !isExpiredSession(here)) channel.postMessage({ type: 'token', token: here.token });
    } else if (message?.type === 'logout') {
      if (!here.token && !here.lapsed) return;
      const discarded = discardUnsavedChanges();
      store.dispatch(loggedOut('otherTab'));
      effects.loggedOutElsewhere(discarded);
    } else if (message?.type === 'token') {
      const next = sessionFromToken(message.token);
      if (!next.token || next.token === here.token) return;
      received = next.token;
      if (waiting !== null) timers.clearTimeout(waiting);
      waiting = null;
      const otherUser = isAuthenticated(here) && here.username !== next.username;
      const discarded = otherUser && discardUnsavedChanges();
      store.dispatch(loggedIn(next.token));
      if (otherUser) effects.userChanged(next.username, discarded);
    }
  };
  channel.addEventListener('message', onMessage);

  let last = session();
  const unsubscribe = store.subscribe(() => {
    const now = session();
    if (now === last) return;
    const before = last;
    last = now;
    if (now.token && now.token !== before.token && now.token !== received) {
      channel.postMessage({ type: 'token', token: now.token });
    }
    if (now.ended === 'logout' && (before.token || before.lapsed)) channel.postMessage({ type: 'logout' });
  });

  if (!session().token) {
    store.dispatch(waitingForTabs());
    channel.postMessage({ type: 'ask' });
    waiting = timers.setTimeout(() => {
      waiting = null;
      store.dispatch(noTabAnswered());
    }, waitMs);
  }

  return () => {
    if (waiting !== null) timers.clearTimeout(waiting);
    unsubscribe();
    channel.removeEventListener('message', onMessage);
  };
}

/**
 * When the token runs out (its exp) while a form holds unsaved changes, the session lapses then
 * and there: the user sees the re-login over the form before pressing Guardar. Without unsaved
 * changes nothing happens until the next request, which the server refuses as before.
 */
export function watchExpiry(store: SessionStore, { timers = realTimers, now = () => Date.now() } = {}) {
  let timer: unknown = null;
  let token: string | null = null;
  const schedule = () => {
    const s = store.getState().session;
    if (s.token === token) return;
    token = s.token;
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (!s.token || s.exp === null) return;
    // A second past exp, when isExpiredSession holds; never beyond setTimeout's 24.8 days.
    const ms = Math.min(s.exp * 1000 - now() + 1000, 2 ** 31 - 1);
    timer = timers.setTimeout(
      () => {
        timer = null;
        const at = store.getState().session;
        if (at.token === token && hasUnsavedChanges()) store.dispatch(lapsed());
      },
      Math.max(ms, 0),
    );
  };
  schedule();
  const unsubscribe = store.subscribe(schedule);
  return () => {
    if (timer !== null) timers.clearTimeout(timer);
    unsubscribe();
  };
}
