// The counter's details of a seller's day, on the shop's laptop (1366 × 768) and on a phone: a
// walk-in sale with the seller prefilled, delivered at once and without a lab section, the
// discount as people write it, the change of an over-payment told before the click, the stored
// amounts as Argentina writes them, the payment methods in the server's order everywhere, and a
// patient's page that goes to a new movement without saving the unchanged patient.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot, takeAlert } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { seeder } from './support/seed.mjs';
import { addPayment, addProduct, loginOn, rowText } from './support/page.mjs';
import { TZ, dayFromToday } from './support/days.mjs';

const withApp = useApp();

const LAPTOP = { viewport: { width: 1366, height: 768 } };
const HOY = dayFromToday(0);
const EXCEDE = 'La suma de los pagos no puede exceder el total del movimiento.';
/** The methods as the shop created them: not by name. */
const METODOS = ['Tarjeta', 'Efectivo', 'Mercado Pago'];

/** La Cruz with three payment methods, a frame at $ 1.500 with stock 3, Ana Gómez and a seller;
 * today's cash opened with a float. */
async function seed(server) {
  const shop = await seeder(server);
  const local = await shop.laCruz();
  const ids = {};
  for (const nombre of METODOS) ids[nombre] = await shop.metodoPago(nombre);
  const producto = await shop.rb2140(local, { precio: 1500, stock: 3 });
  const paciente = await shop.patient(local);
  await shop.vendedora(local);
  const opened = await server.api('POST', `/api/caja/${local}/${HOY}/apertura`, shop.token, {
    fondo: [{ metodoPagoId: ids.Efectivo, monto: 1000 }],
  });
  assert.equal(opened.status, 200, JSON.stringify(opened.body));
  return { shop, local, producto, paciente };
}

const width = (page) => page.evaluate(() => document.documentElement.scrollWidth);

/** A walk-in sale of the frame, up to its payment: the seller prefilled, delivered, 10% off. */
async function walkIn(page, producto) {
  await page.getByRole('heading', { name: 'Crear Movimiento' }).waitFor();
  assert.equal(await page.inputValue('#vendedor'), 'vendedora', 'the seller is the logged-in user');
  await page.locator('#tipoMovimiento').selectOption('ENTRADA');
  assert.equal(await page.inputValue('#estadoMovimiento'), 'ENTREGADO', 'a walk-in sale leaves delivered');
  await addProduct(page, 'RB2140', producto);
  await page.locator('#total').getByText('$ 1.500,00').waitFor();
  for (const [typed, total] of [
    ['10 %', '$ 1.350,00'],
    ['10,5', '$ 1.342,50'],
    ['10.5', '$ 1.342,50'],
    ['10%', '$ 1.350,00'],
  ]) {
    await page.fill('#descuento', typed);
    await page.locator('#descuento').blur();
    await page.locator('#total').getByText(total).waitFor();
    assert.equal(await page.inputValue('#descuento'), typed, `'${typed}' is kept whole`);
  }
}

test("a seller's walk-in sale: seller prefilled, delivered, the discount as typed, the change before the click", () =>
  withApp(async ({ server, newPage }) => {
    const { shop, producto } = await seed(server);
    const page = await newPage({ ...LAPTOP, timezoneId: TZ });
    await loginOn(page, server.url, 'vendedora', 'clave-vendedora');
    await page.goto(`${server.url}/crearMovimiento`);
    await walkIn(page, producto);

    // A discount above 100% is refused as it is typed, and reset when left (the specification).
    const guardar = page.getByRole('button', { name: 'Guardar' });
    await page.fill('#descuento', '150');
    await page.locator('#movimiento-problemas').getByText('El descuento debe estar entre 0% y 100%').waitFor();
    assert.equal(await page.locator('#descuento').getAttribute('aria-invalid'), 'true');
    assert.ok(await guardar.isDisabled());
    await page.locator('#descuento').blur();
    assert.deepEqual(await takeAlert(page), {
      title: 'Descuento inválido',
      text: 'El descuento debe estar entre 0% y 100%',
    });
    assert.equal(await page.inputValue('#descuento'), '0');
    await page.fill('#descuento', '10%');
    await page.locator('#total').getByText('$ 1.350,00').waitFor();

    // The methods in the order the shop created them; the customer hands $ 2.000: the change is
    // told at once and Guardar waits, saying why.
    await addPayment(page, 0, 'Efectivo', '2.000');
    assert.deepEqual(await page.locator('#metodoPago-0 option').allTextContents(), METODOS);
    await page.getByTestId('vuelto').getByText('Vuelto: $ 650,00').waitFor();
    assert.ok(await guardar.isDisabled());
    await page.locator('#movimiento-problemas').getByText(EXCEDE, { exact: false }).waitFor();
    console.log('screenshot:', await screenshot(page, 'mostrador-vuelto'));
    assert.equal(await page.locator('.swal2-popup').count(), 0, 'no pop-up: the form said it');

    await page.fill('#monto-0', '1.350');
    await page.getByTestId('vuelto').waitFor({ state: 'detached' });
    await guardar.click();
    assert.equal((await takeAlert(page)).title, 'MOVIMIENTO CREADO');
    await page.waitForURL('**/adminitrarCaja');

    // The stored sale: the seller, delivered, no lab section, amounts as Argentina writes them.
    const row = page.locator('tbody tr', { hasText: '$ 1.350,00' }).first();
    const id = Number((await row.getByRole('link', { name: 'Editar' }).getAttribute('href')).split('/').pop());
    const saved = await server.api('GET', `/api/movimientos/${id}`, shop.token);
    assert.equal(saved.body.vendedor, 'vendedora');
    assert.equal(saved.body.estadoMovimiento, 'ENTREGADO');
    assert.equal(saved.body.descuento, 10);
    await row.getByRole('link', { name: 'Editar' }).click();
    await page.getByRole('heading', { name: 'Editar Movimiento' }).waitFor();
    await page.getByRole('heading', { name: 'Devoluciones' }).waitFor();
    assert.equal(await page.inputValue('#monto-0'), '1.350,00');
    assert.equal(await page.inputValue('#montoImpuesto-0'), '1.350,00');
    assert.equal(await page.inputValue('#descuento'), '10');
    assert.equal(await page.getByTestId('trabajo-venta').count(), 0, 'a walk-in sale has no lab section');
    console.log('screenshot:', await screenshot(page, 'mostrador-venta-guardada'));
  }));

