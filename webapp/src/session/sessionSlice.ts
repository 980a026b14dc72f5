// The logged-in user, derived from the access token. Kept in localStorage, so a reload and every
// other tab of the same browser share it (a Ctrl+click on 'Editar' opens logged in), and a login
// or logout in one tab reaches the others through the storage event; an expired or malformed
// token is dropped.
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

export const anonymous: Session = { token: null, username: '', roles: [], localId: null, exp: null };

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

export function loadStoredSession(storage: Storage | undefined = globalThis.localStorage): Session {
  const token = storage?.getItem(STORAGE_KEY) ?? null;
  const session = sessionFromToken(token);
  if (token && !session.token) storage?.removeItem(STORAGE_KEY);
  return session;
}

export function storeSession(session: Session, storage: Storage | undefined = globalThis.localStorage) {
  if (session.token) {
    if (storage?.getItem(STORAGE_KEY) !== session.token) storage?.setItem(STORAGE_KEY, session.token);
  } else storage?.removeItem(STORAGE_KEY);
}

/** What another tab's change to the stored token means here: the token to log in with, or null
 * to log out; undefined when the change is not the session's (another key, or the same token). */
export function sessionChange(
  e: Pick<StorageEvent, 'key' | 'newValue'>,
  current: Session,
  nowMs: number = Date.now(),
): string | null | undefined {
  // key null: the other tab cleared the whole storage.
  if (e.key !== null && e.key !== STORAGE_KEY) return undefined;
  const next = e.key === null ? null : e.newValue;
  const session = sessionFromToken(next, nowMs);
  if (session.token === current.token) return undefined;
  return session.token;
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: (): Session => loadStoredSession(),
  reducers: {
    loggedIn: (_state, action: PayloadAction<string>) => sessionFromToken(action.payload),
    loggedOut: () => anonymous,
  },
});

export const { loggedIn, loggedOut } = sessionSlice.actions;
export default sessionSlice.reducer;

// Rules of spec 000 section 4 and 6.
export const isAuthenticated = (s: Session) => s.username.trim() !== '';
export const hasAnyRole = (s: Session) => s.roles.length > 0;
export const isAdmin = (s: Session) => s.roles.includes(ROLE_ADMIN);
export const isExpiredSession = (s: Session, nowMs: number = Date.now()) => s.exp !== null && s.exp * 1000 < nowMs;
