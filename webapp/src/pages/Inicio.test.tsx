import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openPage } from '../test/page';
import { adminToken } from '../test/seed';
import { Inicio } from './Inicio';

const tienda = (cuotasSinInteres: number | null) => ({
  nombre: 'Óptica',
  whatsapp: null,
  locales: [],
  cuotasSinInteres,
});

function open(answer: [number, unknown], token?: string) {
  return openPage('/inicio', [{ path: '/inicio', element: <Inicio staffView={<p>catálogo</p>} /> }], {
    token,
    answers: { 'GET /api/tienda': answer },
  });
}

const banners = () =>
  within(screen.getByTestId('banners'))
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('the storefront', () => {
  it("says the most cuotas a card offers today without surcharge, from the shop's plans", async () => {
    open([200, tienda(6)]);
    expect(await screen.findByRole('heading', { name: '6 CUOTAS SIN INTERÉS' })).toBeTruthy();
    expect(screen.getByText('Con todas las tarjetas.')).toBeTruthy();
    expect(banners()).toEqual(['VENTA EXCLUSIVA', 'ENVÍOS A TODO EL PAÍS', '6 CUOTAS SIN INTERÉS']);
  });

  it('promises no cuotas when no card offers them, nor while it is not known: the third banner says where to ask', async () => {
    const { store } = open([200, tienda(null)]);
    expect(banners()).toEqual(['VENTA EXCLUSIVA', 'ENVÍOS A TODO EL PAÍS', 'FORMAS DE PAGO']);
    const answered = () =>
      Object.values(store.getState().api.queries).some((q) => q?.endpointName === 'tienda' && q.status === 'fulfilled');
    await waitFor(() => expect(answered()).toBe(true));
    expect(banners()).toEqual(['VENTA EXCLUSIVA', 'ENVÍOS A TODO EL PAÍS', 'FORMAS DE PAGO']);
    expect(screen.getByText('Consultá en el local los planes de cada tarjeta.')).toBeTruthy();
    expect(screen.queryByText(/CUOTAS SIN INTERÉS/)).toBeNull();
  });

  it('is not the staff’s home', async () => {
    open([200, tienda(6)], adminToken());
    expect(await screen.findByText('catálogo')).toBeTruthy();
    expect(screen.queryByTestId('banners')).toBeNull();
  });
});
