// A movement whose cash day is closed: told when the form opens, with Guardar waiting and why,
// not after the click in the server's words.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alert } from '../../app/alerts';
import { cajaAbierta, cajaCerrada, movimiento } from '../../test/seed';
import { addPayment, button, chooseBranch, el, entradaWithExtra, fixClock, open, seller } from './fixture';

fixClock();

const HOY = '2025-06-01';
const NOTICE =
  'La caja de este día está cerrada. Para registrar este movimiento, pedí a un administrador que la reabra.';
const PROBLEM = 'La caja del 01/06/2025 está cerrada: pedí a un administrador que la reabra.';
const closed = (localId: number, fecha = HOY) => [200, cajaCerrada({ localId, fecha })] as [number, unknown];

describe('the movement form before a closed cash day', () => {
  it("tells a seller at once, before anything is typed, that their branch's day is closed", async () => {
    const user = userEvent.setup();
    const { calls } = open('/crearMovimiento', { [`GET /api/caja/2/${HOY}`]: closed(2) }, seller);
    expect((await screen.findByTestId('caja-cerrada')).textContent).toBe(NOTICE);
    const guardar = button('Guardar');
    expect(guardar.disabled).toBe(true);
    expect(guardar.getAttribute('aria-describedby')).toBe('movimiento-problemas');
    expect(document.getElementById('movimiento-problemas')!.textContent).toContain(PROBLEM);

    // A whole sale typed still waits, saying why; nothing is sent.
    await user.selectOptions(el('#tipoMovimiento'), 'ENTRADA');
    await user.type(el('#adicionalDescripcion'), 'Estuche');
    await user.type(el('#adicionalSubtotal'), '500');
    await user.click(button('Agregar detalle'));
    await addPayment(user, '500');
    expect(button('Guardar').disabled).toBe(true);
    expect(document.getElementById('movimiento-problemas')!.textContent).toBe(`No se puede guardar todavía:${PROBLEM}`);
    await user.click(button('Guardar'));
    expect(alert).not.toHaveBeenCalled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says nothing of an open day, and Guardar waits for nothing', async () => {
    const user = userEvent.setup();
    const { calls } = open('/crearMovimiento', {
      [`GET /api/caja/1/${HOY}`]: [200, cajaAbierta({ fecha: HOY })],
    });
    await entradaWithExtra(user, '100');
    await addPayment(user, '100');
    await waitFor(() => expect(calls.some((c) => c.path === `/api/caja/1/${HOY}`)).toBe(true));
    expect(button('Guardar').disabled).toBe(false);
    expect(screen.queryByTestId('caja-cerrada')).toBeNull();
  });

  it("asks an admin's chosen branch only once it is chosen, and the day of the date typed", async () => {
    const user = userEvent.setup();
    const { calls } = open('/crearMovimiento', {
      [`GET /api/caja/1/${HOY}`]: [200, cajaAbierta({ fecha: HOY })],
      'GET /api/caja/1/2025-05-30': closed(1, '2025-05-30'),
    });
    await user.selectOptions(el('#tipoMovimiento'), 'ENTRADA');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.some((c) => c.path.startsWith('/api/caja/'))).toBe(false);
    await chooseBranch(user, 'Centro');
    await waitFor(() => expect(calls.some((c) => c.path === `/api/caja/1/${HOY}`)).toBe(true));
    expect(screen.queryByTestId('caja-cerrada')).toBeNull();

    await user.clear(el('#fecha'));
    await user.type(el('#fecha'), '30/05/2025 18:00');
    expect((await screen.findByTestId('caja-cerrada')).textContent).toBe(NOTICE);
    expect(document.getElementById('movimiento-problemas')!.textContent).toContain(
      'La caja del 30/05/2025 está cerrada: pedí a un administrador que la reabra.',
    );
  });

  it("does not stop an edit of an old sale whose day is closed, only a payment added to today's closed cash", async () => {
    const user = userEvent.setup();
    const { calls } = open('/editarMovimiento/501', {
      'GET /api/movimientos/501': [200, movimiento()],
      'GET /api/caja/1/2025-05-02': closed(1, '2025-05-02'),
      [`GET /api/caja/1/${HOY}`]: closed(1),
    });
    await screen.findByRole('heading', { name: 'Editar Movimiento' });
    await screen.findByRole('option', { name: 'Centro' });
    await new Promise((r) => setTimeout(r, 50));
    // A change of state moves no money: the closed day of the sale does not stop it.
    expect(calls.some((c) => c.path.startsWith('/api/caja/'))).toBe(false);
    expect(button('Guardar').disabled).toBe(false);

    await addPayment(user, '50');
    expect((await screen.findByTestId('caja-cerrada')).textContent).toBe(
      'La caja del 01/06/2025, el día de los pagos nuevos, está cerrada. Para registrarlos, pedí a un administrador que la reabra.',
    );
    expect(button('Guardar').disabled).toBe(true);
    expect(calls.some((c) => c.path === '/api/caja/1/2025-05-02')).toBe(false);
  });
});
