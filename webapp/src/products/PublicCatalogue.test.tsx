import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { openPage } from '../test/page';
import { lookupAnswers, springPage } from '../test/seed';
import { PublicCatalogue } from './PublicCatalogue';

afterEach(() => {
  localStorage.clear();
});

const publico = (id: number, modelo: string, precio: number) => ({
  id,
  modelo,
  marca: 'Ray-Ban',
  precio,
  descripcion: 'Aviador',
});

describe('the public catalogue', () => {
  it('shows a visitor the category asked for: model, brand and price, no cost and no stock', async () => {
    const { calls, router } = openPage(
      '/catalogo/page/0?categoria=1',
      [{ path: '/catalogo/page/:page', element: <PublicCatalogue /> }],
      {
        answers: {
          ...lookupAnswers,
          'GET /api/catalogo/page/0': [200, springPage([publico(10, 'RB3025', 359999.96)], 12, 0, 2)],
          'GET /api/catalogo/page/1': [200, springPage([publico(11, 'RB4000', 1000)], 12, 1, 2)],
        },
      },
    );
    await screen.findByText('RB3025');
    expect(screen.getByRole('heading', { name: 'NUESTRO CATÁLOGO' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Modelo',
      'Marca',
      'Precio',
      'Descripción',
    ]);
    expect(screen.getByText('Ray-Ban')).toBeTruthy();
    expect(await screen.findByText('Sol')).toBeTruthy();
    expect(screen.getByText('$ 359.999,96')).toBeTruthy();
    expect(screen.queryByText(/Stock|Costo/)).toBeNull();
    const pedido = calls.find((c) => c.path === '/api/catalogo/page/0')!;
    expect(pedido.search).toBe('?categoria=1');
    expect(pedido.auth).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/productos'))).toBe(false);
    await user().click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByText('RB4000');
    expect(router.state.location.pathname + router.state.location.search).toBe('/catalogo/page/1?categoria=1');
    expect(calls.find((c) => c.path === '/api/catalogo/page/1')!.search).toBe('?categoria=1');
  });

  it('asks for every category when the URL names none, and says so when there are no products', async () => {
    const { calls } = openPage('/catalogo/page/0', [{ path: '/catalogo/page/:page', element: <PublicCatalogue /> }], {
      answers: { 'GET /api/catalogo/page/0': [200, springPage([], 12, 0, 0)] },
    });
    await screen.findByText('No se encontraron productos');
    await waitFor(() => expect(calls.find((c) => c.path === '/api/catalogo/page/0')!.search).toBe(''));
    await act(async () => {});
  });
});

const user = () => userEvent.setup();
