import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alert, confirm } from '../app/alerts';
import { editScreens } from '../routing/routes';
import { openPage, whenEnabled } from '../test/page';
import {
  adminToken,
  locales,
  movementAnswers,
  movimiento,
  paciente,
  producto,
  reintegro,
  salida,
  sellerToken,
  springPage,
  ventaDevuelta,
} from '../test/seed';
import { CreateMovement, EditMovement } from './MovementScreens';

vi.mock('../app/alerts', () => ({ alert: vi.fn(), confirm: vi.fn() }));

const admin = adminToken();
const seller = sellerToken(2);

/** 2025-06-01 09:15:30, local time: the form's "now". */
const NOW = new Date(2025, 5, 1, 9, 15, 30);
const NOW_TEXT = '2025-06-01T09:15';

type Routes = Record<string, [number, unknown]>;

/** Opens the movement screens at `at`; records each request's Idempotency-Key too. */
function open(at: string, routes: Routes = {}, token = admin) {
  for (const [k, v] of Object.entries(movementAnswers)) routes[k] ??= v;
  const keys: { method: string; key: string | null }[] = [];
  const screens = [
    { path: '/crearMovimiento', element: <CreateMovement /> },
    { path: '/crearMovimiento/:pacienteId', element: <CreateMovement /> },
    { path: '/editarMovimiento/:id', element: <EditMovement /> },
    { path: '/adminitrarCaja', element: <p>listado de movimientos</p> },
  ];
  const view = openPage(at, screens, {
    token,
    answers: routes,
    onRequest: (request) => keys.push({ method: request.method, key: request.headers.get('Idempotency-Key') }),
  });
  return { ...view, keys };
}

const el = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const sent = (calls: { method: string; body: string | null }[], method: string) =>
  JSON.parse(calls.find((c) => c.method === method)!.body!);
const warned = (title: string, text: string) => expect(alert).toHaveBeenCalledWith('warning', title, text);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(alert).mockClear();
});

type User = ReturnType<typeof userEvent.setup>;

async function chooseBranch(user: User, nombre: string) {
  await screen.findByRole('option', { name: nombre });
  await user.selectOptions(el('#local'), nombre);
}

/** Type ENTRADA at Centro with an additional line of `amount`. */
async function entradaWithExtra(user: User, amount = '1000') {
  await user.selectOptions(el('#tipoMovimiento'), 'ENTRADA');
  await chooseBranch(user, 'Centro');
  await user.type(el('#adicionalDescripcion'), 'Cristal Orma Blue');
  await user.type(el('#adicionalSubtotal'), amount);
  await user.click(button('Agregar detalle'));
}

async function addPayment(user: User, monto: string, impuesto?: string) {
  await waitFor(() => expect(button('Agregar pago').disabled).toBe(false));
  await user.click(button('Agregar pago'));
  const rows = screen.getAllByTestId(/^pago-/);
  const n = rows.length - 1;
  await user.clear(el(`#monto-${n}`));
  await user.type(el(`#monto-${n}`), monto);
  if (impuesto !== undefined) {
    await user.clear(el(`#montoImpuesto-${n}`));
    await user.type(el(`#montoImpuesto-${n}`), impuesto);
  }
}

