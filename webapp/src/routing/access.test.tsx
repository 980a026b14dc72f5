import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lookupsApi, useListLookupQuery } from '../api/lookups';
import { alert } from '../app/alerts';
import { makeStore } from '../app/store';
import { loggedOut } from '../session/sessionSlice';
import { fakeServer, openPage, withLandings } from '../test/page';
import { fakeToken, inAnHour, sellerToken } from '../test/seed';
import { RequireRole } from './RequireRole';

const admin = () => fakeToken({ user_name: 'ana', authorities: ['ROLE_ADMIN'], local_id: null, exp: inAnHour() });
const seller = () => sellerToken(1);

function Brands() {
  const { data } = useListLookupQuery('/api/marca');
  return <p>{data ? `${data.length} marcas` : 'cargando'}</p>;
}

const routes = withLandings(
  '/adminitrarMarca',
  <RequireRole access="admin">
    <Brands />
  </RequireRole>,
);

/** The admin's brands screen, its list answered `answer`. */
const openBrands = (answer: [number, unknown]) =>
  openPage('/adminitrarMarca', routes, { token: admin(), answers: { 'GET /api/marca': answer } });

describe('screens guarded by role', () => {
  it('sends a visitor to login with the 401 alert', async () => {
    openPage('/adminitrarMarca', routes);
    await screen.findByText('pantalla de login');
    await waitFor(() => expect(alert).toHaveBeenCalledWith('error', 'ERROR LOGIN', 'Necesitas logearte'));
  });

  it('sends a seller to inicio with the 403 alert', async () => {
    openPage('/adminitrarMarca', routes, { token: seller() });
    await screen.findByText('pantalla de inicio');
    await waitFor(() => expect(alert).toHaveBeenCalledWith('warning', 'ACCESO DENEGADO', 'Hola beto, no tenes acceso'));
  });

  it('lets an admin in, with the bearer token on every request', async () => {
    // One token: building it twice could straddle a second and change its expiry.
    const token = admin();
    const { calls } = openPage('/adminitrarMarca', routes, {
      token,
      answers: { 'GET /api/marca': [200, [{ id: 1, nombre: 'Vulk' }]] },
    });
    await screen.findByText('1 marcas');
    expect(calls[0].auth).toBe(`Bearer ${token.split('.')[0]}.${token.split('.')[1]}.firma`);
  });
});

describe('401 and 403 answers', () => {
  it('a 401 logs the user out and goes to login', async () => {
    const { store } = openBrands([401, { error: 'invalid_token' }]);
    await screen.findByText('pantalla de login');
    expect(store.getState().session.username).toBe('');
    expect(sessionStorage.getItem('optica.token')).toBeNull();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('error', 'ERROR LOGIN', 'Necesitas logearte'));
  });

  it('a logout in another tab is no 401: the guard shows no ERROR LOGIN (the tab goes to login saying why)', async () => {
    const { store } = openBrands([200, []]);
    await screen.findByText('0 marcas');
    store.dispatch(loggedOut('otherTab'));
    await waitFor(() => expect(screen.queryByText('0 marcas')).toBeNull());
    expect(alert).not.toHaveBeenCalled();
  });

  it('a 403 goes to inicio and keeps the session', async () => {
    const { store } = openBrands([403, { error: 'access_denied' }]);
    await screen.findByText('pantalla de inicio');
    expect(store.getState().session.username).toBe('ana');
    await waitFor(() => expect(alert).toHaveBeenCalledWith('warning', 'ACCESO DENEGADO', 'Hola ana, no tenes acceso'));
  });

  it('an expired token is dropped before the request is sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const soon = Math.floor(Date.now() / 1000) + 60;
      sessionStorage.setItem('optica.token', fakeToken({ user_name: 'ana', authorities: ['ROLE_ADMIN'], exp: soon }));
      const calls = fakeServer({ 'GET /api/categoria': [200, []] });
      const store = makeStore();
      expect(store.getState().session.username).toBe('ana');
      vi.setSystemTime(Date.now() + 120_000);
      await store.dispatch(lookupsApi.endpoints.listLookup.initiate('/api/categoria'));
      expect(calls[0].auth).toBeNull();
      expect(store.getState().session.token).toBeNull();
      expect(sessionStorage.getItem('optica.token')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
