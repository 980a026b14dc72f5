// The counter's details of the movement form: the seller prefilled, a walk-in sale's state, the
// discount as people write it, the change of an over-payment, stored amounts as Argentina
// writes them and the payment methods in the server's order.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alert } from '../../app/alerts';
import { metodosPago, movimiento, paciente, springPage } from '../../test/seed';
import { addPayment, button, el, entradaWithExtra, fixClock, open, seller, sent, warned } from './fixture';

fixClock();

const problems = () =>
  screen.queryAllByTestId('save-problems').flatMap((p) => [...p.querySelectorAll('li')].map((li) => li.textContent));
const estado = () => el<HTMLSelectElement>('#estadoMovimiento').value;

async function pickPatient(user: ReturnType<typeof userEvent.setup>) {
  await user.type(el('#buscarPaciente'), 'jose');
  await user.click(within(screen.getByRole('search', { name: 'Buscar paciente por nombre' })).getByRole('button'));
  await user.click(await screen.findByRole('button', { name: 'Seleccionar José Pérez' }));
}

describe('the seller', () => {
  it('is the logged-in user on a new movement, and is sent as such', async () => {
    const user = userEvent.setup();
    const { calls } = open(
      '/crearMovimiento',
      { 'POST /api/movimientos': [201, { mensaje: 'ok', movimiento: movimiento() }] },
      seller,
    );
    expect(el<HTMLInputElement>('#vendedor').value).toBe('beto');
    await user.selectOptions(el('#tipoMovimiento'), 'ENTRADA');
    expect(el<HTMLInputElement>('#vendedor').value).toBe('beto');
    await user.type(el('#adicionalDescripcion'), 'Estuche');
    await user.type(el('#adicionalSubtotal'), '100');
    await user.click(button('Agregar detalle'));
    await addPayment(user, '100');
    await user.click(button('Guardar'));
    await screen.findByText('listado de movimientos');
    expect(sent(calls, 'POST').vendedor).toBe('beto');
  });

  it('of a stored movement stays as it was saved', async () => {
    open('/editarMovimiento/501', { 'GET /api/movimientos/501': [200, movimiento({ vendedor: 'Carla' })] });
    await screen.findByRole('heading', { name: 'Editar Movimiento' });
    expect(el<HTMLInputElement>('#vendedor').value).toBe('Carla');
  });
});

describe('a walk-in sale', () => {
  const routes = () => ({
    'GET /api/pacientes/buscar/nombre': [200, springPage([paciente()], 12)] as [number, unknown],
  });

  it('starts delivered without a patient; a patient brings back the lenses’ state', async () => {
    const user = userEvent.setup();
    open('/crearMovimiento', routes());
    await user.selectOptions(el('#tipoMovimiento'), 'ENTRADA');
    expect(estado()).toBe('ENTREGADO');
    await pickPatient(user);
    expect(estado()).toBe('PEDIDO_CRISTALES');
    await user.click(button('Quitar paciente'));
    expect(estado()).toBe('ENTREGADO');
  });

  it('keeps the state the user picked whatever patient comes after', async () => {
    const user = userEvent.setup();
    open('/crearMovimiento', routes());
    await user.selectOptions(el('#tipoMovimiento'), 'ENTRADA');
    await user.selectOptions(el('#estadoMovimiento'), 'ARMANDO_PEDIDO');
    await pickPatient(user);
    expect(estado()).toBe('ARMANDO_PEDIDO');
  });

  it("a patient's sale still starts asking for lenses", async () => {
    open('/crearMovimiento/7', { 'GET /api/pacientes/id/7': [200, paciente()] });
    await screen.findByText('José Pérez');
    expect(estado()).toBe('PEDIDO_CRISTALES');
  });
});

