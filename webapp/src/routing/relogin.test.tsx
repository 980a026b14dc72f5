import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alert, confirm } from '../app/alerts';
import { MassUpdate } from '../products';
import { openPage, withLandings, type Answers } from '../test/page';
import { adminToken, fakeToken, inAnHour, lookupAnswers } from '../test/seed';
import { RequireRole } from './RequireRole';

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(confirm).mockReset();
});

const routes = withLandings(
  '/actualizar-productos',
  <RequireRole access="admin">
    <MassUpdate />
  </RequireRole>,
);

const UPDATE = 'POST /api/productos/actualizar-precios';
const renewed = () => fakeToken({ user_name: 'ana', authorities: ['ROLE_ADMIN'], exp: inAnHour() + 60 });

/** The mass update with a value typed, whose first apply the server refuses with 401. */
async function openTyped(token: string, answers: Answers) {
  const user = userEvent.setup();
  vi.mocked(confirm).mockResolvedValue(true);
  let refused = false;
  const page = openPage('/actualizar-productos', routes, {
    token,
    answers: {
      ...lookupAnswers,
      [UPDATE]: () => (refused ? [200, { mensaje: 'ok', actualizados: 3 }] : ((refused = true), [401, {}])),
      ...answers,
    },
  });
  await user.click(screen.getByLabelText('Costo'));
  await user.type(screen.getByLabelText('Valor'), '10');
  return { user, ...page };
}

const valor = () => (screen.getByLabelText('Valor') as HTMLInputElement).value;
const ingresar = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Ingresar' });

describe('a session that ends over unsaved changes', () => {
  it('a 401 while saving asks for the password over the form, which keeps what was typed and saves after', async () => {
    const token = renewed();
    const { user, store, calls, router } = await openTyped(adminToken(), {
      'POST /oauth/token': [200, { access_token: token }],
    });
    await user.click(screen.getByRole('button', { name: 'Aplicar Cambios' }));
    await screen.findByRole('dialog', { name: 'Tu sesión terminó' });
    expect(screen.getByText('Ingresá de nuevo para guardar. Lo que escribiste sigue en el formulario.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/actualizar-productos');
    expect(alert).not.toHaveBeenCalled();
    expect(store.getState().session).toMatchObject({ lapsed: true, token: null, username: 'ana' });
    expect(sessionStorage.getItem('optica.token')).toBeNull();
    // the user is offered, the password is asked, and the disabled button says why
    expect((screen.getByLabelText('Usuario') as HTMLInputElement).value).toBe('ana');
    expect(ingresar().disabled).toBe(true);
    expect(screen.getByText('Escribí la contraseña.')).toBeTruthy();
    await user.type(screen.getByLabelText('Contraseña'), 'secreta');
    await user.click(ingresar());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.getState().session).toMatchObject({ lapsed: false, token, username: 'ana' });
    expect(valor()).toBe('10');
    expect((screen.getByLabelText('Costo') as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Aplicar Cambios' }));
    await screen.findByText('pantalla de inicio');
    const updates = calls.filter((c) => c.path === '/api/productos/actualizar-precios');
    expect(updates).toHaveLength(2);
    expect(updates[1].auth).toBe(`Bearer ${token}`);
    expect(JSON.parse(updates[1].body!)).toMatchObject({ tipo: 'costo', valor: 10 });
  });

  it('a token that expired while typing lapses before the request, which goes without it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const soon = fakeToken({ user_name: 'ana', authorities: ['ROLE_ADMIN'], exp: Math.floor(Date.now() / 1000) + 60 });
    const { user, store, calls } = await openTyped(soon, {});
    vi.setSystemTime(Date.now() + 120_000);
    await user.click(screen.getByRole('button', { name: 'Aplicar Cambios' }));
    await screen.findByRole('dialog', { name: 'Tu sesión terminó' });
    expect(store.getState().session.lapsed).toBe(true);
    expect(calls.find((c) => c.path === '/api/productos/actualizar-precios')?.auth).toBeNull();
    expect(valor()).toBe('10');
    expect(alert).not.toHaveBeenCalled();
  });

  it('another user logging in over the form discards it and says so', async () => {
    const vera = fakeToken({ user_name: 'vera', authorities: ['ROLE_ADMIN'], exp: inAnHour() });
    const { user, store, calls } = await openTyped(adminToken(), {
      'POST /oauth/token': [200, { access_token: vera }],
    });
    await user.click(screen.getByRole('button', { name: 'Aplicar Cambios' }));
    await screen.findByRole('dialog', { name: 'Tu sesión terminó' });
    await user.clear(screen.getByLabelText('Usuario'));
    await user.type(screen.getByLabelText('Usuario'), 'vera');
    expect(screen.getByText('Si ingresás con otro usuario, los cambios sin guardar se descartan.')).toBeTruthy();
    await user.type(screen.getByLabelText('Contraseña'), 'otra');
    await user.click(ingresar());
    await screen.findByText('pantalla de inicio');
    expect(store.getState().session.username).toBe('vera');
    expect(alert).toHaveBeenCalledWith(
      'info',
      'Sesión iniciada',
      'Ingresaste como vera. Los cambios sin guardar de ana se descartaron.',
    );
    expect(confirm).toHaveBeenCalledTimes(1); // the apply question only: leaving was not asked
    expect(calls.filter((c) => c.path === '/api/productos/actualizar-precios')).toHaveLength(1);
  });

  it('wrong credentials are said in the dialog, which stays over the form', async () => {
    const { user } = await openTyped(adminToken(), { 'POST /oauth/token': [400, { error: 'invalid_grant' }] });
    await user.click(screen.getByRole('button', { name: 'Aplicar Cambios' }));
    await screen.findByRole('dialog', { name: 'Tu sesión terminó' });
    await user.type(screen.getByLabelText('Contraseña'), 'mala');
    await user.click(ingresar());
    await screen.findByText('El usuario o la contraseña no son correctos.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(valor()).toBe('10');
  });

  it("'Salir sin guardar' ends the session and goes to login", async () => {
    const { user, store } = await openTyped(adminToken(), {});
    await user.click(screen.getByRole('button', { name: 'Aplicar Cambios' }));
    await screen.findByRole('dialog', { name: 'Tu sesión terminó' });
    await user.click(screen.getByRole('button', { name: 'Salir sin guardar' }));
    await screen.findByText('pantalla de login');
    expect(store.getState().session).toMatchObject({ lapsed: false, username: '' });
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('without unsaved changes a 401 still goes to login with the error', async () => {
    vi.mocked(confirm).mockResolvedValue(true);
    openPage('/actualizar-productos', routes, {
      token: adminToken(),
      answers: { ...lookupAnswers, 'GET /api/marca': [401, {}] },
    });
    await screen.findByText('pantalla de login');
    await waitFor(() => expect(alert).toHaveBeenCalledWith('error', 'ERROR LOGIN', 'Necesitas logearte'));
  });
});
