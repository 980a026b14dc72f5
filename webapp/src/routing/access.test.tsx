import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookupsApi, useListLookupQuery } from '../api/lookups';
import { alert } from '../app/alerts';
import { makeStore } from '../app/store';
import { fakeToken, inAnHour, renderAt, stubFetch } from '../test/render';
import { RequireRole } from './RequireRole';

const admin = () => fakeToken({ user_name: 'ana', authorities: ['ROLE_ADMIN'], local_id: null, exp: inAnHour() });
const seller = () => fakeToken({ user_name: 'beto', authorities: ['ROLE_VENDEDOR'], local_id: 1, exp: inAnHour() });

function Brands() {
  const { data } = useListLookupQuery('/api/marca');
  return <p>{data ? `${data.length} marcas` : 'cargando'}</p>;
}

const routes = [
  { path: '/adminitrarMarca', element: <RequireRole access="admin"><Brands /></RequireRole> },
  { path: '/login', element: <p>pantalla de login</p> },
  { path: '/inicio', element: <p>pantalla de inicio</p> },
];

vi.mock('../app/alerts', () => ({ alert: vi.fn(), confirm: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(alert).mockClear();
});

describe('screens guarded by role', () => {
  it('sends a visitor to login with the 401 alert', async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetch);
    renderAt('/adminitrarMarca', routes);
    await screen.findByText('pantalla de login');
    await waitFor(() => expect(alert).toHaveBeenCalledWith('error', 'ERROR LOGIN', 'Necesitas logearte'));
  });

  it('sends a seller to inicio with the 403 alert', async () => {
    sessionStorage.setItem('optica.token', seller());
    vi.stubGlobal('fetch', stubFetch({}).fetch);
    renderAt('/adminitrarMarca', routes);
    await screen.findByText('pantalla de inicio');
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('warning', 'ACCESO DENEGADO', 'Hola beto, no tenes acceso'),
    );
  });

  it('lets an admin in, with the bearer token on every request', async () => {
    // One token: building it twice could straddle a second and change its expiry.
    const token = admin();
    sessionStorage.setItem('optica.token', token);
    const stub = stubFetch({ 'GET /api/marca': [200, [{ id: 1, nombre: 'Vulk' }]] });
    vi.stubGlobal('fetch', stub.fetch);
    renderAt('/adminitrarMarca', routes);
    await screen.findByText('1 marcas');
    expect(stub.calls[0].auth).toBe(`Bearer ${token.split('.')[0]}.${token.split('.')[1]}.firma`);
  });
});

describe('401 and 403 answers', () => {
  it('a 401 logs the user out and goes to login', async () => {
    sessionStorage.setItem('optica.token', admin());
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/marca': [401, { error: 'invalid_token' }] }).fetch);
    const { store } = renderAt('/adminitrarMarca', routes);
    await screen.findByText('pantalla de login');
    expect(store.getState().session.username).toBe('');
    expect(sessionStorage.getItem('optica.token')).toBeNull();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('error', 'ERROR LOGIN', 'Necesitas logearte'));
  });

  it('a 403 goes to inicio and keeps the session', async () => {
    sessionStorage.setItem('optica.token', admin());
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/marca': [403, { error: 'access_denied' }] }).fetch);
    const { store } = renderAt('/adminitrarMarca', routes);
    await screen.findByText('pantalla de inicio');
    expect(store.getState().session.username).toBe('ana');
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('warning', 'ACCESO DENEGADO', 'Hola ana, no tenes acceso'),
    );
  });

  it('an expired token is dropped before the request is sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const soon = Math.floor(Date.now() / 1000) + 60;
      sessionStorage.setItem('optica.token', fakeToken({ user_name: 'ana', authorities: ['ROLE_ADMIN'], exp: soon }));
      const stub = stubFetch({ 'GET /api/categoria': [200, []] });
      vi.stubGlobal('fetch', stub.fetch);
      const store = makeStore();
      expect(store.getState().session.username).toBe('ana');
      vi.setSystemTime(Date.now() + 120_000);
      await store.dispatch(lookupsApi.endpoints.listLookup.initiate('/api/categoria'));
      expect(stub.calls[0].auth).toBeNull();
      expect(store.getState().session.token).toBeNull();
      expect(sessionStorage.getItem('optica.token')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
