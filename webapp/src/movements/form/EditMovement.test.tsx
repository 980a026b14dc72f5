// Editing a movement, and a sale with returns or a refund.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alert } from '../../app/alerts';
import { editScreens } from '../../routing/routes';
import { openPage, whenEnabled, type Answers } from '../../test/page';
import {
  movementAnswers,
  movimiento,
  movimientoEnviado,
  reintegro,
  salida,
  sellerToken,
  ventaDevuelta,
} from '../../test/seed';
import { button, el, fixClock, open, sent } from './fixture';
import { alerted } from '../../test/alerts';

fixClock();

describe('edit movement form', () => {
  it('loads the movement and sends it back with PUT, state changed', async () => {
    const user = userEvent.setup();
    const { calls, keys } = open('/editarMovimiento/501', {
      'GET /api/movimientos/501': [200, movimiento()],
      'PUT /api/movimientos/501': [201, { mensaje: 'El movimiento ha sido actualizado!', movimiento: movimiento() }],
    });
    expect(await screen.findByRole('heading', { name: 'Editar Movimiento' })).toBeTruthy();
    await screen.findByRole('option', { name: 'Centro' });
    expect(el<HTMLSelectElement>('#tipoMovimiento').value).toBe('ENTRADA');
    expect(el<HTMLSelectElement>('#local').value).toBe('1');
    expect(el<HTMLInputElement>('#fecha').value).toBe('02/05/2025 11:30');
    expect(el<HTMLInputElement>('#vendedor').value).toBe('Beto');
    expect(el<HTMLInputElement>('#descuento').value).toBe('10');
    expect(el<HTMLInputElement>('#cantidad-0').value).toBe('2');
    expect(el('#total').textContent).toBe('$ 900,00');
    expect(el('#totalImpuesto').textContent).toBe('$ 895,00');
    expect(el('#deuda').textContent).toBe('$ 50,00');
    expect(screen.getByTestId('pago-0').className).toBe('table-success');
    expect(screen.getByTestId('pago-1').className).toBe('');
    expect(el<HTMLSelectElement>('#metodoPago-0').value).toBe('2');
    // the two taken by this movement count as available again: 3 + 2
    await user.clear(el('#cantidad-0'));
    await user.type(el('#cantidad-0'), '5');
    expect(alert).not.toHaveBeenCalled();
    await user.clear(el('#cantidad-0'));
    await user.type(el('#cantidad-0'), '2');
    await user.selectOptions(el('#estadoMovimiento'), 'ANTEOJO_TERMINADO');
    await user.click(button('Guardar'));

    await screen.findByText('listado de movimientos');
    expect(alert).toHaveBeenCalledWith('success', 'MOVIMIENTO ACTUALIZADO', 'El movimiento ha sido actualizado!');
    const body = sent(calls, 'PUT');
    expect(body).toEqual(movimientoEnviado({ estadoMovimiento: 'ANTEOJO_TERMINADO', version: 3 }));
    // Every request that records something carries a key (api/base.ts), an edit too.
    expect(keys.find((k) => k.method === 'PUT')!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a sale’s receipt number under the title', async () => {
    open('/editarMovimiento/501', { 'GET /api/movimientos/501': [200, movimiento({ comprobante: '0001-00000042' })] });
    await screen.findByRole('heading', { name: 'Editar Movimiento' });
    expect(screen.getByTestId('comprobante').textContent).toBe('Comprobante N° 0001-00000042');
  });

  it('loads a SALIDA without state and highlights its payment red', async () => {
    open('/editarMovimiento/502', { 'GET /api/movimientos/502': [200, salida()] });
    await screen.findByRole('heading', { name: 'Editar Movimiento' });
    expect(el<HTMLSelectElement>('#tipoMovimiento').value).toBe('SALIDA');
    expect(el<HTMLInputElement>('#total').value).toBe('1.500,00');
    expect(el<HTMLTextAreaElement>('#descripcion').value).toBe('Pago de luz');
    expect(document.querySelector('#estadoMovimiento')).toBeNull();
    expect(screen.getByTestId('pago-0').className).toBe('table-danger');
    // An expense has no receipt number.
    expect(screen.queryByTestId('comprobante')).toBeNull();
  });

  it('shows the 404 of an edit of a movement deleted meanwhile', async () => {
    const user = userEvent.setup();
    open('/editarMovimiento/501', {
      'GET /api/movimientos/501': [200, movimiento()],
      'PUT /api/movimientos/501': [
        404,
        { mensaje: 'Error: No se pudo editar el movimiento ID: 501 no existe en la base de datos!' },
      ],
    });
    await screen.findByRole('heading', { name: 'Editar Movimiento' });
    await user.click(button('Guardar'));
    await alerted('error', 'ERROR', 'Error: No se pudo editar el movimiento ID: 501 no existe en la base de datos!');
  });

  it('tells a save from a form opened before another change', async () => {
    const user = userEvent.setup();
    const mensaje =
      'El movimiento fue modificado por otra persona desde que se abrió el formulario. Vuelva a cargarlo para ver los cambios.';
    open('/editarMovimiento/501', {
      'GET /api/movimientos/501': [200, movimiento()],
      'PUT /api/movimientos/501': [409, { mensaje }],
    });
    await screen.findByRole('heading', { name: 'Editar Movimiento' });
    await user.click(button('Guardar'));
    await alerted('error', 'ERROR', mensaje);
  });

  it('says ERROR AL OBTENER EL MOVIMIENTO for an unknown id', async () => {
    open('/editarMovimiento/99', {
      'GET /api/movimientos/99': [404, { mensaje: 'El movimiento ID: 99 no existe en la base de datos!' }],
    });
    await screen.findByText('El movimiento ID: 99 no existe en la base de datos!');
    expect(alert).toHaveBeenCalledWith(
      'error',
      'ERROR AL OBTENER EL MOVIMIENTO',
      'El movimiento ID: 99 no existe en la base de datos!',
    );
  });
});

describe('movements with returns', () => {
  const LOCKED_SALE =
    'La venta tiene devoluciones: sus productos, detalles, descuento y total no se pueden cambiar. ' +
    'Tampoco su paciente. Se pueden cambiar el estado, los pagos, el vendedor y la descripción.';
  const saved = { mensaje: 'El movimiento ha sido actualizado!', movimiento: ventaDevuelta() };

  it('a refund is only read: the notice, every field disabled, no Guardar', async () => {
    open('/editarMovimiento/601', { 'GET /api/movimientos/601': [200, reintegro()] }, sellerToken(1));
    const notice = await screen.findByTestId('movimiento-bloqueado');
    expect(notice.textContent).toBe(
      'Una devolución no se edita ni se elimina: registrá un nuevo movimiento para corregirla.',
    );
    expect(el<HTMLSelectElement>('#tipoMovimiento').value).toBe('SALIDA');
    const fields = [...document.querySelectorAll<HTMLInputElement>('section input, section select, section textarea')];
    expect(fields.length).toBeGreaterThan(5);
    for (const f of fields) expect(f.matches(':disabled')).toBe(true);
    expect(button('Agregar pago').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    expect(button('Volver al inicio').disabled).toBe(false);
  });

  it('a sale with returns keeps what was sold; its state, payments, seller and description change', async () => {
    const user = userEvent.setup();
    const { calls } = open(
      '/editarMovimiento/501',
      {
        'GET /api/movimientos/501': [200, ventaDevuelta()],
        'PUT /api/movimientos/501': [201, saved],
      },
      sellerToken(1),
    );
    expect((await screen.findByTestId('movimiento-bloqueado')).textContent).toBe(LOCKED_SALE);
    expect(el<HTMLSelectElement>('#tipoMovimiento').disabled).toBe(true);
    expect(el<HTMLSelectElement>('#local').disabled).toBe(true);
    // The patient, the lines and the discount are shown, not changed.
    expect(screen.getByTestId('paciente').textContent).toMatch(/^Paciente: /);
    expect(screen.queryByRole('button', { name: 'Quitar paciente' })).toBeNull();
    expect(document.querySelector('#buscarModelo')).toBeNull();
    expect(document.querySelector('#cantidad-0')).toBeNull();
    expect(document.querySelector('#adicionalDescripcion')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Quitar (RB3025|Cristal Orma Blue)$/ })).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Detalles de productos' })).getByText('RB3025')).toBeTruthy();
    expect(el<HTMLInputElement>('#descuento').disabled).toBe(true);
    expect(el('#total').textContent).toBe('$ 900,00');
    // Paid 850 of 900; the return cancelled the other 50.
    expect(el('#deuda').textContent).toBe('$ 0,00');
    // The payments cannot sum less than the $ 274 refunded.
    await user.clear(el('#monto-1'));
    await user.type(el('#monto-1'), '0');
    await user.clear(el('#monto-0'));
    await user.type(el('#monto-0'), '200');
    expect(
      screen.getByText('Ya se reintegraron $ 274,00 de esta venta: sus pagos no pueden sumar menos.'),
    ).toBeTruthy();
    expect(button('Guardar').disabled).toBe(true);
    await user.clear(el('#monto-0'));
    await user.type(el('#monto-0'), '450');
    await user.clear(el('#monto-1'));
    await user.type(el('#monto-1'), '400');
    await user.selectOptions(el('#estadoMovimiento'), 'ENTREGADO');
    await user.clear(el('#vendedor'));
    await user.type(el('#vendedor'), 'Ana');
    await user.click(await whenEnabled(button('Guardar')));
    await screen.findByText('listado de movimientos');
    expect(sent(calls, 'PUT')).toMatchObject({
      total: 900,
      descuento: 10,
      paciente: { id: 7 },
      detalles: [{ cantidad: 2, precioUnitario: 360, subtotal: 720, producto: { id: 10 } }],
      detallesAdicionales: [{ descripcion: 'Cristal Orma Blue', subtotal: 280 }],
      vendedor: 'Ana',
      estadoMovimiento: 'ENTREGADO',
      version: 3,
    });
  });

  it('a return registered below the form opens the form again with the sale as it is now', async () => {
    const user = userEvent.setup();
    const routes: Answers = {
      ...movementAnswers,
      'GET /api/movimientos/501': [200, movimiento()],
      'GET /api/movimientos/601': [200, reintegro()],
      'POST /api/movimientos/501/devoluciones': [
        201,
        { mensaje: 'La devolución ha sido registrada!', movimiento: reintegro() },
      ],
      'PUT /api/movimientos/501': [201, saved],
    };
    const { calls } = openPage(
      '/editarMovimiento/501',
      [
        { path: '/editarMovimiento/:id', element: editScreens.movimiento },
        { path: '/adminitrarCaja', element: <p>listado de movimientos</p> },
      ],
      { token: sellerToken(1), answers: routes },
    );
    await screen.findByRole('heading', { name: 'Editar Movimiento' });
    expect(el<HTMLInputElement>('#cantidad-0').value).toBe('2');
    expect(screen.queryByTestId('movimiento-bloqueado')).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Devolver productos' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Unidades de RB3025 a devolver'), '1');
    // The server now answers the sale after the return, at its next version.
    routes['GET /api/movimientos/501'] = [200, ventaDevuelta({ version: 4 })];
    await user.click(within(dialog).getByRole('button', { name: 'Devolver' }));
    await alerted('success', 'DEVOLUCIÓN REGISTRADA', expect.any(String));

    // The form shows the sale as the return left it: its lines kept, nothing owed.
    expect((await screen.findByTestId('movimiento-bloqueado')).textContent).toBe(LOCKED_SALE);
    expect(document.querySelector('#cantidad-0')).toBeNull();
    expect(el('#deuda').textContent).toBe('$ 0,00');
    await screen.findByTestId('devolucion-601');
    await user.selectOptions(el('#estadoMovimiento'), 'ENTREGADO');
    await user.click(await whenEnabled(button('Guardar')));
    await screen.findByText('listado de movimientos');
    // Saved against the version the return left, not the one first read.
    expect(sent(calls, 'PUT')).toMatchObject({ estadoMovimiento: 'ENTREGADO', version: 4 });
  });
});
