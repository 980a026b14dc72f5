import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminToken, fakeToken, inAnHour, sellerToken } from '../test/seed';
import sessionReducer, { lapsed, loggedIn, loggedOut } from './sessionSlice';
import { shareSession, WAIT_MS, watchExpiry, type TabChannel, type TabEffects, type TabMessage } from './tabs';
import { discardUnsavedChanges, registerForm } from './unsaved';

/** The tabs of one browser: each channel hears what the others post, a moment later, as a
 * BroadcastChannel does. `sent` is everything posted. */
function fakeBrowser() {
  const listeners = new Map<object, Set<(e: MessageEvent) => void>>();
  const sent: TabMessage[] = [];
  const channel = (): TabChannel => {
    const own = new Set<(e: MessageEvent) => void>();
    const self = {
      postMessage(message: TabMessage) {
        sent.push(message);
        for (const [other, set] of listeners) {
          if (other === self) continue;
          queueMicrotask(() => set.forEach((l) => l(new MessageEvent('message', { data: message }))));
        }
      },
      addEventListener: (_: 'message', l: (e: MessageEvent) => void) => own.add(l),
      removeEventListener: (_: 'message', l: (e: MessageEvent) => void) => own.delete(l),
    };
    listeners.set(self, own);
    return self;
  };
  return { channel, sent };
}

const flush = () => new Promise<void>((r) => setTimeout(r, 0));

const effects = (): TabEffects & { calls: string[] } => {
  const calls: string[] = [];
  return {
    calls,
    loggedOutElsewhere: (discarded) => calls.push(`loggedOutElsewhere ${discarded}`),
    userChanged: (username, discarded) => calls.push(`userChanged ${username} ${discarded}`),
  };
};

/** A tab: its own store (logged in with `token`, if given) joined to the browser. */
function openTab(browser: ReturnType<typeof fakeBrowser>, token?: string, waitMs = WAIT_MS) {
  const store = configureStore({ reducer: { session: sessionReducer } });
  if (token) store.dispatch(loggedIn(token));
  const fx = effects();
  const stop = shareSession(store, browser.channel(), fx, { waitMs });
  return { store, fx, stop, session: () => store.getState().session };
}

/** A form on screen with unsaved changes until saved or discarded. */
function dirtyForm() {
  const form = { unsaved: true };
  const unregister = registerForm({ dirty: () => form.unsaved, discard: () => (form.unsaved = false) });
  return { form, unregister };
}

afterEach(() => {
  discardUnsavedChanges();
  vi.useRealTimers();
});

describe('a tab opened without a token (Ctrl+click, noopener)', () => {
  it("asks the open tabs and takes an open tab's token, without waiting out the delay", async () => {
    const browser = fakeBrowser();
    const token = adminToken();
    const open = openTab(browser, token);
    const fresh = openTab(browser);
    expect(fresh.session().phase).toBe('waiting');
    expect(browser.sent[0]).toEqual({ type: 'ask' });
    await flush();
    expect(fresh.session()).toMatchObject({ phase: 'ready', token, username: 'ana' });
    // the answer is not echoed back as a new login
    expect(browser.sent).toEqual([{ type: 'ask' }, { type: 'token', token }]);
    expect(open.fx.calls).toEqual([]);
  });

  it('waits a few hundred ms at most, then is logged out (nothing shown meanwhile)', () => {
    vi.useFakeTimers();
    const browser = fakeBrowser();
    const fresh = openTab(browser);
    expect(WAIT_MS).toBeLessThanOrEqual(500);
    vi.advanceTimersByTime(WAIT_MS - 1);
    expect(fresh.session().phase).toBe('waiting');
    vi.advanceTimersByTime(1);
    expect(fresh.session()).toMatchObject({ phase: 'ready', token: null, username: '' });
  });

  it('a tab with a token asks nothing', () => {
    const browser = fakeBrowser();
    const tab = openTab(browser, adminToken());
    expect(tab.session().phase).toBe('ready');
    expect(browser.sent).toEqual([]);
  });

  it('only a live token answers: a logged-out or lapsed tab stays silent, an expired token is not taken', async () => {
    const browser = fakeBrowser();
    const expired = fakeToken({ user_name: 'ana', authorities: ['ROLE_ADMIN'], exp: 1 });
    const quiet = openTab(browser, adminToken(), 0);
    quiet.store.dispatch(loggedOut('refused'));
    const fresh = openTab(browser, undefined, 0);
    // a stray message with an expired token
    browser.channel().postMessage({ type: 'token', token: expired });
    browser.channel().postMessage({ type: 'token', token: 'no-es-un-jwt' });
    await flush();
    expect(fresh.session()).toMatchObject({ phase: 'ready', token: null });
  });
});

