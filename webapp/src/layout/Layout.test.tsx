import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPage, type Answers } from '../test/page';
import { adminToken, lookupAnswers, sellerToken } from '../test/seed';
import { Layout } from './Layout';

afterEach(() => {
  localStorage.clear();
});

const tienda = (whatsapp: string | null) => ({ nombre: 'Óptica Sur', whatsapp, locales: [] });

function open(answers: Answers, token?: string) {
  const routes = [{ path: '/', element: <Layout />, children: [{ path: 'inicio', element: <p>la página</p> }] }];
  return openPage('/inicio', routes, { token, answers: { ...lookupAnswers, ...answers } });
}

const whatsapp = () => screen.queryByTestId('whatsapp');
const main = () => document.querySelector('main')!;

describe('the floating WhatsApp button', () => {
  it("calls the shop's WhatsApp number from GET /api/tienda, and leaves room for it under the page", async () => {
    open({ 'GET /api/tienda': [200, tienda('5493772123456')] }, sellerToken(1));
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

  it('is not shown to admins', async () => {
    open({ 'GET /api/tienda': [200, tienda('5493772123456')] }, adminToken());
    await screen.findByText('Óptica Sur');
    expect(whatsapp()).toBeNull();
  });
});
