// The cash box as a seller uses it all day: a sale with two payments for a patient, the list,
// both PDFs (the customer's is the sale's numbered receipt), the customer's status page (logged
// out) and the order moving along.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot, takeAlert } from './support/browser.mjs';
import { useApp } from './support/fixture.mjs';
import { seeder } from './support/seed.mjs';
import { addDetail, addPayment, addProduct, pdfText } from './support/page.mjs';

const withApp = useApp();

/** A branch, two payment methods, a frame with stock 3, a patient and a seller at the branch. */
async function seed(server) {
  const shop = await seeder(server);
  const local = await shop.laCruz();
  await shop.efectivoYTarjeta();
  const producto = await shop.rb2140(local, { precio: 1000.5, stock: 3 });
  const paciente = await shop.patient(local);
  await shop.vendedora(local);
  return { token: shop.token, local, producto, paciente };
}

test('a seller sells to a patient with two payments, prints both reports and the customer follows the order', () =>
  withApp(async ({ server, page, open, login, newPage }) => {
    const { token, producto, paciente } = await seed(server);
    await login('vendedora', 'clave-vendedora');

    // The sale: one frame (1000.50) and the lab's lenses (999.50) = 2000.00, paid 1200 cash and
    // 800 by card.
    await open(`/crearMovimiento/${paciente}`);
    await page.getByRole('heading', { name: 'Crear Movimiento' }).waitFor();
    assert.ok(await page.locator('#local').isDisabled(), "a seller's branch is fixed");
    await page.fill('#vendedor', 'Eva');
    await addProduct(page, 'RB2140', producto);
    await addDetail(page, 'cristal Orma Blue', '999.50');
    await addPayment(page, 0, 'Efectivo', '1200');
    await addPayment(page, 1, 'Tarjeta', '800');
    await page.locator('#monto-1').blur();
    await page.getByLabel('Pago completo').first().waitFor();
    console.log('screenshot:', await screenshot(page, 'crear-movimiento'));
    await page.getByRole('button', { name: 'Guardar' }).click();
    const saved = await takeAlert(page);
    assert.equal(saved.title, 'MOVIMIENTO CREADO');
    assert.equal(saved.text, 'El movimiento ha sido creado!');
    await page.waitForURL('**/adminitrarCaja');

    // The list: one row for Ana's sale, with both payments inside it.
    await page.getByRole('heading', { name: 'LISTADO DE MOVIMIENTOS' }).waitFor();
    const rows = page.locator('tbody tr', { hasText: 'Ana Gómez' });
    await rows.first().getByText('Tarjeta: $ 800,00', { exact: false }).waitFor();
    assert.equal(await rows.count(), 1);
    await rows.first().getByText('Efectivo: $ 1.200,00', { exact: false }).waitFor();
    console.log('screenshot:', await screenshot(page, 'listado-movimientos'));

    // The server took the stock and recorded the lens for Ana.
    const stock = await server.api('GET', `/api/productos/${producto}`, token);
    assert.equal(stock.body.productoLocales[0].stock, 2);
    const ana = await server.api('GET', `/api/pacientes/id/${paciente}`, token);
    assert.deepEqual(
      ana.body.historialFichas.flatMap((f) => f.cristales.map((c) => c.nombre)),
      ['Orma Blue'],
    );

    // Both reports download and read as the sale; the customer's is the sale's receipt, with the
    // number its row shows.
    const row = rows.first();
    const [, numero] = (await row.getByText(/^Comprobante N° /).textContent()).match(/N° (\d{4}-\d{8})$/) ?? [];
    assert.ok(numero, 'the sale has a receipt number');
    const [cliente] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'PDF Comprobante' }).click(),
    ]);
    assert.match(cliente.suggestedFilename(), /^reporte_movimiento_cliente_\d+\.pdf$/);
    const clienteText = await pdfText(cliente);
    for (const expected of [
      `Comprobante N° ${numero}`,
      'Documento no válido como factura',
      'Paciente: Ana Gómez',
      'Efectivo $ 1.200,00',
      'Tarjeta $ 800,00',
      'Total: $ 2.000,00',
      'Adeuda: $ 0,00',
      '/estadoCompra/',
    ]) {
      assert.ok(clienteText.includes(expected), `${expected} in ${clienteText}`);
    }
    const [optica] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'PDF Óptica' }).click(),
    ]);
    assert.match(optica.suggestedFilename(), /^reporte_movimiento_optica_\d+\.pdf$/);
    const opticaText = await pdfText(optica);
    assert.ok(opticaText.includes('Ficha de graduación del paciente'), opticaText);
    assert.ok(opticaText.includes('cristal Orma Blue - Precio: $ 999,50'), opticaText);

    // The status link, copied as staff do, opens for a customer who is not logged in.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await row.getByRole('button', { name: 'Copiar enlace' }).click();
    await page.getByText('Enlace copiado').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    // The toast closes by itself after its 2 seconds.
    await page.getByText('Enlace copiado').waitFor({ state: 'hidden', timeout: 5_000 });
    assert.match(link, /\/estadoCompra\/\d+-[A-Za-z0-9_-]{16}$/);
    const status = await newPage();
    await status.goto(link);
    await status.getByRole('heading', { name: 'Estado de tu pedido' }).waitFor();
    const bar = status.getByRole('progressbar');
    assert.equal(await bar.getAttribute('aria-valuenow'), '25');
    await status.getByText('Tu pedido está en proceso de solicitud de cristales').waitFor();
    assert.equal(await status.getByText('Ana Gómez').count(), 0, 'the public page shows no personal data');
    console.log('screenshot:', await screenshot(status, 'estado-compra'));

    // The seller moves the order along; the customer's page follows.
    await row.getByRole('link', { name: 'Editar' }).click();
    await page.getByRole('heading', { name: 'Editar Movimiento' }).waitFor();
    await page.locator('#estadoMovimiento').selectOption('ANTEOJO_TERMINADO');
    await page.getByRole('button', { name: 'Guardar' }).click();
    assert.equal((await takeAlert(page)).title, 'MOVIMIENTO ACTUALIZADO');
    await page.waitForURL('**/adminitrarCaja');
    await status.reload();
    await status.getByRole('progressbar').waitFor();
    assert.equal(await status.getByRole('progressbar').getAttribute('aria-valuenow'), '75');
    const after = await server.api('GET', `/api/productos/${producto}`, token);
    assert.equal(after.body.productoLocales[0].stock, 2, 'a state change does not move stock');
  }));

