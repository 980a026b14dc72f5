// A sale's payment by card in cuotas: the plans of the payment's day, the amount charged computed
// from the plan and told in instalments, and what the form sends.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { whenEnabled } from '../../test/page';
import { metodosPago, movimiento, movimientoEnviado } from '../../test/seed';
import { addPayment, button, el, entradaWithExtra, fixClock, NOW_TEXT, open, sent, type Routes } from './fixture';

fixClock();

const TARJETA = metodosPago[1];

/** The card's plans of a day: 3 cuotas sin interés, 6 with 10 %; cash has none. */
const PLANES = [
  { metodoPago: TARJETA, cuotas: 3, recargo: 0, desde: '2025-01-01' },
  { metodoPago: TARJETA, cuotas: 6, recargo: 10, desde: '2025-05-01' },
];

/** The plans answered for any day, each day asked recorded. */
function withPlans(routes: Routes = {}) {
  const days: (string | null)[] = [];
  const answers = {
    ...routes,
    'GET /api/planesTarjeta': (url: URL): [number, unknown] => {
      days.push(url.searchParams.get('fecha'));
      return [200, PLANES];
    },
  };
  return { answers: answers as unknown as Routes, days };
}

const options = (label: string) =>
  within(screen.getByRole('combobox', { name: label }))
    .getAllByRole('option')
    .map((o) => o.textContent);
const impuesto = (n: number) => el<HTMLInputElement>(`#montoImpuesto-${n}`);

