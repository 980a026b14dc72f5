// The one RTK Query API of the app. Every request carries the bearer token when there is one;
// 401 and 403 answers are handled here, the same way for every call (spec 000 section 6).
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { alert } from '../app/alerts';
import { saveFile } from '../app/download';
import { navigateTo } from '../app/navigation';
import {
  isAuthenticated,
  isExpiredSession,
  lapsed,
  loggedOut,
  type Ended,
  type SessionState,
} from '../session/sessionSlice';
import { hasUnsavedChanges } from '../session/unsaved';
import { newIdempotencyKey } from '../lib/idempotency';

type WithSession = { session: SessionState };

const rawBaseQuery = fetchBaseQuery({
  // Absolute, so the same code runs under the test runner (Node's Request needs a full URL).
  baseUrl: `${globalThis.location?.origin ?? ''}/`,
  prepareHeaders: (headers, { getState }) => {
    const { session } = getState() as WithSession;
    if (session.token && !headers.has('Authorization')) {
      headers.set('Authorization', `Bearer ${session.token}`);
    }
    return headers;
  },
});

/** Ends the session: forgets the token and every cached answer fetched with it. Without a
 * reason it is the user's logout, which the other tabs follow (session/tabs.ts). */
export function endSession(dispatch: (action: unknown) => unknown, reason?: Ended) {
  dispatch(loggedOut(reason));
  dispatch(api.util.resetApiState());
}

/** The token is gone or refused. With unsaved changes on screen the session lapses: the user
 * logs in again over the form (session/ReloginDialog). Otherwise it ends and login is shown. */
export function onUnauthorized(session: SessionState, dispatch: (action: unknown) => unknown) {
  if (session.lapsed) return;
  if (isAuthenticated(session) && hasUnsavedChanges()) {
    dispatch(lapsed());
    return;
  }
  if (isAuthenticated(session)) endSession(dispatch, 'refused');
  navigateTo('/login');
  void alert('error', 'ERROR LOGIN', 'Necesitas logearte');
}

export function onForbidden(session: SessionState) {
  navigateTo('/inicio');
  void alert('warning', 'ACCESO DENEGADO', `Hola ${session.username}, no tenes acceso`);
}

/** Every request that records something (not a read, not a login) carries an Idempotency-Key:
 * the one its screen made for the form (a sale, a notice), or one made here for the call. The
 * server does what a key asks once, so the call can be sent again after a lost answer. */
export function withIdempotencyKey(args: string | FetchArgs, newKey: () => string = newIdempotencyKey) {
  if (typeof args === 'string') return { args, keyed: false };
  const method = (args.method ?? 'GET').toUpperCase();
  if (method === 'GET' || method === 'HEAD' || args.url === 'oauth/token') return { args, keyed: false };
  const headers = new Headers(args.headers as HeadersInit | undefined);
  if (!headers.has('Idempotency-Key')) headers.set('Idempotency-Key', newKey());
  return { args: { ...args, headers }, keyed: true };
}

/** A keyed call whose answer was lost (no connection) or that the server asked to repeat (503)
 * is sent again with the same key, after a short pause: the shop's network drops a request now
 * and then, and the server answers 503 while its database restarts. */
const RESEND_AFTER_MS = [500, 1500];

function resendable(error: FetchBaseQueryError | undefined): boolean {
  return error?.status === 'FETCH_ERROR' || error?.status === 503;
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (given, api, extra) => {
  // An expired token is dropped before it is sent (kept lapsed over unsaved changes).
  const before = (api.getState() as WithSession).session;
  if (before.token && isExpiredSession(before)) api.dispatch(hasUnsavedChanges() ? lapsed() : loggedOut('refused'));
  const { args, keyed } = withIdempotencyKey(given);
  let result = await rawBaseQuery(args, api, extra);
  for (const pause of keyed ? RESEND_AFTER_MS : []) {
    if (!resendable(result.error)) break;
    await new Promise((resolve) => setTimeout(resolve, pause));
    result = await rawBaseQuery(args, api, extra);
  }
  const session = (api.getState() as WithSession).session;
  // A 401 from the token endpoint is a refused client, not a lost session: the login screen answers it.
  const isLogin = typeof given !== 'string' && given.url === 'oauth/token';
  if (result.error?.status === 401 && !isLogin) onUnauthorized(session, api.dispatch);
  if (result.error?.status === 403) onForbidden(session);
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Lookup', 'Producto', 'Paciente'],
  endpoints: () => ({}),
});

/** The Spanish text of a failed answer: its errors list joined, or its mensaje. */
export function errorText(error: unknown): string | undefined {
  const data = (error as { data?: unknown } | undefined)?.data as
    { errors?: unknown; mensaje?: unknown; error?: unknown } | undefined;
  if (!data || typeof data !== 'object') return undefined;
  if (Array.isArray(data.errors)) return data.errors.join(', ');
  if (typeof data.mensaje === 'string') return data.mensaje;
  return undefined;
}

export function errorStatus(error: unknown): number | string | undefined {
  return (error as { status?: number | string } | undefined)?.status;
}

/** Whether the base query already reacted to this failure (401 and 403): screens add no alert. */
export function handledElsewhere(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 401 || status === 403;
}

type Answer = { data?: unknown; error?: FetchBaseQueryError };

/** A file's call (a PDF, an Excel): fetched with the session's token and saved under `fileName`,
 * so the Blob never enters the store. Error answers stay text so the failed action holds nothing
 * unserializable. For an endpoint's `queryFn`, with the `baseQuery` it is handed. */
export async function downloadFile(
  baseQuery: (args: FetchArgs) => Answer | PromiseLike<Answer>,
  args: FetchArgs,
  fileName: string,
): Promise<{ data: null } | { error: FetchBaseQueryError }> {
  const result = await baseQuery({ ...args, responseHandler: (r: Response) => (r.ok ? r.blob() : r.text()) });
  if (result.error) return { error: result.error };
  saveFile(result.data as Blob, fileName);
  return { data: null };
}
