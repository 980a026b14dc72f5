import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { shop } from '../app/shop';
import { lapsed, loggedIn } from '../session/sessionSlice';
import { openPage } from '../test/page';
import { adminToken } from '../test/seed';
import { Header } from './Header';

const tienda = {
  nombre: 'Óptica Sur',
  telefono: '+54 3772 123456',
  whatsapp: '5493772123456',
  instagram: 'https://www.instagram.com/opticasur',
  facebook: 'https://www.facebook.com/opticasur',
  locales: [],
};

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('the header', () => {
  it("shows the shop's name and contact links from GET /api/tienda, asked with no token", async () => {
    const { calls } = openPage('/inicio', [{ path: '*', element: <Header /> }], {
      answers: { 'GET /api/tienda': [200, tienda] },
    });
    // The build-time values while it loads.
    expect(screen.getByTestId('shop-name').textContent).toBe(shop.name);
    expect(href(shop.phone)).toBe(`https://wa.me/${shop.whatsapp}`);
    expect(await screen.findByText('Óptica Sur')).toBeTruthy();
    expect(href('+54 3772 123456')).toBe('https://wa.me/5493772123456');
    expect(href('Instagram')).toBe('https://www.instagram.com/opticasur');
    expect(href('Facebook')).toBe('https://www.facebook.com/opticasur');
    expect(calls.find((c) => c.path === '/api/tienda')?.auth).toBeNull();
  });

  it('keeps the build-time values when the server does not answer them', async () => {
    const { calls } = openPage('/inicio', [{ path: '*', element: <Header /> }], {
      answers: { 'GET /api/tienda': [500, { mensaje: 'x' }] },
    });
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/tienda')).toBe(true));
    expect(screen.getByTestId('shop-name').textContent).toBe(shop.name);
    expect(href('Instagram')).toBe(shop.instagram);
    expect(href(shop.phone)).toBe(`https://wa.me/${shop.whatsapp}`);
  });

  it('while the re-login dialog is up (a lapsed session) shows neither the greeting nor Cerrar sesión', async () => {
    const { store } = openPage('/inicio', [{ path: '*', element: <Header /> }], {
      token: adminToken(),
      answers: { 'GET /api/tienda': [200, tienda] },
    });
    expect(screen.getByTestId('greeting').textContent).toBe('HOLA ana');
    act(() => void store.dispatch(lapsed()));
    expect(screen.queryByTestId('greeting')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cerrar sesión' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).toBeNull();
    act(() => void store.dispatch(loggedIn(adminToken())));
    expect(screen.getByTestId('greeting').textContent).toBe('HOLA ana');
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
  });
});