describe('the discount', () => {
  it.each([
    ['10%', '$ 900,00'],
    ['10 %', '$ 900,00'],
    ['10', '$ 900,00'],
    ['10,5', '$ 895,00'],
    ['10.5', '$ 895,00'],
    ['10,5%', '$ 895,00'],
  ])("reads '%s' whole, nothing dropped", async (typed, total) => {
    const user = userEvent.setup();
    open('/crearMovimiento');
    await entradaWithExtra(user, '1000');
    await user.type(el('#descuento'), typed);
    await user.tab();
    expect(el<HTMLInputElement>('#descuento').value).toBe(typed);
    expect(el('#total').textContent).toBe(total);
    expect(problems()).toEqual([]);
    expect(alert).not.toHaveBeenCalled();
  });

  it('refuses one above 100% as it is typed, in Spanish, and resets it when left', async () => {
    const user = userEvent.setup();
    open('/crearMovimiento');
    await entradaWithExtra(user, '1000');
    await addPayment(user, '1000');
    await user.type(el('#descuento'), '150%');
    const input = el<HTMLInputElement>('#descuento');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe(
      'El descuento debe estar entre 0% y 100%',
    );
    expect(button('Guardar').disabled).toBe(true);
    expect(problems()).toEqual(['El descuento debe estar entre 0% y 100%']);
    expect(el('#total').textContent).toBe('$ 1.000,00');
    await user.tab();
    warned('Descuento inválido', 'El descuento debe estar entre 0% y 100%');
    expect(input.value).toBe('0');
    expect(button('Guardar').disabled).toBe(false);
  });
});

describe('an over-payment', () => {
  it('shows the change as it is typed and Guardar waits, saying why, before any click', async () => {
    const user = userEvent.setup();
    open('/crearMovimiento');
    await entradaWithExtra(user, '1.500');
    await addPayment(user, '2000');
    expect(screen.getByTestId('vuelto').textContent).toBe('Vuelto: $ 500,00');
    expect(button('Guardar').disabled).toBe(true);
    expect(problems()).toEqual([
      'La suma de los pagos no puede exceder el total del movimiento. Registrá el pago por el total y entregá el vuelto de $ 500,00.',
    ]);
    await user.clear(el('#monto-0'));
    await user.type(el('#monto-0'), '1.234,56');
    expect(screen.queryByTestId('vuelto')).toBeNull();
    expect(button('Guardar').disabled).toBe(false);
    await user.clear(el('#monto-0'));
    await user.type(el('#monto-0'), '12.000');
    expect(screen.getByTestId('vuelto').textContent).toBe('Vuelto: $ 10.500,00');
  });
});

describe('stored amounts and payment methods', () => {
  it('shows a stored movement’s amounts as Argentina writes them', async () => {
    open('/editarMovimiento/501', {
      'GET /api/movimientos/501': [
        200,
        movimiento({
          total: 100000,
          totalImpuesto: 100000,
          deuda: 0,
          descuento: 12.5,
          detalles: [],
          detallesAdicionales: [{ id: 12, descripcion: 'Multifocal', subtotal: 114285.71 }],
          cajaMovimientos: [
            { id: 1, monto: 100000, montoImpuesto: 100000, fecha: '2025-05-02T11:30:00', metodoPago: metodosPago[0] },
          ],
        }),
      ],
    });
    await screen.findByRole('heading', { name: 'Editar Movimiento' });
    expect(el<HTMLInputElement>('#monto-0').value).toBe('100.000,00');
    expect(el<HTMLInputElement>('#montoImpuesto-0').value).toBe('100.000,00');
    expect(el<HTMLInputElement>('#descuento').value).toBe('12,5');
  });

  it("offers the methods in the server's order", async () => {
    const user = userEvent.setup();
    const lista = [
      { id: 2, nombre: 'Tarjeta' },
      { id: 3, nombre: 'Mercado Pago' },
      { id: 1, nombre: 'Efectivo' },
    ];
    open('/crearMovimiento', { 'GET /api/metodoPago': [200, lista] });
    await entradaWithExtra(user, '100');
    await addPayment(user, '100');
    const options = within(el('#metodoPago-0'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Tarjeta', 'Mercado Pago', 'Efectivo']);
    // A new payment starts with the first of them.
    expect(el<HTMLSelectElement>('#metodoPago-0').value).toBe('2');
  });
});