test("a seller sells with a '7,5' % discount and a payment typed '925,46'", () =>
  withApp(async ({ server, page, login }) => {
    const { token, producto } = await seed(server);
    await login('vendedora', 'clave-vendedora');
    await page.getByRole('link', { name: 'CAJA', exact: true }).click();
    await page.getByRole('link', { name: 'Crear movimiento' }).click();
    await page.getByRole('heading', { name: 'Crear Movimiento' }).waitFor();
    await page.locator('#tipoMovimiento').selectOption('ENTRADA');
    await addProduct(page, 'RB2140', producto);
    await page.fill('#descuento', '7,5');
    await page.locator('#descuento').blur();
    await page.getByText('= 7,5%').waitFor();
    // 1.000,50 less 7,5 % = 925,46 (it used to read '7,5' as 75 %)
    assert.equal((await page.locator('#total').textContent()).trim(), '$ 925,46');
    await page.getByRole('button', { name: 'Agregar pago' }).click();
    await page.fill('#monto-0', '925,46');
    await page.getByLabel('Pago completo').first().waitFor();
    assert.equal((await page.locator('#deuda').textContent()).trim(), '$ 0,00');
    await page.getByRole('button', { name: 'Guardar' }).click();
    assert.equal((await takeAlert(page)).title, 'MOVIMIENTO CREADO');
    await page.waitForURL('**/adminitrarCaja');
    await page.locator('tbody tr', { hasText: '$ 925,46' }).first().waitFor();

    const list = await server.api('GET', '/api/movimientos/paginado/0', token);
    const [venta] = list.body.content;
    assert.equal(venta.descuento, 7.5);
    assert.equal(venta.total, 925.46);
    assert.deepEqual(
      venta.cajaMovimientos.map((p) => p.monto),
      [925.46],
    );
  }));
