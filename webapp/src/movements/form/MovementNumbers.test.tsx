// The numbers of the movement form as people in Argentina type them.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { alert, confirm } from '../../app/alerts';
import { movimiento } from '../../test/seed';
import { addPayment, button, el, entradaWithExtra, fixClock, open, sent } from './fixture';

fixClock();

describe('numbers as people in Argentina type them', () => {
  const problems = () =>
    screen.queryAllByTestId('save-problems').flatMap((p) => [...p.querySelectorAll('li')].map((li) => li.textContent));

  it("sells with a '7,5' discount and a '1.000,50' payment, and shows what it read", async () => {
    const user = userEvent.setup();
    const { calls } = open('/crearMovimiento', {
      'POST /api/movimientos': [201, { mensaje: 'ok', movimiento: movimiento() }],
    });
    await entradaWithExtra(user, '1.234,56');
    expect(el('#subtotal').textContent).toBe('$ 1.234,56');
    await user.type(el('#descuento'), '7,5');
    expect(screen.getByText('= 7,5%')).toBeTruthy();
    await user.tab();
    expect(el<HTMLInputElement>('#descuento').value).toBe('7,5');
    expect(el('#total').textContent).toBe('$ 1.141,97'); // 1234.56 less 7.5% = 1141.968
    await addPayment(user, '1.000,50');
    // monto con recargo follows monto: both say what they read
    expect(screen.getAllByText('= $ 1.000,50')).toHaveLength(2);
    expect(el('#deuda').textContent).toBe('$ 141,47');
    await user.click(button('Guardar'));
    await screen.findByText('listado de movimientos');
    expect(sent(calls, 'POST')).toMatchObject({
      total: 1141.97,
      descuento: 7.5,
      detallesAdicionales: [{ descripcion: 'Cristal Orma Blue', subtotal: 1234.56 }],
      cajaMovimientos: [{ monto: 1000.5, montoImpuesto: 1000.5 }],
    });
  });

  it('never saves a number it cannot read: the field and the disabled Guardar say why', async () => {
    const user = userEvent.setup();
    open('/crearMovimiento');
    expect(problems()).toEqual(['Elija el tipo de movimiento.']);
    await user.selectOptions(el('#tipoMovimiento'), 'ENTRADA');
    expect(problems()).toEqual(['Elija un local.', 'Agregue al menos un producto o un detalle adicional.']);
    await entradaWithExtra(user, '1000');
    await addPayment(user, '1,2,3');
    expect(button('Guardar').disabled).toBe(true);
    expect(el('#monto-0').getAttribute('aria-invalid')).toBe('true');
    expect(problems()).toEqual([
      'Monto del pago 1: Tiene más de una coma: la coma separa los decimales (1.234,56).',
      'Monto con recargo del pago 1: Tiene más de una coma: la coma separa los decimales (1.234,56).',
    ]);
    await user.clear(el('#monto-0'));
    await user.type(el('#monto-0'), '100');
    await user.type(el('#descuento'), '7,555');
    await user.tab();
    // not cut to 7,55 nor reset: it stays, marked, until it is corrected
    expect(el<HTMLInputElement>('#descuento').value).toBe('7,555');
    expect(problems()).toEqual(['Descuento: Admite como máximo 2 decimales.']);
    expect(alert).not.toHaveBeenCalled();
    await user.clear(el('#descuento'));
    expect(button('Guardar').disabled).toBe(false);
    expect(problems()).toEqual([]);
  });

  it('asks before leaving a half-filled movement', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const { router } = open('/crearMovimiento');
    await user.click(button('Volver al inicio'));
    expect(confirm).not.toHaveBeenCalled();
    await router.navigate('/crearMovimiento');
    await screen.findByRole('heading', { name: 'Crear Movimiento' });
    await entradaWithExtra(user, '1000');
    await user.click(button('Volver al inicio'));
    expect(confirm).toHaveBeenCalledWith(
      '¿Salir sin guardar?',
      'Hay cambios sin guardar en este formulario. Si sale ahora, se perderán.',
      'Sí, salir sin guardar',
    );
    await screen.findByText('listado de movimientos');
    vi.mocked(confirm).mockReset();
  });
});