test("a patient's page goes to a new movement without saving the unchanged patient; the closing shows the methods in the same order", () =>
  withApp(async ({ server, newPage }) => {
    const { paciente } = await seed(server);
    const page = await newPage({ ...LAPTOP, timezoneId: TZ });
    await loginOn(page, server.url, 'vendedora', 'clave-vendedora');
    const writes = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/pacientes') && r.method() !== 'GET') writes.push(`${r.method()} ${r.url()}`);
    });
    await page.goto(`${server.url}/editarPaciente/${paciente}`);
    await page.getByRole('heading', { name: 'Editar Paciente' }).waitFor();
    await page.getByLabel('Nombre completo').waitFor();
    await page.getByRole('button', { name: 'Registrar un movimiento' }).click();
    await page.waitForURL(`**/crearMovimiento/${paciente}`);
    await page.getByText('Ana Gómez').first().waitFor();
    assert.deepEqual(writes, [], 'the unchanged patient is not sent again');
    assert.equal(await page.locator('.swal2-popup').count(), 0);
    // A patient's sale starts asking for lenses.
    assert.equal(await page.inputValue('#estadoMovimiento'), 'PEDIDO_CRISTALES');

    await page.goto(`${server.url}/cierreCaja`);
    await page.getByRole('heading', { name: 'Caja abierta con este fondo' }).waitFor();
    const fondo = [];
    for (const nombre of METODOS) fondo.push(await rowText(page, 'Fondo de la caja', nombre));
    assert.deepEqual(fondo, ['Tarjeta | $ 0,00', 'Efectivo | $ 1.000,00', 'Mercado Pago | $ 0,00']);
    const rows = await page.locator('table[aria-label="Fondo de la caja"] tbody tr td:first-child').allTextContents();
    assert.deepEqual(
      rows.map((r) => r.trim()),
      [...METODOS, 'Total'],
    );
    const counted = await page.locator('form[aria-label="Conteo"] label').allTextContents();
    assert.deepEqual(counted, METODOS);
    console.log('screenshot:', await screenshot(page, 'mostrador-cierre-metodos'));
  }));

test('the walk-in sale and its change on a phone', () =>
  withApp(async ({ server, newPage }) => {
    const { producto } = await seed(server);
    const page = await newPage({ ...PHONE, timezoneId: TZ });
    await loginOn(page, server.url, 'vendedora', 'clave-vendedora');
    await page.goto(`${server.url}/crearMovimiento`);
    await walkIn(page, producto);
    await addPayment(page, 0, 'Efectivo', '2000');
    await page.getByTestId('vuelto').getByText('Vuelto: $ 650,00').waitFor();
    assert.ok(await page.getByRole('button', { name: 'Guardar' }).isDisabled());
    assert.ok((await width(page)) <= 390, 'no sideways scrolling');
    await page.getByTestId('vuelto').scrollIntoViewIfNeeded();
    console.log('screenshot:', await screenshot(page, 'telefono-mostrador-vuelto'));
    await page.fill('#monto-0', '1350');
    await page.getByRole('button', { name: 'Guardar' }).click();
    assert.equal((await takeAlert(page)).title, 'MOVIMIENTO CREADO');
  }));
