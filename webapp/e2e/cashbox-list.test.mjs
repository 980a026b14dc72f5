// Against the real server: the cash-box list is one row per movement (its payments
// inside, its description and debt, a 'Con deuda' filter); 'Ver compras' lists exactly that
// patient's movements; an over-paid expense is stopped once, before sending; the customer's status
// page says which order it is, and the visit-us page lists the shop's branches from the server.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot } from './support/browser.mjs';
import { useApp } from './support/fixture.mjs';
import { pago, seeder } from './support/seed.mjs';
import { addPayment } from './support/page.mjs';

const withApp = useApp();
const EXCEDE = 'La suma de los pagos no puede exceder el total del movimiento.';

/** La Cruz and Santo Tomé, two methods, and two patients whose names share 'Ana Gómez': Ana's sale
 * of 2.000,00 paid 1.200,00 cash and 800,00 by card, and Ana Gómez Ruiz's of 1.500,00 with 500,00
 * paid (1.000,00 owed). */
async function seed(server) {
  const shop = await seeder(server);
  const local = await shop.laCruz();
  await shop.local({ nombre: 'Santo Tomé', direccion: 'Belgrano 450', celular: '2' });
  const { efectivo, tarjeta } = await shop.efectivoYTarjeta();
  const ana = await shop.patient(local);
  const ruiz = await shop.patient(local, 'Ana Gómez Ruiz', '3772 222222');
  const venta = (paciente, descripcion, total, fecha, pagos) =>
    shop.venta({
      local,
      paciente,
      fecha,
      descripcion,
      total,
      adicionales: [{ descripcion: 'Armazón y cristales', subtotal: total }],
      pagos,
    });
  const pagada = await venta(ana, 'Anteojo de lejos', 2000, '2026-11-10T11:00', [
    pago(efectivo, 1200, '2026-11-10T11:00'),
    pago(tarjeta, 800, '2026-11-10T11:05'),
  ]);
  await venta(ruiz, 'Seña del anteojo', 1500, '2026-11-11T10:00', [pago(efectivo, 500, '2026-11-11T10:00')]);
  await shop.vendedora(local);
  return { token: shop.token, pagada };
}

const rowsOf = (page) => page.locator('table tbody tr');

test('the list shows each movement once with its payments and debt, and filters those with debt', () =>
  withApp(async ({ server, page, open, login }) => {
    await seed(server);
    await login('vendedora', 'clave-vendedora');
    await open('/adminitrarCaja');
    await page.getByRole('heading', { name: 'LISTADO DE MOVIMIENTOS' }).waitFor();
    const pagada = rowsOf(page).filter({ hasText: 'Anteojo de lejos' });
    const debe = rowsOf(page).filter({ hasText: 'Seña del anteojo' });
    await pagada.first().waitFor();
    await debe.first().waitFor();
    assert.equal(await rowsOf(page).count(), 2, 'one row per movement');
    // The sale paid two ways is one row, with both payments inside it.
    assert.equal(await pagada.count(), 1);
    assert.deepEqual(await pagada.getByRole('listitem').allTextContents(), [
      'Efectivo: $ 1.200,00 — 10/11/2026 11:00',
      'Tarjeta: $ 800,00 — 10/11/2026 11:05',
    ]);
    const headers = await page.getByRole('columnheader').allTextContents();
    const deuda = headers.indexOf('Deuda');
    assert.ok(deuda > 0, headers.join());
    assert.equal((await pagada.getByRole('cell').nth(deuda).textContent()).trim(), '—');
    assert.equal((await debe.getByRole('cell').nth(deuda).textContent()).trim(), '$ 1.000,00');
    console.log('screenshot:', await screenshot(page, 'listado-movimientos-por-movimiento'));
    // The filters at 1280 px: each placeholder fits its input (the patient's was cut).
    const cut = await page.evaluate(() => {
      const ctx = document.createElement('canvas').getContext('2d');
      return [...document.querySelectorAll('form[role=search] input[placeholder]')]
        .filter((input) => {
          const style = getComputedStyle(input);
          ctx.font = style.font;
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return ctx.measureText(input.placeholder).width > room;
        })
        .map((input) => input.placeholder);
    });
    assert.deepEqual(cut, [], 'placeholders cut');

    // 'Con deuda': only the sale that still owes.
    await page.getByRole('checkbox', { name: 'Con deuda' }).check();
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/movimientos/lista?') && r.url().includes('conDeuda=true')),
      page.getByRole('button', { name: 'Buscar' }).click(),
    ]);
    assert.equal((await answer.json()).totalElements, 1);
    await pagada.first().waitFor({ state: 'detached' });
    await debe.first().waitFor();
    assert.equal(await rowsOf(page).count(), 1);
    assert.equal(await debe.count(), 1);
    console.log('screenshot:', await screenshot(page, 'listado-movimientos-con-deuda'));
  }));

