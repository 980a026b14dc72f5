import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { alert } from '../app/alerts';
import { openPage } from '../test/page';
import { Visitanos } from './Visitanos';

const TIENDA = 'GET /api/tienda';

function open(answer: [number, unknown]) {
  return openPage('/visitanos', [{ path: '/visitanos', element: <Visitanos /> }], { answers: { [TIENDA]: answer } })
    .calls;
}

const cards = () =>
  screen.getAllByRole('heading', { level: 3 }).map((h) => {
    const card = within(h.closest('.card') as HTMLElement);
    return [h.textContent, card.getByRole('link', { name: 'Ver en el mapa' }).getAttribute('href')];
  });

describe('visit-us page', () => {
  it("shows the shop's branches as the server lists them, asked with no session", async () => {
    const mapa = 'https://www.google.com/maps/search/?api=1&query=%C3%93ptica%20Santo%20Tom%C3%A9';
    const calls = open([
      200,
      {
        nombre: 'Óptica',
        telefono: null,
        whatsapp: '543772000000',
        instagram: null,
        facebook: null,
        locales: [
          { nombre: 'Santo Tomé', direccion: 'Belgrano 450', mapa },
          { nombre: 'Paso de los Libres', direccion: null, mapa: 'https://maps.example/pl' },
        ],
      },
    ]);
    await screen.findByRole('heading', { name: 'Santo Tomé' });
    expect(cards()).toEqual([
      ['Santo Tomé', mapa],
      ['Paso de los Libres', 'https://maps.example/pl'],
    ]);
    expect(screen.getByText('Belgrano 450')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Yapeyu' })).toBeNull();
    expect(calls.map((c) => [c.path, c.auth])).toEqual([['/api/tienda', null]]);
    expect(alert).not.toHaveBeenCalled();
  });

  it('shows the build-time branches while loading, when the server fails or lists none', async () => {
    open([500, { mensaje: 'x' }]);
    expect(screen.getByRole('heading', { name: 'La Cruz' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Yapeyu' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(cards().map(([name]) => name)).toEqual(['La Cruz', 'Yapeyu']);
    expect(alert).not.toHaveBeenCalled();
  });

  it('keeps the build-time branches when the shop has no branch registered', async () => {
    const calls = open([200, { nombre: 'Óptica', locales: [] }]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(cards().map(([name]) => name)).toEqual(['La Cruz', 'Yapeyu']);
  });
});
