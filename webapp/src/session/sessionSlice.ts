// The logged-in user, derived from the access token. The token lives in this tab's
// sessionStorage only: a reload keeps it, closing the tab ends it, and nothing outlives the
// browser on a shared counter computer. The other open tabs share it through a BroadcastChannel
// (./tabs.ts): a tab opened without one asks them, a login or logout reaches them. An expired or
// malformed token is dropped.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { decodePayload, isExpired } from './token';

export const ROLE_ADMIN = 'ROLE_ADMIN';
export const ROLE_VENDEDOR = 'ROLE_VENDEDOR';
export const STORAGE_KEY = 'optica.token';

export interface Session {
  token: string | null;
  username: string;
  roles: string[];
  localId: number | null;
  /** Expiry in epoch seconds, when the token has one. */
  exp: number | null;
}

/** Why a session ended: the user's logout in this tab, a logout in another tab, or the server
 * refusing the token (expired, revoked). */
export type Ended = 'logout' | 'otherTab' | 'refused';

export interface SessionState extends Session {
  /** 'waiting' while a tab opened without a token asks the other tabs for theirs (a few hundred
   * ms at most): nothing is shown meanwhile, so neither a login screen nor an error flashes. */
  phase: 'waiting' | 'ready';
  /** The token ran out while a form held unsaved changes: the user, roles and branch stay, so
   * the screen and what was typed stay too, with no token until the same user logs in again. */
  lapsed: boolean;
  ended: Ended | null;
}

export const anonymous: Session = { token: null, username: '', roles: [], localId: null, exp: null };
const ready = (s: Session, ended: Ended | null = null): SessionState => ({
  ...s,
  phase: 'ready',
  lapsed: false,
  ended,
});

/** The session a token stands for; anonymous when it is malformed or expired. */
export function sessionFromToken(token: string | null, nowMs: number = Date.now()): Session {
  if (!token) return anonymous;
  const payload = decodePayload(token);
  if (!payload || isExpired(payload, nowMs)) return anonymous;
  return {
    token,
    username: typeof payload.user_name === 'string' ? payload.user_name : '',
    roles: Array.isArray(payload.authorities) ? payload.authorities.filter((r) => typeof r === 'string') : [],
    localId: typeof payload.local_id === 'number' ? payload.local_id : null,
    exp: typeof payload.exp === 'number' ? payload.exp : null,
  };
}

/** The token this tab kept (a reload); an expired or malformed one is removed. A token an older
 * version left in localStorage, where it outlived the browser, is removed and not used. */
export function loadStoredSession(
  storage: Storage | undefined = globalThis.sessionStorage,
  legacy: Storage | undefined = globalThis.localStorage,
): Session {
  legacy?.removeItem(STORAGE_KEY);
  const token = storage?.getItem(STORAGE_KEY) ?? null;
  const session = sessionFromToken(token);
  if (token && !session.token) storage?.removeItem(STORAGE_KEY);
  return session;
}

export function storeSession(session: Session, storage: Storage | undefined = globalThis.sessionStorage) {
  if (session.token) {
    if (storage?.getItem(STORAGE_KEY) !== session.token) storage?.setItem(STORAGE_KEY, session.token);
  } else storage?.removeItem(STORAGE_KEY);
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => ready(loadStoredSession()),
  reducers: {
    loggedIn: (_state, action: PayloadAction<string>) => ready(sessionFromToken(action.payload)),
    /** Ends the session; the reason defaults to the user's own logout. */
    loggedOut: (_state, action: PayloadAction<Ended | undefined>) => ready(anonymous, action.payload ?? 'logout'),
    /** A tab without a token starts asking the other tabs. */
    waitingForTabs: (state) => (state.token ? state : { ...ready(anonymous), phase: 'waiting' }),
    /** No tab answered in time: logged out. */
    noTabAnswered: (state) => (state.phase === 'waiting' ? ready(anonymous) : state),
    /** The token ran out while a form holds unsaved changes (see `lapsed`). */
    lapsed: (state) => (state.username ? { ...state, token: null, exp: null, lapsed: true } : state),
  },
});

export const { loggedIn, loggedOut, waitingForTabs, noTabAnswered, lapsed } = sessionSlice.actions;
export default sessionSlice.reducer;

// Rules of spec 000 section 4 and 6.
export const isAuthenticated = (s: Session) => s.username.trim() !== '';
export const hasAnyRole = (s: Session) => s.roles.length > 0;
export const isAdmin = (s: Session) => s.roles.includes(ROLE_ADMIN);
export const isExpiredSession = (s: Session, nowMs: number = Date.now()) => s.exp !== null && s.exp * 1000 < nowMs;
