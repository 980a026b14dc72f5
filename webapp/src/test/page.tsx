// Renders a piece of the app with a real store and an in-memory router.
import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, vi } from 'vitest';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setNavigator } from '../app/navigation';
import { makeStore } from '../app/store';

export function renderAt(path: string, routes: { path: string; element: ReactNode }[]) {
  const store = makeStore();
  const router = createMemoryRouter(
    [...routes, { path: '*', element: <p>otra pantalla</p> }],
    { initialEntries: [path] },
  );
  setNavigator((to) => void router.navigate(to));
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, ...view };
}

/** Signs in with `token`, answers fetch calls from `routes` (read at call time, so a test may
 * change an answer midway) and renders `screens` at `at`. Returns the view and the recorded calls. */
export function openAs(
  token: string,
  at: string,
  screens: { path: string; element: ReactNode }[],
  routes: Record<string, [number, unknown]>,
) {
  sessionStorage.setItem('optica.token', token);
  const stub = stubFetch(routes);
  vi.stubGlobal('fetch', stub.fetch);
  return { ...renderAt(at, screens), calls: stub.calls };
}

/** A JWT with the given payload (unsigned: the browser never checks signatures). */
export function fakeToken(payload: Record<string, unknown>) {
  // Non-ASCII as \u escapes, as the server writes it.
  const json = (o: unknown) =>
    JSON.stringify(o).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const b64 = (o: unknown) => btoa(json(o)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.firma`;
}

export const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** Answers fetch calls from a table of `METHOD path` → [status, body]; records the requests. */
export function stubFetch(routes: Record<string, [number, unknown]>) {
  const calls: { method: string; path: string; search: string; auth: string | null; body: string | null }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const { pathname: path, search } = new URL(request.url);
    calls.push({
      method: request.method,
      path,
      search,
      auth: request.headers.get('Authorization'),
      body: request.body ? await request.clone().text() : null,
    });
    const [status, body] = routes[`${request.method} ${path}`] ?? [404, { mensaje: 'no encontrado' }];
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch, calls };
}

/**
 * Waits until a button is enabled again and returns it. Screens disable their buttons while a
 * request runs, and the effect a test waits for (an alert, a saved file) can come just before the
 * button is enabled again; a click on a disabled button does nothing.
 */
export async function whenEnabled<T extends HTMLButtonElement>(button: T): Promise<T> {
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}
