import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPage, type Answers } from '../test/page';
import { adminToken, lookupAnswers, sellerToken } from '../test/seed';
import { Layout, PUBLIC_PAGE } from './Layout';

afterEach(() => {
  localStorage.clear();
});

const tienda = (whatsapp: string | null) => ({ nombre: 'Óptica Sur', whatsapp, locales: [] });

/** Opens a public page (the catalogue) or, with `path` '/trabajos', a staff screen. */
function open(answers: Answers, token?: string, path = '/catalogo') {
  const routes = [
    {
      path: '/',
      element: <Layout />,
      children: [
        { path: 'catalogo', handle: PUBLIC_PAGE, element: <p>la página</p> },
        { path: 'trabajos', element: <p>la pantalla</p> },
      ],
    },
  ];
  return openPage(path, routes, { token, answers: { ...lookupAnswers, ...answers } });
}

const whatsapp = () => screen.queryByTestId('whatsapp');
const main = () => document.querySelector('main')!;

describe('the floating WhatsApp button', () => {
  it("calls the shop's WhatsApp number from GET /api/tienda on a public page, and leaves room for it under the page", async () => {
    open({ 'GET /api/tienda': [200, tienda('5493772123456')] });
    const button = await screen.findByTestId('whatsapp');
    expect(button.getAttribute('href')).toBe('https://wa.me/5493772123456');
    expect(button.getAttribute('aria-label')).toBe('Escribinos por WhatsApp');
    expect(main().classList.contains('whatsapp-room')).toBe(true);
  });

  it('is not shown while the shop loads, nor when it has no WhatsApp number', async () => {
    const { calls } = open({ 'GET /api/tienda': [200, tienda(null)] });
    expect(whatsapp()).toBeNull(); // loading: no build-time placeholder number
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/tienda')).toBe(true));
    await screen.findByText('Óptica Sur');
    expect(whatsapp()).toBeNull();
    expect(main().classList.contains('whatsapp-room')).toBe(false);
  });

  it('is not shown when the number is blank', async () => {
    open({ 'GET /api/tienda': [200, tienda('  ')] });
    await screen.findByText('Óptica Sur');
    expect(whatsapp()).toBeNull();
  });

  it('is not shown when GET /api/tienda fails', async () => {
    const { calls } = open({ 'GET /api/tienda': [500, { mensaje: 'x' }] });
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/tienda')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(whatsapp()).toBeNull();
  });

  it('is not shown to staff, not even on a public page', async () => {
    for (const token of [adminToken(), sellerToken(1)]) {
      const { unmount } = open({ 'GET /api/tienda': [200, tienda('5493772123456')] }, token);
      await screen.findByText('la página');
      await screen.findByText('Óptica Sur');
      expect(whatsapp()).toBeNull();
      expect(main().classList.contains('whatsapp-room')).toBe(false);
      unmount();
    }
  });

  it('is not shown on a page that is not public', async () => {
    open({ 'GET /api/tienda': [200, tienda('5493772123456')] }, undefined, '/trabajos');
    await screen.findByText('la pantalla');
    await screen.findByText('Óptica Sur');
    expect(whatsapp()).toBeNull();
  });
});
