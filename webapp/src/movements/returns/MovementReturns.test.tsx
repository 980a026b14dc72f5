import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { alert, confirm } from '../../app/alerts';
import { openPage, postedBody, postKeys, whenEnabled, type Answers } from '../../test/page';
import {
  adminToken,
  locales,
  metodosPago,
  movimiento,
  reintegro,
  salida,
  sellerToken,
  ventaCubierta,
  ventaDevuelta,
} from '../../test/seed';
import { MovementReturns } from './MovementReturns';
import { alerted, confirmed } from '../../test/alerts';

/** Opens the panel of movement `id`; `keys` records each return's Idempotency-Key. */
function open(id: number, token: string, answers: Answers = {}) {
  const { keys, onRequest } = postKeys();
  const view = openPage(
    `/editarMovimiento/${id}`,
    [{ path: '/editarMovimiento/:id', element: <MovementReturns id={id} /> }],
    {
      token,
      answers: {
        'GET /api/local': [200, locales],
        'GET /api/metodoPago': [200, metodosPago],
        'GET /api/movimientos/501': [200, movimiento()],
        'GET /api/movimientos/601': [200, reintegro()],
        ...answers,
      },
      onRequest,
    },
  );
  return { ...view, keys };
}

const RETURN_PATH = '/api/movimientos/501/devoluciones';