test("'Ver compras' lists exactly that patient's movements, not every name containing it", () =>
  withApp(async ({ server, page, open, login }) => {
    await seed(server);
    await login('vendedora', 'clave-vendedora');
    await open('/adminitrarPaciente');
    const row = rowsOf(page).filter({ has: page.getByRole('cell', { name: 'Ana Gómez', exact: true }) });
    await row.first().waitFor();
    await row.getByRole('link', { name: 'Ver compras' }).click();
    await page.waitForURL(/\/adminitrarCajaPaciente\/Ana%20G%C3%B3mez\?id=\d+$/);
    await page.getByRole('heading', { name: 'Paciente: Ana Gómez' }).waitFor();
    await rowsOf(page).filter({ hasText: 'Anteojo de lejos' }).first().waitFor();
    assert.equal(await rowsOf(page).count(), 1, "Ana Gómez Ruiz's sale is not Ana Gómez's");
  }));

test('an expense whose payments exceed its total waits, saying why before the click, and nothing is sent', () =>
  withApp(async ({ server, page, open, login }) => {
    const { token } = await seed(server);
    await login('vendedora', 'clave-vendedora');
    const posts = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/movimientos')) posts.push(r.url());
    });
    await open('/crearMovimiento');
    await page.getByRole('heading', { name: 'Crear Movimiento' }).waitFor();
    await page.locator('#tipoMovimiento').selectOption('SALIDA');
    await page.fill('#descripcion', 'Pago de luz');
    await page.fill('#total', '1500');
    await addPayment(page, 0, 'Efectivo');
    await addPayment(page, 1, 'Tarjeta', '20');
    await page.locator('#monto-1').blur();
    await page.getByRole('alert').filter({ hasText: EXCEDE }).waitFor();
    // Guardar waits and says why, before any click; no pop-up, nothing sent.
    const guardar = page.getByRole('button', { name: 'Guardar' });
    assert.ok(await guardar.isDisabled());
    await page.locator('#movimiento-problemas').getByText(EXCEDE).waitFor();
    assert.equal(await page.getByTestId('vuelto').count(), 0, 'an expense gives no change back');
    await page.waitForTimeout(500);
    assert.equal(await page.locator('.swal2-popup').count(), 0, 'a pop-up appeared');
    assert.deepEqual(posts, []);
    assert.ok(page.url().endsWith('/crearMovimiento'), 'the form stays open');
    const list = await server.api('GET', '/api/movimientos/paginado/0', token);
    assert.equal(list.body.content.filter((m) => m.tipoMovimiento === 'SALIDA').length, 0);
  }));

test("the status page names the order's day and branch; the visit page lists the server's branches", () =>
  withApp(async ({ server, page, open }) => {
    const { token, pagada } = await seed(server);
    const movimiento = await server.api('GET', `/api/movimientos/${pagada}`, token);
    assert.equal(movimiento.status, 200, JSON.stringify(movimiento.body));
    await open(`/estadoCompra/${movimiento.body.codigoEstado}`);
    await page.getByRole('heading', { name: 'Estado de tu pedido' }).waitFor();
    await page.getByText('Pedido del 10/11/2026 · Local La Cruz', { exact: true }).waitFor();
    assert.equal(await page.getByText('Ana Gómez').count(), 0, 'nothing personal');
    console.log('screenshot:', await screenshot(page, 'estado-compra-pedido'));

    await open('/visitanos');
    await page.getByRole('heading', { name: 'Santo Tomé' }).waitFor();
    await page.getByRole('heading', { name: 'La Cruz' }).waitFor();
    await page.getByText('Belgrano 450', { exact: true }).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Yapeyu' }).count(), 0);
    const maps = await page.getByRole('link', { name: 'Ver en el mapa' }).evaluateAll((as) => as.map((a) => a.href));
    assert.equal(maps.length, 2);
    for (const href of maps) assert.match(href, /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    console.log('screenshot:', await screenshot(page, 'visitanos-sucursales'));
  }));
