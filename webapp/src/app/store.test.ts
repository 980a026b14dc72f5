import { describe, expect, it } from 'vitest';
import { loggedIn, loggedOut, sessionChange, STORAGE_KEY } from '../session/sessionSlice';
import { adminToken, fakeToken, sellerToken } from '../test/seed';
import { followOtherTabs, makeStore } from './store';

const otherTab = (key: string | null, newValue: string | null) =>
  window.dispatchEvent(new StorageEvent('storage', { key, newValue }));

describe('one session for every tab of the browser', () => {
  it('keeps the token in localStorage, which every tab of the browser reads', () => {
    const store = makeStore();
    const token = adminToken();
    store.dispatch(loggedIn(token));
    expect(localStorage.getItem(STORAGE_KEY)).toBe(token);
    // a tab opened now (a Ctrl+click on Editar) starts logged in
    expect(makeStore().getState().session.username).toBe('ana');
    store.dispatch(loggedOut());
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it("follows another tab's login and logout", () => {
    const store = makeStore();
    const stop = followOtherTabs(store);
    try {
      const token = sellerToken(2);
      otherTab(STORAGE_KEY, token);
      expect(store.getState().session).toMatchObject({ token, localId: 2 });
      otherTab('otra.clave', null);
      expect(store.getState().session.token).toBe(token);
      otherTab(STORAGE_KEY, null);
      expect(store.getState().session.token).toBeNull();
      // clearing the whole storage logs out too
      store.dispatch(loggedIn(token));
      otherTab(null, null);
      expect(store.getState().session.token).toBeNull();
    } finally {
      stop();
    }
  });

  it('ignores an expired or malformed token written by another tab', () => {
    const anonymous = makeStore().getState().session;
    expect(sessionChange({ key: STORAGE_KEY, newValue: 'no-es-un-jwt' }, anonymous)).toBeUndefined();
    const expired = fakeToken({ user_name: 'ana', exp: 1 });
    expect(sessionChange({ key: STORAGE_KEY, newValue: expired }, anonymous)).toBeUndefined();
    const store = makeStore();
    store.dispatch(loggedIn(adminToken()));
    // a malformed token elsewhere is no session: this tab logs out rather than keep a stale one
    expect(sessionChange({ key: STORAGE_KEY, newValue: 'no-es-un-jwt' }, store.getState().session)).toBeNull();
  });
});