describe('Devoluciones', () => {
  it("a seller returns one unit: what is left, the estimate with the debt cancelled first, and why 'Devolver' waits", async () => {
    const user = userEvent.setup();
    const { calls } = open(501, sellerToken(1), {
      [`POST ${RETURN_PATH}`]: [201, { mensaje: 'La devolución ha sido registrada!', movimiento: reintegro() }],
    });
    expect(await screen.findByText('Esta venta no tiene devoluciones.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Devolver productos' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Vendidas 2 · quedan 2')).toBeTruthy();
    expect(
      within(dialog).getByText('Se devuelve en la caja de hoy de Centro: las unidades vuelven a su stock.'),
    ).toBeTruthy();
    const devolver = within(dialog).getByRole('button', { name: 'Devolver' }) as HTMLButtonElement;
    expect(devolver.disabled).toBe(true);
    expect(within(dialog).getByText('Elegí al menos un producto o detalle para devolver.')).toBeTruthy();
    expect(within(dialog).getByText('Reintegro: $ 0,00')).toBeTruthy();

    const unidades = within(dialog).getByLabelText('Unidades de RB3025 a devolver');
    await user.type(unidades, '3');
    expect(within(dialog).getByText('Del producto RB3025 quedan 2 unidades para devolver.')).toBeTruthy();
    expect(devolver.disabled).toBe(true);
    await user.clear(unidades);
    await user.type(unidades, '1');
    // 360 less 10% is 324: the 50 owed are cancelled, 274 go back.
    expect(within(dialog).getByText('Reintegro: $ 274,00')).toBeTruthy();
    expect(within(dialog).getByText('$ 50,00 cancelan lo que la venta debía.')).toBeTruthy();
    await user.click(devolver);
    await alerted('success', 'DEVOLUCIÓN REGISTRADA', 'La devolución ha sido registrada! Reintegro: $ 274,00.');
    // The sale took most by card (450 against 400 cash): the refund goes back by card.
    expect(postedBody(calls, RETURN_PATH)).toEqual({
      lineas: [{ productoId: 10, cantidad: 1 }],
      adicionales: [],
      metodoPagoId: metodosPago[1].id,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("an admin chooses the branch and returns a detail; the server's refusals are shown in its words", async () => {
    const user = userEvent.setup();
    const { calls } = open(501, adminToken(), {
      [`POST ${RETURN_PATH}`]: [400, { errors: ['El detalle «Cristal Orma Blue» ya fue devuelto.'] }],
    });
    await user.click(await screen.findByRole('button', { name: 'Devolver productos' }));
    const dialog = screen.getByRole('dialog');
    expect((within(dialog).getByLabelText('Local que recibe la devolución') as HTMLSelectElement).value).toBe('1');
    await user.selectOptions(within(dialog).getByLabelText('Local que recibe la devolución'), '2');
    await user.selectOptions(within(dialog).getByLabelText('Medio de pago del reintegro'), '2');
    await user.click(within(dialog).getByLabelText('Cristal Orma Blue · $ 280,00'));
    // 280 less 10% is 252: 50 cancel the debt.
    expect(within(dialog).getByText('Reintegro: $ 202,00')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Devolver' }));
    await alerted('error', 'ERROR DE VALIDACIÓN', 'El detalle «Cristal Orma Blue» ya fue devuelto.');
    expect(postedBody(calls, RETURN_PATH)).toEqual({ lineas: [], adicionales: [0], metodoPagoId: 2, localId: 2 });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("a closed day's 409 is told with the server's message; Escape closes the dialog", async () => {
    const user = userEvent.setup();
    open(501, sellerToken(1), {
      [`POST ${RETURN_PATH}`]: [409, { mensaje: 'La caja del 10/05/2025 de ese local ya está cerrada.' }],
    });
    await user.click(await screen.findByRole('button', { name: 'Devolver productos' }));
    await user.type(screen.getByLabelText('Unidades de RB3025 a devolver'), '2');
    const devolver = screen.getByRole('button', { name: 'Devolver' }) as HTMLButtonElement;
    await user.click(devolver);
    await alerted('error', 'ERROR', 'La caja del 10/05/2025 de ese local ya está cerrada.');
    await whenEnabled(devolver);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends one Idempotency-Key per opened dialog, the same on a retry', async () => {
    const user = userEvent.setup();
    const { keys } = open(501, sellerToken(1), {
      [`POST ${RETURN_PATH}`]: [409, { mensaje: 'La caja del 10/05/2025 de ese local ya está cerrada.' }],
    });
    const attempt = async () => {
      const devolver = screen.getByRole('button', { name: 'Devolver' }) as HTMLButtonElement;
      await user.click(devolver);
      await whenEnabled(devolver);
    };
    await user.click(await screen.findByRole('button', { name: 'Devolver productos' }));
    await user.type(screen.getByLabelText('Unidades de RB3025 a devolver'), '1');
    await attempt();
    await attempt();
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    // Opened again, it is another return.
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await user.click(screen.getByRole('button', { name: 'Devolver productos' }));
    await user.type(screen.getByLabelText('Unidades de RB3025 a devolver'), '1');
    await attempt();
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a sale lists what came back and its refunds; the estimate counts the earlier return', async () => {
    const user = userEvent.setup();
    open(501, sellerToken(1), { 'GET /api/movimientos/501': [200, ventaDevuelta()] });
    const devuelto = await screen.findByTestId('devuelto');
    expect(devuelto.textContent).toBe('RB3025 (Vulk): 1 de 2');
    const refund = await screen.findByTestId('devolucion-601');
    await within(refund).findByText(/Reintegro \$ 274,00/);
    expect(within(refund).getByRole('link', { name: 'Devolución #601' }).getAttribute('href')).toBe(
      '/editarMovimiento/601',
    );
    await user.click(screen.getByRole('button', { name: 'Devolver productos' }));
    await user.type(screen.getByLabelText('Unidades de RB3025 a devolver'), '1');
    await user.click(screen.getByLabelText('Cristal Orma Blue · $ 280,00'));
    // The rest completes the sale: 900 less the 324 returned before, all refunded (nothing owed).
    expect(screen.getByText('Reintegro: $ 576,00')).toBeTruthy();
  });

  it('a refund names the sale it returned by its receipt, by its id when the sale has none', async () => {
    open(601, sellerToken(1), {
      'GET /api/movimientos/601': [200, reintegro({ devolucionDeComprobante: '0001-00000005' })],
    });
    const notice = await screen.findByTestId('devolucion-de');
    const link = within(notice).getByRole('link', { name: '0001-00000005' });
    expect(link.getAttribute('href')).toBe('/editarMovimiento/501');
    expect(notice.textContent).toMatch(/^Devolución de la venta 0001-00000005:/);
    cleanup();
    open(601, sellerToken(1));
    const sinNumero = await screen.findByTestId('devolucion-de');
    expect(within(sinNumero).getByRole('link', { name: '#501' }).getAttribute('href')).toBe('/editarMovimiento/501');
    expect(screen.queryByRole('button', { name: 'Devolver productos' })).toBeNull();
  });

  it('a sale covered by an obra social says why it cannot be returned yet', async () => {
    open(503, sellerToken(1), { 'GET /api/movimientos/503': [200, ventaCubierta()] });
    const devolver = await screen.findByRole<HTMLButtonElement>('button', { name: 'Devolver productos' });
    expect(devolver.disabled).toBe(true);
    expect(document.getElementById(devolver.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Una venta con cobertura de obra social no se devuelve desde aquí: si todavía no se presentó a la obra social, editá sus productos; si ya se presentó, registrá el reintegro como un egreso.',
    );
  });

  it('an outflow that is not a refund has no returns panel', async () => {
    const { container } = open(502, adminToken(), { 'GET /api/movimientos/502': [200, salida()] });
    await waitFor(() => expect(container.textContent).toBe(''));
    expect(screen.queryByText('Devoluciones')).toBeNull();
  });

  it('asks before paying out more than the drawer should hold, and sends the confirmation with the same key', async () => {
    const user = userEvent.setup();
    const mensaje =
      'El reintegro en Tarjeta es mayor que lo que la caja de hoy debería tener. Revisalo, o confirmá que el dinero sale igual.';
    let posts = 0;
    const { calls, keys } = open(501, sellerToken(1), {
      [`POST ${RETURN_PATH}`]: () =>
        ++posts === 1
          ? [409, { mensaje, confirmar: true }]
          : [201, { mensaje: 'La devolución ha sido registrada!', movimiento: reintegro() }],
    });
    await user.click(await screen.findByRole('button', { name: 'Devolver productos' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Unidades de RB3025 a devolver'), '1');
    vi.mocked(confirm).mockResolvedValueOnce(true);
    await user.click(within(dialog).getByRole('button', { name: 'Devolver' }));
    await confirmed('¿Devolver igual?', mensaje, 'Sí, devolver');
    await alerted('success', 'DEVOLUCIÓN REGISTRADA', 'La devolución ha sido registrada! Reintegro: $ 274,00.');
    const sent = calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(c.body ?? '{}'));
    expect(sent.map((b) => b.confirmado)).toEqual([undefined, true]);
    expect(new Set(keys).size).toBe(1);
  });

  it('declined, nothing more is sent and the dialog stays', async () => {
    const user = userEvent.setup();
    const { calls } = open(501, sellerToken(1), {
      [`POST ${RETURN_PATH}`]: [409, { mensaje: 'El reintegro en Tarjeta es mayor…', confirmar: true }],
    });
    await user.click(await screen.findByRole('button', { name: 'Devolver productos' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Unidades de RB3025 a devolver'), '1');
    vi.mocked(confirm).mockResolvedValueOnce(false);
    await user.click(within(dialog).getByRole('button', { name: 'Devolver' }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('splits the refund across two methods: the second takes what is typed, the first the rest', async () => {
    const user = userEvent.setup();
    const { calls } = open(501, sellerToken(1), {
      [`POST ${RETURN_PATH}`]: [201, { mensaje: 'La devolución ha sido registrada!', movimiento: reintegro() }],
    });
    await user.click(await screen.findByRole('button', { name: 'Devolver productos' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Unidades de RB3025 a devolver'), '1');
    await user.click(within(dialog).getByText('Repartir el reintegro en otro medio'));
    await user.selectOptions(within(dialog).getByLabelText('Segundo medio'), String(metodosPago[0].id));
    const monto = within(dialog).getByLabelText('Devuelto por el segundo medio');
    await user.type(monto, '274');
    const devolver = within(dialog).getByRole('button', { name: 'Devolver' }) as HTMLButtonElement;
    expect(devolver.disabled).toBe(true);
    expect(
      within(dialog).getByText(
        'Lo devuelto por el segundo medio debe ser más de $ 0,00 y menos que el reintegro ($ 274,00).',
      ),
    ).toBeTruthy();
    await user.clear(monto);
    await user.type(monto, '100,50');
    expect(within(dialog).getByText('Por el primer medio: $ 173,50')).toBeTruthy();
    await user.click(devolver);
    await alerted('success', 'DEVOLUCIÓN REGISTRADA', 'La devolución ha sido registrada! Reintegro: $ 274,00.');
    expect(postedBody(calls, RETURN_PATH)).toEqual({
      lineas: [{ productoId: 10, cantidad: 1 }],
      adicionales: [],
      reintegros: [
        { metodoPagoId: metodosPago[1].id, monto: 173.5 },
        { metodoPagoId: metodosPago[0].id, monto: 100.5 },
      ],
    });
  });
});
