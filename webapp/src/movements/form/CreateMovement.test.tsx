// Creating a movement: the form empty, dated now, and what it sends.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alert } from '../../app/alerts';
import { whenEnabled } from '../../test/page';
import { locales, movimiento, paciente, producto, salida, springPage } from '../../test/seed';
import {
  addPayment,
  button,
  chooseBranch,
  el,
  entradaWithExtra,
  fixClock,
  NOW_TEXT,
  open,
  search,
  seller,
  sent,
  warned,
  type Routes,
} from './fixture';
import { alerted } from '../../test/alerts';

fixClock();

describe('create movement form', () => {
  it('starts empty, dated now, with Guardar disabled until the type and a line are set', async () => {
    const user = userEvent.setup();
    open('/crearMovimiento');
    expect(screen.getByRole('heading', { name: 'Crear Movimiento' })).toBeTruthy();
    expect(el<HTMLInputElement>('#fecha').value).toBe('01/06/2025 09:15');
    expect(el<HTMLSelectElement>('#tipoMovimiento').value).toBe('');
    expect(el<HTMLSelectElement>('#local').disabled).toBe(false);
    expect(button('Guardar').disabled).toBe(true);
    await user.selectOptions(el('#tipoMovimiento'), 'ENTRADA');
    // A sale without a patient leaves with the customer.
    expect(el<HTMLSelectElement>('#estadoMovimiento').value).toBe('ENTREGADO');
    expect(
      within(el('#estadoMovimiento'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pidiendo Cristales', 'Armando Pedido', 'Anteojo Terminado', 'Entregado']);
    await chooseBranch(user, 'Centro');
    expect(button('Guardar').disabled).toBe(true); // no line yet
    await user.type(el('#adicionalDescripcion'), 'Armado');
    await user.type(el('#adicionalSubtotal'), '100');
    await user.click(button('Agregar detalle'));
    expect(button('Guardar').disabled).toBe(false);
    expect(el('#total').textContent).toBe('$ 100,00');
  });

  it("fixes a seller's branch to their own", async () => {
    open('/crearMovimiento', {}, seller);
    await screen.findByRole('option', { name: 'Norte' });
    const local = el<HTMLSelectElement>('#local');
    expect(local.disabled).toBe(true);
    expect(local.value).toBe('2');
    // A seller sells at the catalogue price: no reason to sell below it is offered.
    await userEvent.setup().selectOptions(el('#tipoMovimiento'), 'ENTRADA');
    expect(document.querySelector('#descuento')).toBeTruthy();
    expect(document.querySelector('#motivoPrecio')).toBeNull();
  });

  it('preselects the patient and their branch on crearMovimiento/:pacienteId', async () => {
    open('/crearMovimiento/7', { 'GET /api/pacientes/id/7': [200, paciente()] });
    expect(await screen.findByText('José Pérez')).toBeTruthy();
    await screen.findByRole('option', { name: 'Centro' });
    expect(el<HTMLSelectElement>('#tipoMovimiento').value).toBe('ENTRADA');
    expect(el<HTMLSelectElement>('#local').value).toBe('1');
    expect(el<HTMLSelectElement>('#estadoMovimiento').value).toBe('PEDIDO_CRISTALES');
  });

  it('picks a patient by name for an ENTRADA', async () => {
    const user = userEvent.setup();
    const { calls } = open('/crearMovimiento', {
      'GET /api/pacientes/buscar/nombre': [200, springPage([paciente()], 12)],
    });
    await user.selectOptions(el('#tipoMovimiento'), 'ENTRADA');
    await user.type(el('#buscarPaciente'), 'jose');
    await user.click(within(screen.getByRole('search', { name: 'Buscar paciente por nombre' })).getByRole('button'));
    await user.click(await screen.findByRole('button', { name: 'Seleccionar José Pérez' }));
    expect(within(screen.getByTestId('paciente')).getByText('José Pérez')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/pacientes/buscar/nombre')!.search).toBe('?nombre=jose&page=0');
  });

  it('a type change clears the form, and SALIDA also the patient', async () => {
    const user = userEvent.setup();
    open('/crearMovimiento/7', { 'GET /api/pacientes/id/7': [200, paciente()] });
    await screen.findByText('José Pérez');
    await user.clear(el('#vendedor'));
    await user.type(el('#vendedor'), 'Beto');
    await user.type(el('#descripcion'), 'Anteojo');
    await user.type(el('#adicionalDescripcion'), 'Armado');
    await user.type(el('#adicionalSubtotal'), '100');
    await user.click(button('Agregar detalle'));
    await addPayment(user, '50');
    await user.selectOptions(el('#estadoMovimiento'), 'ENTREGADO');

    await user.selectOptions(el('#tipoMovimiento'), 'SALIDA');
    // The seller starts again as a new form does: the logged-in user.
    expect(el<HTMLInputElement>('#vendedor').value).toBe('ana');
    expect(el<HTMLTextAreaElement>('#descripcion').value).toBe('');
    expect(screen.queryByTestId('pago-0')).toBeNull();
    expect(document.querySelector('#estadoMovimiento')).toBeNull();
    expect(document.querySelector('#adicionalDescripcion')).toBeNull();
    expect(el<HTMLInputElement>('#total').value).toBe('');

    await user.selectOptions(el('#tipoMovimiento'), 'ENTRADA');
    expect(screen.queryByText('José Pérez')).toBeNull(); // SALIDA dropped the patient
    expect(screen.queryByRole('table', { name: 'Detalles adicionales' })).toBeNull();
    expect(el<HTMLSelectElement>('#estadoMovimiento').value).toBe('ENTREGADO');
  });

  it('a branch change clears the lines and payments and resets the date', async () => {
    const user = userEvent.setup();
    open('/crearMovimiento');
    await entradaWithExtra(user);
    await addPayment(user, '10');
    await user.clear(el('#fecha'));
    await user.type(el('#fecha'), '01/05/2025 10:00');
    await user.selectOptions(el('#local'), 'Norte');
    expect(el<HTMLInputElement>('#fecha').value).toBe('01/06/2025 09:15');
    expect(screen.queryByRole('table', { name: 'Detalles adicionales' })).toBeNull();
    expect(screen.queryByTestId('pago-0')).toBeNull();
    expect(el<HTMLSelectElement>('#tipoMovimiento').value).toBe('ENTRADA');
  });

  it('warns VALIDACIÓN when saving without a payment', async () => {
    const user = userEvent.setup();
    const { calls } = open('/crearMovimiento');
    await entradaWithExtra(user);
    await user.click(button('Guardar'));
    warned('VALIDACIÓN', 'Debe ingresar al menos un pago para guardar el movimiento.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows payments above the total and blocks an ENTRADA before the click', async () => {
    const user = userEvent.setup();
    const { calls } = open('/crearMovimiento');
    await entradaWithExtra(user, '100');
    await addPayment(user, '80', '120');
    expect(screen.getByRole('alert').textContent).toBe(
      'La suma de los pagos no puede exceder el total del movimiento.',
    );
    expect(screen.getByTestId('vuelto').textContent).toBe('Vuelto: $ 20,00');
    expect(button('Guardar').disabled).toBe(true);
    expect(screen.getByTestId('save-problems').textContent).toContain(
      'La suma de los pagos no puede exceder el total del movimiento.',
    );
    await user.click(button('Guardar'));
    expect(alert).not.toHaveBeenCalled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('blocks payments above the total of a SALIDA too, paid by its first payment', async () => {
    const user = userEvent.setup();
    const { calls } = open('/crearMovimiento', {
      'POST /api/movimientos': [201, { mensaje: 'El movimiento ha sido creado!', movimiento: salida() }],
    });
    await user.selectOptions(el('#tipoMovimiento'), 'SALIDA');
    await chooseBranch(user, 'Norte');
    expect(button('Guardar').disabled).toBe(true);
    await user.type(el('#descripcion'), 'Pago de luz');
    await user.type(el('#total'), '1500');
    expect(button('Guardar').disabled).toBe(false);
    await waitFor(() => expect(button('Agregar pago').disabled).toBe(false));
    await user.click(button('Agregar pago'));
    expect(el<HTMLInputElement>('#monto-0').value).toBe('1.500,00');
    expect(el<HTMLInputElement>('#montoImpuesto-0').readOnly).toBe(true);
    await addPayment(user, '20');
    expect(screen.getByRole('alert')).toBeTruthy();
    // An expense gives no change back: the reason is the server's rule alone.
    expect(screen.queryByTestId('vuelto')).toBeNull();
    expect(button('Guardar').disabled).toBe(true);
    expect(screen.getByTestId('save-problems').textContent).toContain(
      'La suma de los pagos no puede exceder el total del movimiento.',
    );
    await user.click(button('Guardar'));
    expect(alert).not.toHaveBeenCalled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // Without the extra payment the SALIDA is paid by its first one, for the whole total.
    await user.click(button('Quitar pago 2'));
    await user.click(button('Guardar'));
    await screen.findByText('listado de movimientos');
    const body = sent(calls, 'POST');
    expect(body).toMatchObject({ tipoMovimiento: 'SALIDA', total: 1500, estadoMovimiento: null, paciente: null });
    expect(body.cajaMovimientos).toHaveLength(1);
    expect(body.cajaMovimientos[0]).toMatchObject({ monto: 1500, montoImpuesto: 1500 });
  });

  it('checks the discount', async () => {
    const user = userEvent.setup();
    open('/crearMovimiento');
    await user.selectOptions(el('#tipoMovimiento'), 'ENTRADA');
    await user.type(el('#descuento'), '10');
    await user.tab();
    warned('Descuento inválido', 'No se puede aplicar el descuento porque el total es nulo, cero o indefinido.');
    expect(el<HTMLInputElement>('#descuento').value).toBe('0');

    await entradaWithExtra(user, '1000');
    await user.clear(el('#descuento'));
    await user.type(el('#descuento'), '150');
    await user.tab();
    warned('Descuento inválido', 'El descuento debe estar entre 0% y 100%');
    expect(el<HTMLInputElement>('#descuento').value).toBe('0');

    await user.clear(el('#descuento'));
    await user.type(el('#descuento'), '12.5');
    await user.tab();
    expect(el('#subtotal').textContent).toBe('$ 1.000,00');
    expect(el('#total').textContent).toBe('$ 875,00');
    // the discount stays applied when a line is added
    await user.type(el('#adicionalDescripcion'), 'Armado');
    await user.type(el('#adicionalSubtotal'), '200');
    await user.click(button('Agregar detalle'));
    expect(el('#total').textContent).toBe('$ 1.050,00');
  });

  it('checks stock at the branch, quantities and the product search', async () => {
    const user = userEvent.setup();
    const otraMarca = producto({
      id: 11,
      marca: { id: 6, nombre: 'Ray-Ban' },
      productoLocales: [{ local: locales[0], stock: 0 }],
    });
    const routes: Routes = { 'GET /api/productos/buscar': [200, [producto(), otraMarca]] };
    const { calls } = open('/crearMovimiento', routes);
    await user.selectOptions(el('#tipoMovimiento'), 'ENTRADA');
    await user.click(button('Agregar producto'));
    expect(alert).toHaveBeenCalledWith('error', 'ERROR', 'Debe seleccionar un producto válido');

    await search(user, 'RB');
    warned('ADVERTENCIA', 'Debe seleccionar un local para buscar productos.');
    expect(calls.some((c) => c.path === '/api/productos/buscar')).toBe(false);

    await chooseBranch(user, 'Centro');
    await search(user, 'RB');
    await screen.findByRole('option', { name: /Ray-Ban/ });
    expect(calls.find((c) => c.path === '/api/productos/buscar')!.search).toBe('?modelo=RB&localId=1');
    await user.selectOptions(el('#productoEncontrado'), String(otraMarca.id));
    warned('ADVERTENCIA', 'No hay stock de la marca Ray-Ban en esta sucursal.');
    await user.click(button('Agregar producto'));
    warned('ADVERTENCIA', 'Este producto no tiene stock en esta sucursal');
    expect(screen.queryByRole('table', { name: 'Detalles de productos' })).toBeNull();

    await user.selectOptions(el('#productoEncontrado'), '10');
    await user.click(button('Agregar producto'));
    const lines = within(screen.getByRole('table', { name: 'Detalles de productos' }));
    expect(lines.getByText('RB3025')).toBeTruthy();
    expect(el<HTMLInputElement>('#buscarModelo').value).toBe('');
    await user.clear(el('#cantidad-0'));
    await user.type(el('#cantidad-0'), '5');
    expect(alert).toHaveBeenCalledWith('error', 'ERROR', 'Cantidad supera el stock disponible');
    expect(el<HTMLInputElement>('#cantidad-0').value).toBe('3');
    expect(el('#total').textContent).toBe('$ 1.080,00');
    await user.clear(el('#cantidad-0'));
    await user.type(el('#cantidad-0'), '-2');
    warned('ADVERTENCIA', 'La cantidad no puede ser negativa.');
    expect(el<HTMLInputElement>('#cantidad-0').value).toBe('0');

    routes['GET /api/productos/buscar'] = [500, { mensaje: 'falla' }];
    await search(user, 'X');
    await alerted('error', 'ERROR', 'Error al buscar productos');
  });

  it('creates: posts the exact body with an Idempotency-Key, then goes to the list', async () => {
    const user = userEvent.setup();
    const { calls, keys } = open('/crearMovimiento/7', {
      'GET /api/pacientes/id/7': [200, paciente()],
      'GET /api/productos/buscar': [200, [producto()]],
      'POST /api/movimientos': [201, { mensaje: 'El movimiento ha sido creado!', movimiento: movimiento() }],
    });
    await screen.findByText('José Pérez');
    await screen.findByRole('option', { name: 'Centro' });
    await user.clear(el('#vendedor'));
    await user.type(el('#vendedor'), ' Beto ');
    await search(user, 'RB');
    await screen.findByRole('option', { name: /RB3025/ });
    await user.selectOptions(el('#productoEncontrado'), '10');
    await user.click(button('Agregar producto'));
    await user.clear(el('#cantidad-0'));
    await user.type(el('#cantidad-0'), '2');
    await user.type(el('#adicionalDescripcion'), 'Cristal Orma Blue');
    await user.type(el('#adicionalSubtotal'), '280.10');
    await user.click(button('Agregar detalle'));
    await user.type(el('#descuento'), '10');
    await user.tab();
    expect(el('#total').textContent).toBe('$ 900,09'); // 1000.10 less 10% = 900.09
    await addPayment(user, '450.5');
    expect(el<HTMLInputElement>('#montoImpuesto-0').value).toBe('450.5'); // follows monto
    // Less than the monto is refused before the click; a surcharge is taken.
    await user.clear(el('#montoImpuesto-0'));
    await user.type(el('#montoImpuesto-0'), '400');
    expect(screen.getByText('El monto con recargo del pago 1 no puede ser menor que su monto.')).toBeTruthy();
    await user.clear(el('#montoImpuesto-0'));
    await user.type(el('#montoImpuesto-0'), '500');
    expect(screen.queryByText('El monto con recargo del pago 1 no puede ser menor que su monto.')).toBeNull();
    expect(el('#totalImpuesto').textContent).toBe('$ 500,00');
    expect(el('#deuda').textContent).toBe('$ 449,59');
    expect(within(screen.getByTestId('pago-0')).getByRole('img', { name: 'Pago incompleto' })).toBeTruthy();
    expect(screen.getByTestId('pago-0').className).toBe('table-success'); // same minute as the movement
    await addPayment(user, '400.09');
    expect(el('#deuda').textContent).toBe('$ 49,50');
    await user.selectOptions(el('#metodoPago-1'), 'Tarjeta');
    await user.selectOptions(el('#estadoMovimiento'), 'ARMANDO_PEDIDO');
    await user.click(button('Guardar'));

    await screen.findByText('listado de movimientos');
    expect(alert).toHaveBeenCalledWith('success', 'MOVIMIENTO CREADO', 'El movimiento ha sido creado!');
    expect(sent(calls, 'POST')).toEqual({
      tipoMovimiento: 'ENTRADA',
      fecha: NOW_TEXT,
      total: 900.09,
      totalImpuesto: 900.09,
      descuento: 10,
      descripcion: null,
      vendedor: 'Beto',
      paciente: { id: 7 },
      detalles: [{ cantidad: 2, precioUnitario: 360, subtotal: 720, producto: { id: 10 } }],
      detallesAdicionales: [{ descripcion: 'Cristal Orma Blue', subtotal: 280.1 }],
      cajaMovimientos: [
        { monto: 450.5, montoImpuesto: 500, metodoPago: { id: 1, nombre: 'Efectivo' }, fecha: NOW_TEXT, cuotas: null },
        {
          monto: 400.09,
          montoImpuesto: 400.09,
          metodoPago: { id: 2, nombre: 'Tarjeta' },
          fecha: NOW_TEXT,
          cuotas: null,
        },
      ],
      local: { id: 1 },
      estadoMovimiento: 'ARMANDO_PEDIDO',
      // A patient without an obra social: the sale goes without coverage, said explicitly.
      cobertura: null,
    });
    const post = keys.find((k) => k.method === 'POST')!;
    expect(post.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("lets an admin give the reason of a price below the floor, which a seller's form does not offer", async () => {
    const user = userEvent.setup();
    const { calls } = open('/crearMovimiento/7', {
      'GET /api/pacientes/id/7': [200, paciente()],
      'POST /api/movimientos': [201, { mensaje: 'El movimiento ha sido creado!', movimiento: movimiento() }],
    });
    await screen.findByText('José Pérez');
    await screen.findByRole('option', { name: 'Centro' });
    await user.type(el('#adicionalDescripcion'), 'Armazón de reemplazo');
    await user.type(el('#adicionalSubtotal'), '100');
    await user.click(button('Agregar detalle'));
    await user.selectOptions(el('#motivoPrecio'), 'GARANTIA');
    await addPayment(user, '100');
    await user.click(button('Guardar'));
    await screen.findByText('listado de movimientos');
    expect(sent(calls, 'POST').motivoPrecio).toBe('GARANTIA');
  });

  it('keeps one Idempotency-Key per opened form across retries, and tells server refusals', async () => {
    const user = userEvent.setup();
    const routes: Routes = {
      'POST /api/movimientos': [400, { mensaje: 'Datos inválidos', errors: ['El total no coincide', 'Otro'] }],
    };
    const { keys } = open('/crearMovimiento', routes);
    await entradaWithExtra(user, '100');
    await addPayment(user, '100');
    await user.click(button('Guardar'));
    await alerted('error', 'ERROR DE VALIDACIÓN', 'El total no coincide, Otro');
    routes['POST /api/movimientos'] = [
      400,
      { mensaje: 'Error al crear el movimiento', error: 'Stock insuficiente para el producto: RB3025' },
    ];
    await user.click(await whenEnabled(button('Guardar')));
    await alerted('error', 'Error al crear el movimiento', 'Stock insuficiente para el producto: RB3025');
    const posts = keys.filter((k) => k.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0].key).toBe(posts[1].key);
    expect(screen.getByRole('heading', { name: 'Crear Movimiento' })).toBeTruthy();
  });

  it("'Volver al inicio' goes to the movement list", async () => {
    const user = userEvent.setup();
    open('/crearMovimiento');
    await user.click(button('Volver al inicio'));
    expect(await screen.findByText('listado de movimientos')).toBeTruthy();
  });
});