describe('login and logout reach every tab', () => {
  it('a login in one tab logs the others in', async () => {
    const browser = fakeBrowser();
    const a = openTab(browser, undefined, 0);
    const b = openTab(browser, undefined, 0);
    await flush();
    const token = sellerToken(2);
    a.store.dispatch(loggedIn(token));
    await flush();
    expect(b.session()).toMatchObject({ token, localId: 2 });
    expect(browser.sent.filter((m) => m.type === 'token')).toHaveLength(1);
  });

  it("the user's logout ends the session in the other tabs, which are told so", async () => {
    const browser = fakeBrowser();
    const token = adminToken();
    const a = openTab(browser, token);
    const b = openTab(browser, token);
    a.store.dispatch(loggedOut());
    await flush();
    expect(b.session()).toMatchObject({ token: null, username: '', ended: 'otherTab' });
    expect(b.fx.calls).toEqual(['loggedOutElsewhere false']);
    expect(a.fx.calls).toEqual([]);
  });

  it('a form with unsaved changes in the other tab is discarded on purpose, and the notice says so', async () => {
    const browser = fakeBrowser();
    const token = adminToken();
    const a = openTab(browser, token);
    const b = openTab(browser, token);
    const { form } = dirtyForm();
    a.store.dispatch(loggedOut());
    await flush();
    expect(form.unsaved).toBe(false);
    expect(b.fx.calls).toEqual(['loggedOutElsewhere true']);
  });

  it('a refused or expired session is not broadcast: the other tabs keep theirs', async () => {
    const browser = fakeBrowser();
    const token = adminToken();
    const a = openTab(browser, token);
    const b = openTab(browser, token);
    a.store.dispatch(loggedOut('refused'));
    await flush();
    expect(browser.sent).toEqual([]);
    expect(b.session().token).toBe(token);
  });

  it("another user's login elsewhere switches this tab and discards its unsaved form", async () => {
    const browser = fakeBrowser();
    const a = openTab(browser, adminToken());
    const b = openTab(browser, adminToken());
    const { form } = dirtyForm();
    const vera = fakeToken({ user_name: 'vera', authorities: ['ROLE_VENDEDOR'], local_id: 1, exp: inAnHour() });
    a.store.dispatch(loggedIn(vera));
    await flush();
    expect(b.session().username).toBe('vera');
    expect(form.unsaved).toBe(false);
    expect(b.fx.calls).toEqual(['userChanged vera true']);
  });

  it("a lapsed tab takes the same user's new token and keeps its form", async () => {
    const browser = fakeBrowser();
    const a = openTab(browser, adminToken());
    const b = openTab(browser, adminToken());
    const { form } = dirtyForm();
    b.store.dispatch(lapsed());
    expect(b.session()).toMatchObject({ lapsed: true, token: null, username: 'ana' });
    const renewed = fakeToken({ user_name: 'ana', authorities: ['ROLE_ADMIN'], exp: inAnHour() + 60 });
    a.store.dispatch(loggedIn(renewed));
    await flush();
    expect(b.session()).toMatchObject({ lapsed: false, token: renewed });
    expect(form.unsaved).toBe(true);
    expect(b.fx.calls).toEqual([]);
  });
});

describe('a token running out over unsaved changes', () => {
  beforeEach(() => vi.useFakeTimers());

  const tokenFor = (seconds: number) =>
    fakeToken({ user_name: 'ana', authorities: ['ROLE_ADMIN'], exp: Math.floor(Date.now() / 1000) + seconds });

  it('lapses the session at its exp, keeping the user for the screen', () => {
    const store = configureStore({ reducer: { session: sessionReducer } });
    store.dispatch(loggedIn(tokenFor(60)));
    watchExpiry(store);
    dirtyForm();
    vi.advanceTimersByTime(30_000);
    expect(store.getState().session.lapsed).toBe(false);
    vi.advanceTimersByTime(32_000);
    expect(store.getState().session).toMatchObject({ lapsed: true, token: null, username: 'ana' });
  });

  it('leaves a session without unsaved changes alone (the next request ends it as before)', () => {
    const store = configureStore({ reducer: { session: sessionReducer } });
    const token = tokenFor(60);
    store.dispatch(loggedIn(token));
    watchExpiry(store);
    vi.advanceTimersByTime(62_000);
    expect(store.getState().session).toMatchObject({ lapsed: false, token });
  });
});
