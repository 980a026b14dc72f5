// The one way a test opens a screen: a real store, an in-memory router and a fake server
// answering fetch, with the user logged in (or not) the way the app reads it on load.
import { render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { expect, vi } from 'vitest';
import type { ReactNode } from 'react';
import { setNavigator } from '../app/navigation';
import { makeStore } from '../app/store';
import { waitingForTabs } from '../session/sessionSlice';
import { lookupAnswers } from './seed';

/** The server's answer to a request: [status, JSON body], or one computed from its URL. A 204
 * has no body. */
export type Answer = [number, unknown] | ((url: URL) => [number, unknown]);
/** Answers by `METHOD /path` (no query); anything else is 404. */
export type Answers = Record<string, Answer>;

export interface Call {
  method: string;
  path: string;
  search: string;
  auth: string | null;
  body: string | null;
}

/** Stubs fetch with answers read at call time (a test may change one midway); returns the
 * requests it got. `onRequest` sees each request first (to record a header). */
export function fakeServer(answers: Answers, onRequest?: (request: Request) => void) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    onRequest?.(request);
    const url = new URL(request.url);
    calls.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      auth: request.headers.get('Authorization'),
      body: request.body ? await request.clone().text() : null,
    });
    const answer = answers[`${request.method} ${url.pathname}`] ?? [404, { mensaje: 'no encontrado' }];
    const [status, body] = typeof answer === 'function' ? answer(url) : answer;
    const payload = status === 204 ? null : JSON.stringify(body);
    return new Response(payload, { status, headers: { 'Content-Type': 'application/json' } });
  };
  vi.stubGlobal('fetch', fetch);
  return calls;
}

export interface PageOptions {
  /** The logged-in user's token; none for a visitor. */
  token?: string;
  answers?: Answers;
  onRequest?: (request: Request) => void;
  /** The tab was opened without a token and is asking the other tabs for theirs (../session/tabs.ts). */
  waiting?: boolean;
}

/** Opens `screens` at `at` (any other path shows "otra pantalla"). Returns the view, the store,
 * the router and the requests sent. */
export function openPage(
  at: string,
  screens: RouteObject[],
  { token, answers = {}, onRequest, waiting = false }: PageOptions = {},
) {
  if (token !== undefined) sessionStorage.setItem('optica.token', token);
  const calls = fakeServer(answers, onRequest);
  const store = makeStore();
  if (waiting) store.dispatch(waitingForTabs());
  const router = createMemoryRouter([...screens, { path: '*', element: <p>otra pantalla</p> }], {
    initialEntries: [at],
  });
  setNavigator((to) => void router.navigate(to));
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, calls, ...view };
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

/** Catches the files the screen saves (app/download): answers the names they were saved under,
 * in order. The anchor's click is spied on, so a test restores it with vi.restoreAllMocks. */
export function capturedDownloads(blobUrl: string): string[] {
  const saved: string[] = [];
  URL.createObjectURL = vi.fn(() => blobUrl);
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

/** Records the Idempotency-Key of every POST a page sends: pass `onRequest` to openPage. */
export function postKeys() {
  const keys: (string | null)[] = [];
  const onRequest = (request: Request) => {
    if (request.method === 'POST') keys.push(request.headers.get('Idempotency-Key'));
  };
  return { keys, onRequest };
}

/** The JSON body of the first POST to `path`, or null when none was sent. */
export const postedBody = (calls: Call[], path: string) =>
  JSON.parse(calls.find((c) => c.method === 'POST' && c.path === path)?.body ?? 'null');

/** A table's body rows as the texts of their cells (the header row left out). */
export const cellTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

/** A list's page links (ui/Pagination). */
export const pagination = () => within(screen.getByRole('navigation', { name: 'Páginas' }));

/** The page numbers the list's page links offer, 'Anterior' and 'Siguiente' left out. */
export const pageNumbers = () =>
  pagination()
    .getAllByRole('button')
    .map((b) => b.textContent)
    .slice(1, -1);

/** 'inicio', where a screen leaves to and a refused user lands. */
export const INICIO: RouteObject = { path: '/inicio', element: <p>pantalla de inicio</p> };

/** `element` at `path`, with the login and 'inicio' a refused visitor or user is sent to. */
export const withLandings = (path: string, element: ReactNode): RouteObject[] => [
  { path, element },
  { path: '/login', element: <p>pantalla de login</p> },
  INICIO,
];

/** Opens one screen at `path` with the lookups answered (../test/seed) and 'inicio' to leave to;
 * returns the requests sent. */
export function openScreen(path: string, element: ReactNode, token: string, answers: Answers = {}) {
  const screens = [{ path, element }, INICIO];
  return openPage(path, screens, { token, answers: { ...lookupAnswers, ...answers } }).calls;
}
