import { describe, expect, it } from 'vitest';
import { adminToken, fakeToken, inAnHour } from '../test/seed';
import { hasAnyRole, isAdmin, isAuthenticated, loadStoredSession, sessionFromToken } from './sessionSlice';

describe('session from the token', () => {
  it('reads user_name, authorities, local_id and exp', () => {
    const token = fakeToken({ user_name: 'ana', authorities: ['ROLE_VENDEDOR'], local_id: 2, exp: inAnHour() });
    const s = sessionFromToken(token);
    expect(s).toMatchObject({ token, username: 'ana', roles: ['ROLE_VENDEDOR'], localId: 2 });
    expect(isAuthenticated(s)).toBe(true);
    expect(hasAnyRole(s)).toBe(true);
    expect(isAdmin(s)).toBe(false);
  });

  it('is authenticated only with a non-empty user_name', () => {
    expect(isAuthenticated(sessionFromToken(fakeToken({ user_name: '', exp: inAnHour() })))).toBe(false);
    expect(isAuthenticated(sessionFromToken(fakeToken({ exp: inAnHour() })))).toBe(false);
  });

  it('a user without authorities has no roles', () => {
    const s = sessionFromToken(fakeToken({ user_name: 'cliente', exp: inAnHour() }));
    expect(isAuthenticated(s)).toBe(true);
    expect(hasAnyRole(s)).toBe(false);
  });

  it('drops expired and malformed tokens', () => {
    const expired = fakeToken({
      user_name: 'ana',
      authorities: ['ROLE_ADMIN'],
      exp: Math.floor(Date.now() / 1000) - 1,
    });
    expect(sessionFromToken(expired).token).toBeNull();
    expect(sessionFromToken('no-es-un-jwt').token).toBeNull();
    expect(sessionFromToken('a.%%%.c').token).toBeNull();
  });

  it('reads non-ASCII names written as \\u escapes', () => {
    const s = sessionFromToken(fakeToken({ user_name: 'Mu\u00f1oz', exp: inAnHour() }));
    expect(s.username).toBe('Muñoz');
  });

  it("restores this tab's token on reload and forgets an expired one", () => {
    const good = adminToken();
    sessionStorage.setItem('optica.token', good);
    expect(loadStoredSession().username).toBe('ana');
    sessionStorage.setItem('optica.token', fakeToken({ user_name: 'ana', exp: 1 }));
    expect(loadStoredSession().token).toBeNull();
    expect(sessionStorage.getItem('optica.token')).toBeNull();
  });

  it('removes a token an older version left in localStorage, and does not use it', () => {
    localStorage.setItem('optica.token', adminToken());
    expect(loadStoredSession().token).toBeNull();
    expect(localStorage.getItem('optica.token')).toBeNull();
  });
});