describe('payments in cuotas', () => {
  it("offers the card's plans of the payment's day; a plan computes what the card is charged", async () => {
    const user = userEvent.setup();
    const { answers, days } = withPlans({
      'POST /api/movimientos': [201, { mensaje: 'El movimiento ha sido creado!', movimiento: movimiento() }],
    });
    const { calls } = open('/crearMovimiento', answers);
    await entradaWithExtra(user, '1000');
    await addPayment(user, '500');
    // Cash has no plans.
    expect(screen.queryByRole('combobox', { name: 'Cuotas 1' })).toBeNull();
    await user.selectOptions(el('#metodoPago-0'), 'Tarjeta');
    const cuotas = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Cuotas 1' });
    expect(options('Cuotas 1')).toEqual(['Sin cuotas', '3 cuotas sin interés', '6 cuotas (10 % de recargo)']);
    expect(days).toContain('2025-06-01');

    await user.selectOptions(cuotas, '6 cuotas (10 % de recargo)');
    expect(impuesto(0).value).toBe('550,00');
    expect(impuesto(0).readOnly).toBe(true);
    expect(screen.getByTestId('cuotasTexto-0').textContent).toBe('6 cuotas de $ 91,67');
    // A new monto is charged again on the plan.
    await user.clear(el('#monto-0'));
    await user.type(el('#monto-0'), '600');
    expect(impuesto(0).value).toBe('660,00');
    expect(screen.getByTestId('cuotasTexto-0').textContent).toBe('6 cuotas de $ 110,00');
    expect(el('#totalImpuesto').textContent).toBe('$ 660,00');

    await user.click(button('Guardar'));
    await screen.findByText('listado de movimientos');
    const body = sent(calls, 'POST');
    expect(body.totalImpuesto).toBe(660);
    expect(body.cajaMovimientos).toEqual([
      { monto: 600, montoImpuesto: 660, metodoPago: TARJETA, fecha: NOW_TEXT, cuotas: 6 },
    ]);
  });

  it('a whole sale paid in cuotas with a surcharge: the surcharge goes on top of the total', async () => {
    const user = userEvent.setup();
    const { answers } = withPlans({
      'POST /api/movimientos': [201, { mensaje: 'El movimiento ha sido creado!', movimiento: movimiento() }],
    });
    const { calls } = open('/crearMovimiento', answers);
    await entradaWithExtra(user, '100.000');
    await addPayment(user, '100.000');
    await user.selectOptions(el('#metodoPago-0'), 'Tarjeta');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Cuotas 1' }), '6 cuotas (10 % de recargo)');
    expect(screen.getByTestId('cuotasTexto-0').textContent).toBe('6 cuotas de $ 18.333,33');
    expect(el('#totalImpuesto').textContent).toBe('$ 110.000,00');
    expect(el('#deuda').textContent).toBe('$ 0,00');
    expect(screen.queryByTestId('vuelto')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(button('Guardar'));
    await screen.findByText('listado de movimientos');
    expect(sent(calls, 'POST')).toMatchObject({ total: 100000, totalImpuesto: 110000 });
  });

  it("'Sin cuotas' brings back the amount charged typed, following the monto until it is", async () => {
    const user = userEvent.setup();
    open('/crearMovimiento', withPlans().answers);
    await entradaWithExtra(user, '1000');
    await addPayment(user, '300');
    await user.selectOptions(el('#metodoPago-0'), 'Tarjeta');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Cuotas 1' }), '3 cuotas sin interés');
    expect(impuesto(0).value).toBe('300,00');
    expect(screen.getByTestId('cuotasTexto-0').textContent).toBe('3 cuotas de $ 100,00');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Cuotas 1' }), 'Sin cuotas');
    expect(impuesto(0).readOnly).toBe(false);
    expect(impuesto(0).value).toBe('300');
    expect(screen.queryByTestId('cuotasTexto-0')).toBeNull();
    await user.clear(el('#monto-0'));
    await user.type(el('#monto-0'), '400');
    expect(impuesto(0).value).toBe('400');
    await user.clear(impuesto(0));
    await user.type(impuesto(0), '420');
    await user.clear(el('#monto-0'));
    await user.type(el('#monto-0'), '450');
    expect(impuesto(0).value).toBe('420');
  });

  it('another method drops the plan', async () => {
    const user = userEvent.setup();
    open('/crearMovimiento', withPlans().answers);
    await entradaWithExtra(user, '1000');
    await addPayment(user, '100');
    await user.selectOptions(el('#metodoPago-0'), 'Tarjeta');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Cuotas 1' }), '6 cuotas (10 % de recargo)');
    expect(impuesto(0).value).toBe('110,00');
    await user.selectOptions(el('#metodoPago-0'), 'Efectivo');
    expect(screen.queryByRole('combobox', { name: 'Cuotas 1' })).toBeNull();
    expect(impuesto(0).value).toBe('100');
    expect(impuesto(0).readOnly).toBe(false);
  });

  it("an edited sale loads its payments' plans back and sends them as they were", async () => {
    const user = userEvent.setup();
    const [enCuotas, efectivo] = movimiento().cajaMovimientos;
    const venta = movimiento({
      cajaMovimientos: [{ ...enCuotas, cuotas: 6, recargo: 10, valorCuota: 82.5 }, efectivo],
    });
    const { answers, days } = withPlans({
      'GET /api/movimientos/501': [200, venta],
      'PUT /api/movimientos/501': [201, { mensaje: 'El movimiento ha sido actualizado!', movimiento: venta }],
    });
    const { calls } = open('/editarMovimiento/501', answers);
    const cuotas = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Cuotas 1' });
    expect(cuotas.selectedOptions[0].textContent).toBe('6 cuotas (10 % de recargo)');
    expect(impuesto(0).value).toBe('495,00');
    expect(impuesto(0).readOnly).toBe(true);
    expect(screen.getByTestId('cuotasTexto-0').textContent).toBe('6 cuotas de $ 82,50');
    // The payment's own day decides its plans.
    expect(days).toContain('2025-05-02');
    await user.click(button('Guardar'));
    await screen.findByText('listado de movimientos');
    const pagos = movimientoEnviado().cajaMovimientos;
    expect(sent(calls, 'PUT').cajaMovimientos).toEqual([{ ...pagos[0], cuotas: 6 }, pagos[1]]);
  });

  it('an expense has no cuotas', async () => {
    const user = userEvent.setup();
    open('/crearMovimiento', withPlans().answers);
    await user.selectOptions(el('#tipoMovimiento'), 'SALIDA');
    await screen.findByRole('option', { name: 'Centro' });
    await user.selectOptions(el('#local'), 'Centro');
    await user.type(el('#total'), '100');
    // Paid by its first payment, for the whole total.
    await user.click(await whenEnabled(button('Agregar pago')));
    await user.selectOptions(el('#metodoPago-0'), 'Tarjeta');
    expect(impuesto(0).value).toBe('100,00');
    expect(screen.queryByRole('combobox', { name: 'Cuotas 1' })).toBeNull();
  });
});
