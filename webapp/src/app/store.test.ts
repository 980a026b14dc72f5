import { describe, expect, it } from 'vitest';
import { loggedIn, loggedOut, STORAGE_KEY } from '../session/sessionSlice';
import { adminToken } from '../test/seed';
import { makeStore } from './store';

describe("the session in this tab's storage", () => {
  it('keeps the token in sessionStorage, which a reload reads and closing the tab ends, never in localStorage', () => {
    const store = makeStore();
    const token = adminToken();
    store.dispatch(loggedIn(token));
    expect(sessionStorage.getItem(STORAGE_KEY)).toBe(token);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    // a reload of this tab starts logged in
    expect(makeStore().getState().session.username).toBe('ana');
    store.dispatch(loggedOut());
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('clears a token an older version left in localStorage when the app loads', () => {
    localStorage.setItem(STORAGE_KEY, adminToken());
    const store = makeStore();
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});
