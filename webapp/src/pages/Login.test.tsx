import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alert } from '../app/alerts';
import { openPage } from '../test/page';
import { adminToken, fakeToken, inAnHour } from '../test/seed';
import { loggedIn, loggedOut } from '../session/sessionSlice';
import { Login } from './Login';
import { alerted } from '../test/alerts';

const routes = [
  { path: '/login', element: <Login /> },
  { path: '/inicio', element: <p>pantalla de inicio</p> },
];

describe('login screen', () => {
  it('keeps submit disabled until both fields have text, and refuses blanks', async () => {
    const user = userEvent.setup();
    const { calls } = openPage('/login', routes);
    const submit = screen.getByRole('button', { name: 'Iniciar Sesión' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    // the disabled button says why, beside it
    const why = () => screen.queryByRole('status')?.textContent;
    expect(why()).toBe('Escribí el usuario y la contraseña.');
    expect(submit.getAttribute('aria-describedby')).toBe('login-motivo');
    await user.type(screen.getByLabelText('Usuario'), '  ');
    expect(submit.disabled).toBe(true);
    expect(why()).toBe('Escribí la contraseña.');
    await user.type(screen.getByLabelText('Contraseña'), 'x');
    expect(submit.disabled).toBe(false);
    expect(why()).toBeUndefined();
    await user.click(submit);
    expect(alert).toHaveBeenCalledWith('error', 'EERROR LOGIN', 'El usuario y la contraseña estan vacios!');
    expect(calls).toHaveLength(0);
  });

  it('logs in with the public client and greets the user', async () => {
    const user = userEvent.setup();
    const token = adminToken();
    const { store, calls } = openPage('/login', routes, {
      answers: { 'POST /oauth/token': [200, { access_token: token }] },
    });
    await user.type(screen.getByLabelText('Usuario'), 'ana');
    await user.type(screen.getByLabelText('Contraseña'), 'secreta');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    await screen.findByText('pantalla de inicio');
    expect(alert).toHaveBeenCalledWith('success', 'Login', 'Hola ana,has iniciado sesión correctamente');
    expect(store.getState().session.username).toBe('ana');
    expect(sessionStorage.getItem('optica.token')).toBe(token);
    expect(localStorage.getItem('optica.token')).toBeNull();
    expect(calls[0].auth).toBe(`Basic ${btoa('optica.webapp:')}`);
    expect(new URLSearchParams(calls[0].body!).get('grant_type')).toBe('password');
  });

  it('tells how long to wait after too many failed attempts', async () => {
    const user = userEvent.setup();
    const description = 'Demasiados intentos fallidos. Espere 4 segundos e intente nuevamente.';
    openPage('/login', routes, {
      answers: { 'POST /oauth/token': [429, { error: 'invalid_grant', error_description: description }] },
    });
    await user.type(screen.getByLabelText('Usuario'), 'vera');
    await user.type(screen.getByLabelText('Contraseña'), 'otra');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    await alerted('error', 'ERROR LOGIN', description);
  });

  it('says the credentials are wrong on a 400', async () => {
    const user = userEvent.setup();
    openPage('/login', routes, { answers: { 'POST /oauth/token': [400, { error: 'invalid_grant' }] } });
    await user.type(screen.getByLabelText('Usuario'), 'ana');
    await user.type(screen.getByLabelText('Contraseña'), 'mala');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    await alerted('error', 'ERROR LOGIN', 'el usuario y contraseña son incorrectos');
    expect(screen.getByRole('heading', { name: 'Iniciar Sesión' })).toBeTruthy();
  });

  it('sends an authenticated user to inicio with the info alert', async () => {
    openPage('/login', routes, { token: fakeToken({ user_name: 'ana', authorities: [], exp: inAnHour() }) });
    await screen.findByText('pantalla de inicio');
    expect(alert).toHaveBeenCalledWith('info', 'Login', 'Hola ana, Ya estas autenticado');
  });

  it('says the session was closed in another tab, as a notice, not an error', async () => {
    const { store } = openPage('/login', routes);
    store.dispatch(loggedOut('otherTab'));
    expect((await screen.findByTestId('session-notice')).textContent).toBe('La sesión se cerró en otra pestaña.');
    expect(alert).not.toHaveBeenCalled();
  });

  it('leaves for inicio when another tab logs in, without the already-authenticated alert', async () => {
    const { store } = openPage('/login', routes);
    await screen.findByRole('heading', { name: 'Iniciar Sesión' });
    store.dispatch(loggedIn(adminToken()));
    await screen.findByText('pantalla de inicio');
    expect(alert).not.toHaveBeenCalled();
  });
});
