// A tab opened without a token asks the other tabs for theirs (../session/tabs.ts): the public
// pages show at once meanwhile, and only the screens that need a session wait for the answer.
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alert } from '../app/alerts';
import { loggedIn, noTabAnswered } from '../session/sessionSlice';
import { openPage } from '../test/page';
import { adminToken, lookupAnswers } from '../test/seed';
import { routes } from './routes';

const answers = { ...lookupAnswers, 'GET /api/marca': [200, [{ id: 1, nombre: 'Vulk' }]] as [number, unknown] };
const greeting = () => screen.queryByTestId('greeting');
const loginLink = () => screen.queryByRole('link', { name: 'Iniciar sesión' });

describe('while the tab waits for the other tabs’ answer', () => {
  it('a public page shows at once; the header says nothing of the session until it is known', async () => {
    const { store } = openPage('/visitanos', routes, { waiting: true, answers });
    expect(screen.getByRole('heading', { name: 'VISITANOS' })).toBeTruthy();
    expect(greeting()).toBeNull();
    expect(loginLink()).toBeNull();
    act(() => void store.dispatch(loggedIn(adminToken())));
    expect(greeting()?.textContent).toBe('HOLA ana');
    expect(screen.getByRole('heading', { name: 'VISITANOS' })).toBeTruthy();
  });

  it('inicio shows the storefront at once and keeps it when no tab answers, with no alert', async () => {
    const { store } = openPage('/inicio', routes, { waiting: true, answers });
    expect(screen.getByText('VENTA EXCLUSIVA')).toBeTruthy();
    act(() => void store.dispatch(noTabAnswered()));
    expect(screen.getByText('VENTA EXCLUSIVA')).toBeTruthy();
    expect(loginLink()).toBeTruthy();
    expect(alert).not.toHaveBeenCalled();
  });

  it('a staff screen waits, with no ERROR LOGIN nor a trip to login, and opens with the session handed over', async () => {
    const { store, router } = openPage('/adminitrarMarca', routes, { waiting: true, answers });
    expect(screen.queryByText('Vulk')).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe('/adminitrarMarca');
    expect(alert).not.toHaveBeenCalled();
    act(() => void store.dispatch(loggedIn(adminToken())));
    expect(await screen.findByText('Vulk')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/adminitrarMarca');
    expect(alert).not.toHaveBeenCalled();
  });

  it('a staff screen goes to login with ERROR LOGIN when no tab answers', async () => {
    const { store, router } = openPage('/adminitrarMarca', routes, { waiting: true, answers });
    act(() => void store.dispatch(noTabAnswered()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('error', 'ERROR LOGIN', 'Necesitas logearte'));
  });
});
