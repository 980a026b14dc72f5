import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alert } from '../app/alerts';
import { routes } from '../routing/routes';
import { openPage } from '../test/page';
import { EstadoCompra } from './EstadoCompra';

const CODIGO = '501-k3J9xQ2m';
const ESTADO = `GET /api/movimientos/estado/${CODIGO}`;

/** Opens the public page with no session, the way a customer follows the copied link. */
function open(answer: [number, unknown]) {
  const screens = [{ path: '/estadoCompra/:id', element: <EstadoCompra /> }];
  return openPage(`/estadoCompra/${CODIGO}`, screens, { answers: { [ESTADO]: answer } }).calls;
}

/** The answer of the server: the state, the order's day and its branch's name. */
const answer = (estadoMovimiento: string | null) => ({ estadoMovimiento, fecha: '2024-05-10', local: 'La Cruz' });

const progress = () => screen.getByRole('progressbar', { name: 'Progreso del pedido' });

describe('public order status', () => {
  it.each([
    [
      'PEDIDO_CRISTALES',
      'Pidiendo Cristales',
      25,
      [
        'Tu pedido está en proceso de solicitud de cristales',
        'Tiempo estimado de entrega: entre 10 y 15 días hábiles.',
      ],
    ],
    ['ARMANDO_PEDIDO', 'Armando Pedido', 50, ['Estamos armando tu pedido.', 'Va a estar listo entre hoy y mañana.']],
    [
      'ANTEOJO_TERMINADO',
      'Anteojo Terminado',
      75,
      ['¡Tu anteojo está terminado!', 'Ya podés pasar a retirarlo por la óptica.'],
    ],
    [
      'ENTREGADO',
      'Entregado',
      100,
      ['¡Gracias por confiar en nosotros!', 'Tu pedido ya fue entregado. Que disfrutes tus anteojos.'],
    ],
  ])('shows %s with its progress and text', async (estado, label, percent, texts) => {
    const calls = open([200, answer(estado)]);
    await screen.findByRole('heading', { name: label });
    expect(screen.getByRole('heading', { name: 'Estado de tu pedido' })).toBeTruthy();
    expect(progress().getAttribute('aria-valuenow')).toBe(String(percent));
    expect(progress().textContent).toBe(`${percent}%`);
    for (const text of texts) expect(screen.getByText(text)).toBeTruthy();
    // Which order it is: its day as dd/mm/aaaa and its branch, nothing personal.
    expect(screen.getByText('Pedido del 10/05/2024 · Local La Cruz')).toBeTruthy();
    expect(screen.queryByText('Estamos procesando tu pedido.')).toBeNull();
    // Public: no token is sent, and no login alert appears.
    expect(calls).toHaveLength(1);
    expect(calls[0].auth).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it.each([[null], ['EN_TALLER']])('says the order is being processed for the state %s', async (estado) => {
    open([200, answer(estado)]);
    await screen.findByText('Estamos procesando tu pedido.');
    expect(screen.getByText('Pedido del 10/05/2024 · Local La Cruz')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('leaves the branch out when the order has none', async () => {
    open([200, { estadoMovimiento: 'ENTREGADO', fecha: '2025-01-31', local: null }]);
    await screen.findByText('Pedido del 31/01/2025');
  });

  it('says the order was not found on 404', async () => {
    open([404, { mensaje: 'no existe' }]);
    await screen.findByText('No encontramos tu pedido. Revisá el enlace que te enviamos o consultá en la óptica.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it('says the state could not be read on other failures', async () => {
    open([500, { mensaje: 'x' }]);
    await screen.findByText('No pudimos consultar el estado de tu pedido. Intentá nuevamente más tarde.');
  });

  it('is public in the route table: a visitor with no session sees it', async () => {
    const { router, calls } = openPage(`/estadoCompra/${CODIGO}`, routes, {
      answers: { [ESTADO]: [200, answer('ARMANDO_PEDIDO')] },
    });
    await screen.findByRole('heading', { name: 'Armando Pedido' });
    expect(progress().getAttribute('aria-valuenow')).toBe('50');
    expect(router.state.location.pathname).toBe(`/estadoCompra/${CODIGO}`);
    expect(calls.find((c) => c.path === `/api/movimientos/estado/${CODIGO}`)?.auth).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });
});