async function search(user: User, modelo: string) {
  await user.type(el('#buscarModelo'), modelo);
  await user.click(within(screen.getByRole('search', { name: 'Buscar por modelo' })).getByRole('button'));
}

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
    expect(el<HTMLSelectElement>('#estadoMovimiento').value).toBe('PEDIDO_CRISTALES');
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
    await user.type(el('#vendedor'), 'Beto');
    await user.type(el('#descripcion'), 'Anteojo');
    await user.type(el('#adicionalDescripcion'), 'Armado');
    await user.type(el('#adicionalSubtotal'), '100');
    await user.click(button('Agregar detalle'));
    await addPayment(user, '50');
    await user.selectOptions(el('#estadoMovimiento'), 'ENTREGADO');

    await user.selectOptions(el('#tipoMovimiento'), 'SALIDA');
    expect(el<HTMLInputElement>('#vendedor').value).toBe('');
    expect(el<HTMLTextAreaElement>('#descripcion').value).toBe('');
    expect(screen.queryByTestId('pago-0')).toBeNull();
    expect(document.querySelector('#estadoMovimiento')).toBeNull();
    expect(document.querySelector('#adicionalDescripcion')).toBeNull();
    expect(el<HTMLInputElement>('#total').value).toBe('');

    await user.selectOptions(el('#tipoMovimiento'), 'ENTRADA');
    expect(screen.queryByText('José Pérez')).toBeNull(); // SALIDA dropped the patient
    expect(screen.queryByRole('table', { name: 'Detalles adicionales' })).toBeNull();
    expect(el<HTMLSelectElement>('#estadoMovimiento').value).toBe('PEDIDO_CRISTALES');
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

  it('shows payments above the total and blocks an ENTRADA', async () => {
    const user = userEvent.setup();
    const { calls } = open('/crearMovimiento');
    await entradaWithExtra(user, '100');
    await addPayment(user, '80', '120');
    expect(screen.getByRole('alert').textContent).toBe(
      'La suma de los pagos no puede exceder el total del movimiento.',
    );
    await user.click(button('Guardar'));
    warned('ADVERTENCIA', 'La suma de los pagos no puede exceder el total del movimiento.');
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
    expect(el<HTMLInputElement>('#monto-0').value).toBe('1500');
    expect(el<HTMLInputElement>('#montoImpuesto-0').readOnly).toBe(true);
    await addPayment(user, '20');
    expect(screen.getByRole('alert')).toBeTruthy();
    await user.click(button('Guardar'));
    warned('ADVERTENCIA', 'La suma de los pagos no puede exceder el total del movimiento.');
    expect(alert).toHaveBeenCalledTimes(1);
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
    await waitFor(() => expect(alert).toHaveBeenCalledWith('error', 'ERROR', 'Error al buscar productos'));
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
    await addPayment(user, '500');
    expect(el<HTMLInputElement>('#montoImpuesto-0').value).toBe('500'); // follows monto
    await user.clear(el('#montoImpuesto-0'));
    await user.type(el('#montoImpuesto-0'), '450.5');
    expect(el('#totalImpuesto').textContent).toBe('$ 450,50');
    expect(el('#deuda').textContent).toBe('$ 400,09');
    expect(within(screen.getByTestId('pago-0')).getByRole('img', { name: 'Pago incompleto' })).toBeTruthy();
    expect(screen.getByTestId('pago-0').className).toBe('table-success'); // same minute as the movement
    await addPayment(user, '400.09');
    expect(el('#deuda').textContent).toBe('$ 0,00');
    expect(within(screen.getByTestId('pago-1')).getByRole('img', { name: 'Pago completo' })).toBeTruthy();
    await user.selectOptions(el('#metodoPago-1'), 'Tarjeta');
    await user.selectOptions(el('#estadoMovimiento'), 'ARMANDO_PEDIDO');
    await user.click(button('Guardar'));

    await screen.findByText('listado de movimientos');
    expect(alert).toHaveBeenCalledWith('success', 'MOVIMIENTO CREADO', 'El movimiento ha sido creado!');
    expect(sent(calls, 'POST')).toEqual({
      tipoMovimiento: 'ENTRADA',
      fecha: NOW_TEXT,
      total: 900.09,
      totalImpuesto: 850.59,
      descuento: 10,
      descripcion: null,
      vendedor: 'Beto',
      paciente: { id: 7 },
      detalles: [{ cantidad: 2, precioUnitario: 360, subtotal: 720, producto: { id: 10 } }],
      detallesAdicionales: [{ descripcion: 'Cristal Orma Blue', subtotal: 280.1 }],
      cajaMovimientos: [
        { monto: 500, montoImpuesto: 450.5, metodoPago: { id: 1, nombre: 'Efectivo' }, fecha: NOW_TEXT },
        { monto: 400.09, montoImpuesto: 400.09, metodoPago: { id: 2, nombre: 'Tarjeta' }, fecha: NOW_TEXT },
      ],
      local: { id: 1 },
      estadoMovimiento: 'ARMANDO_PEDIDO',
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
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('error', 'ERROR DE VALIDACIÓN', 'El total no coincide, Otro'),
    );
    routes['POST /api/movimientos'] = [
      400,
      { mensaje: 'Error al crear el movimiento', error: 'Stock insuficiente para el producto: RB3025' },
    ];
    await user.click(await whenEnabled(button('Guardar')));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'error',
        'Error al crear el movimiento',
        'Stock insuficiente para el producto: RB3025',
      ),
    );
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
    expect(body).toEqual({
      tipoMovimiento: 'ENTRADA',
      fecha: '2025-05-02T11:30',
      total: 900,
      totalImpuesto: 895,
      descuento: 10,
      descripcion: 'Anteojo de sol',
      vendedor: 'Beto',
      paciente: { id: 7 },
      detalles: [{ cantidad: 2, precioUnitario: 360, subtotal: 720, producto: { id: 10 } }],
      detallesAdicionales: [{ descripcion: 'Cristal Orma Blue', subtotal: 280 }],
      cajaMovimientos: [
        { monto: 450, montoImpuesto: 495, metodoPago: { id: 2, nombre: 'Tarjeta' }, fecha: '2025-05-02T11:30' },
        { monto: 400, montoImpuesto: 400, metodoPago: { id: 1, nombre: 'Efectivo' }, fecha: '2025-05-03T10:00' },
      ],
      local: { id: 1 },
      estadoMovimiento: 'ANTEOJO_TERMINADO',
      version: 3,
    });
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
    expect(el<HTMLInputElement>('#total').value).toBe('1500');
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
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'error',
        'ERROR',
        'Error: No se pudo editar el movimiento ID: 501 no existe en la base de datos!',
      ),
    );
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
    await waitFor(() => expect(alert).toHaveBeenCalledWith('error', 'ERROR', mensaje));
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
    const routes: Record<string, [number, unknown]> = {
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
    await waitFor(() => expect(alert).toHaveBeenCalledWith('success', 'DEVOLUCIÓN REGISTRADA', expect.any(String)));

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
