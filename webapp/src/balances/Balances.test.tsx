import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { confirm } from '../app/alerts';
import { openPage, postKeys, whenEnabled, type Answers } from '../test/page';
import { adminToken, cuentasCorrientes, locales, metodosPago, saldo, sellerToken } from '../test/seed';
import { Balances } from './Balances';
import { alerted, confirmed } from '../test/alerts';
import { capturedDownloads } from '../test/page';

function open(token: string, answers: Answers = {}, onRequest?: ReturnType<typeof postKeys>['onRequest']) {
  return openPage('/cuentasCorrientes', [{ path: '/cuentasCorrientes', element: <Balances /> }], {
    token,
    // The same object, so a test may change an answer midway.
    answers: Object.assign(
      answers,
      {
        'GET /api/local': [200, locales],
        'GET /api/metodoPago': [200, metodosPago],
        'GET /api/cuentas-corrientes': [200, cuentasCorrientes([saldo(), saldo({ idMovimiento: 9, dias: 120 })])],
      },
      { ...answers },
    ),
    onRequest,
  });
}

const bodyOf = (calls: { method: string; path: string; body: string | null }[], path: string) =>
  JSON.parse(calls.find((c) => c.method === 'POST' && c.path === path)?.body ?? 'null');

describe('Cuentas corrientes', () => {
  it('lists the balances with the total owed and marks the old ones', async () => {
    open(sellerToken(2));
    await screen.findByText('$ 2.400,00');
    expect(screen.getByText(/Se muestran los saldos de tu local/)).toBeTruthy();
    expect(screen.getByTestId('saldo-7').className).toContain('table-warning');
    expect(screen.getByTestId('saldo-9').className).toContain('table-danger');
    expect(within(screen.getByTestId('saldo-9')).getByText('(más de 90 días)')).toBeTruthy();
    expect(within(screen.getByTestId('saldo-7')).getByRole('link', { name: 'Ana Gómez' }).getAttribute('href')).toBe(
      '/editarPaciente/3',
    );
  });

  it("a seller collects part of a debt at their branch; above it 'Cobrar' says why it waits", async () => {
    const user = userEvent.setup();
    const { calls } = open(sellerToken(2), {
      'POST /api/movimientos/7/cobros': [201, { mensaje: 'El pago ha sido registrado!' }],
    });
    await user.click(await screen.findByRole('button', { name: 'Cobrar venta #7' }));
    const dialog = screen.getByRole('dialog');
    expect((within(dialog).getByLabelText('Monto') as HTMLInputElement).value).toBe('1.200,00');
    expect(within(dialog).getByText('Se cobra en la caja de hoy de Norte.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Monto'));
    await user.type(within(dialog).getByLabelText('Monto'), '1.200,50');
    expect(within(dialog).getByText('El monto supera el saldo pendiente ($ 1.200,00).')).toBeTruthy();
    const cobrar = within(dialog).getByRole('button', { name: 'Cobrar' }) as HTMLButtonElement;
    expect(cobrar.disabled).toBe(true);
    await user.clear(within(dialog).getByLabelText('Monto'));
    await user.type(within(dialog).getByLabelText('Monto'), '500,50');
    await user.click(cobrar);
    await alerted('success', 'PAGO REGISTRADO', 'El pago ha sido registrado!');
    expect(bodyOf(calls, '/api/movimientos/7/cobros')).toEqual({ metodoPagoId: 1, monto: 500.5 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends one Idempotency-Key per opened dialog, the same when "Cobrar" is pressed again', async () => {
    const user = userEvent.setup();
    const { keys, onRequest } = postKeys();
    open(
      sellerToken(2),
      { 'POST /api/movimientos/7/cobros': [409, { mensaje: 'La caja del 26/11/2026 de ese local ya está cerrada.' }] },
      onRequest,
    );
    const attempt = async () => {
      const cobrar = within(screen.getByRole('dialog')).getByRole('button', { name: 'Cobrar' }) as HTMLButtonElement;
      await user.click(cobrar);
      await alerted('error', 'ERROR', 'La caja del 26/11/2026 de ese local ya está cerrada.');
      await whenEnabled(cobrar);
    };
    await user.click(await screen.findByRole('button', { name: 'Cobrar venta #7' }));
    await attempt();
    await attempt();
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    // Opened again, it is another collection.
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await user.click(await screen.findByRole('button', { name: 'Cobrar venta #7' }));
    await attempt();
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('says when the payment methods could not be read, and reads them again when asked', async () => {
    const user = userEvent.setup();
    const answers: Answers = { 'GET /api/metodoPago': [500, { mensaje: 'Error interno' }] };
    const { calls } = open(sellerToken(2), answers);
    await user.click(await screen.findByRole('button', { name: 'Cobrar venta #7' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(await dialog.findByText('No se pudieron cargar los métodos de pago.')).toBeTruthy();
    expect(dialog.queryByText(/pedí a un administrador que los cree/)).toBeNull();
    answers['GET /api/metodoPago'] = [200, metodosPago];
    await user.click(dialog.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(dialog.queryByText('No se pudieron cargar los métodos de pago.')).toBeNull());
    expect((dialog.getByLabelText('Método de pago') as HTMLSelectElement).value).toBe('1');
    expect(calls.filter((c) => c.path === '/api/metodoPago').length).toBeGreaterThanOrEqual(2);
  });

  it("an admin chooses the collecting branch; the server's refusal is shown in its words", async () => {
    const user = userEvent.setup();
    const { calls } = open(adminToken(), {
      'POST /api/movimientos/7/cobros': [409, { mensaje: 'La caja del 26/11/2026 de ese local ya está cerrada.' }],
    });
    await user.click(await screen.findByRole('button', { name: 'Cobrar venta #7' }));
    await user.selectOptions(screen.getByLabelText('Local que cobra'), '2');
    await user.selectOptions(screen.getByLabelText('Método de pago'), '2');
    await user.type(screen.getByLabelText('Monto con recargo (opcional)'), '1.320');
    await user.click(screen.getByRole('button', { name: 'Cobrar' }));
    await alerted('error', 'ERROR', 'La caja del 26/11/2026 de ese local ya está cerrada.');
    expect(bodyOf(calls, '/api/movimientos/7/cobros')).toEqual({
      metodoPagoId: 2,
      monto: 1200,
      montoImpuesto: 1320,
      localId: 2,
    });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("charges a card in cuotas on today's plan: the surcharge is computed and told in instalments", async () => {
    const user = userEvent.setup();
    const { calls } = open(sellerToken(2), {
      'GET /api/planesTarjeta': [
        200,
        [
          { metodoPago: metodosPago[1], cuotas: 1, recargo: 0, desde: '2026-01-01' },
          { metodoPago: metodosPago[1], cuotas: 3, recargo: 10, desde: '2026-11-01' },
        ],
      ],
      'POST /api/movimientos/7/cobros': [201, { mensaje: 'El pago ha sido registrado!' }],
    });
    await user.click(await screen.findByRole('button', { name: 'Cobrar venta #7' }));
    const dialog = within(screen.getByRole('dialog'));
    // Cash has no plans.
    expect(dialog.queryByLabelText('Cuotas')).toBeNull();
    await user.selectOptions(dialog.getByLabelText('Método de pago'), '2');
    const cuotas = await dialog.findByLabelText('Cuotas');
    expect(
      within(cuotas)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sin cuotas', '1 pago', '3 cuotas (10 % de recargo)']);
    await user.selectOptions(cuotas, '3 cuotas (10 % de recargo)');
    const impuesto = dialog.getByLabelText<HTMLInputElement>('Monto con recargo (opcional)');
    expect(impuesto.value).toBe('1.320,00');
    expect(impuesto.readOnly).toBe(true);
    expect(dialog.getByTestId('cobroCuotasTexto').textContent).toBe('3 cuotas de $ 440,00');
    await user.clear(dialog.getByLabelText('Monto'));
    await user.type(dialog.getByLabelText('Monto'), '600');
    expect(impuesto.value).toBe('660,00');
    await user.click(dialog.getByRole('button', { name: 'Cobrar' }));
    await alerted('success', 'PAGO REGISTRADO', 'El pago ha sido registrado!');
    expect(bodyOf(calls, '/api/movimientos/7/cobros')).toEqual({
      metodoPagoId: 2,
      monto: 600,
      montoImpuesto: 660,
      cuotas: 3,
    });
    // The payment is today's: the plans of the server's today.
    expect(calls.find((c) => c.path === '/api/planesTarjeta')?.search).toBe('');
  });

  it("tells the payment's own receipt and prints it when asked", async () => {
    const user = userEvent.setup();
    const saved = capturedDownloads('blob:pdf');
    vi.mocked(confirm).mockResolvedValue(true);
    const recibo = { localId: 2, numero: 3, comprobante: '0002-00000003' };
    const token = sellerToken(2);
    const { calls } = open(token, {
      'GET /api/cuentas-corrientes': [200, cuentasCorrientes([saldo({ localId: 2, comprobante: '0002-00000041' })])],
      'POST /api/movimientos/7/cobros': [201, { mensaje: 'El pago ha sido registrado!', movimiento: null, recibo }],
      'GET /api/recibos/2/3': [200, '%PDF'],
    });
    await user.click(await screen.findByRole('button', { name: 'Cobrar venta 0002-00000041' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cobrar' }));
    await confirmed('PAGO REGISTRADO', 'El pago ha sido registrado! Recibo N° 0002-00000003.', 'Imprimir recibo');
    await waitFor(() => expect(saved).toEqual(['recibo_0002-00000003.pdf']));
    expect(calls.find((c) => c.path === '/api/recibos/2/3')?.auth).toBe(`Bearer ${token}`);
  });

  it("names another branch's sale by its receipt without linking to a page the seller may not open", async () => {
    open(sellerToken(2), {
      'GET /api/cuentas-corrientes': [
        200,
        cuentasCorrientes([
          saldo({ localId: 1, comprobante: '0001-00000005' }),
          saldo({ idMovimiento: 9, localId: 2, comprobante: '0002-00000002' }),
        ]),
      ],
    });
    const ajena = within(await screen.findByTestId('saldo-7'));
    expect(ajena.getByText('Venta 0001-00000005')).toBeTruthy();
    expect(ajena.queryByRole('link', { name: 'Venta 0001-00000005' })).toBeNull();
    const propia = within(screen.getByTestId('saldo-9'));
    expect(propia.getByRole('link', { name: 'Venta 0002-00000002' }).getAttribute('href')).toBe('/editarMovimiento/9');
  });
});
