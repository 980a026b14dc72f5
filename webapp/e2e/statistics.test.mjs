// The statistics page as an admin reads it: filters, the per-method cards, the units sold, the
// charts, and both sales workbooks; a seller sees none of it.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { screenshot, takeAlert } from './support/browser.mjs';
import { useApp } from './support/fixture.mjs';
import { pago, seeder } from './support/seed.mjs';

const withApp = useApp();

/** In November at La Cruz: a sale of two frames (2001.00: 1500.00 cash, 501.00 by card) and an
 * expense of 300.00 cash. */
async function seed(server) {
  const shop = await seeder(server);
  const local = await shop.laCruz();
  const { efectivo, tarjeta } = await shop.efectivoYTarjeta();
  const producto = await shop.rb2140(local, { precio: 1000.5, costo: 400, stock: 5 });
  await shop.venta({
    local,
    fecha: '2026-11-10T11:00',
    total: 2001,
    detalles: [{ cantidad: 2, precioUnitario: 1000.5, subtotal: 2001, producto: { id: producto } }],
    pagos: [pago(efectivo, 1500, '2026-11-10T11:00'), pago(tarjeta, 501, '2026-11-10T11:05')],
  });
  await shop.gasto(local, 'Limpieza', 300, efectivo, '2026-11-12T09:00');
  await shop.vendedora(local);
  return { local };
}

test('an admin filters November, reads the cards and charts and downloads both workbooks', () =>
  withApp(async ({ server, page, open, login }) => {
    const { local } = await seed(server);
    await login('admin', server.adminPassword);
    await open('/estadistica');
    await page.getByRole('heading', { name: 'ESTADÍSTICAS' }).waitFor();

    // Without dates the figures cannot be asked for.
    await page.getByRole('button', { name: 'Aplicar Filtros' }).click();
    assert.equal((await takeAlert(page)).text, 'Ingresar fecha de inicio y fin por favor');

    await page.locator('#local').selectOption(String(local));
    // Dates as Argentina writes them, whatever the browser's language; a day that does not exist
    // is refused with why, never moved to another day.
    await page.fill('#fechaInicio', '01/11/2026');
    await page.fill('#fechaFin', '31/11/2026');
    await page.getByText('31/11/2026 no existe: noviembre de 2026 tiene 30 días.').waitFor();
    await page.fill('#fechaFin', '30-11-2026');
    await page.getByRole('button', { name: 'Aplicar Filtros' }).click();

    const efectivo = page.getByLabel('Método Efectivo');
    await efectivo.waitFor();
    const cash = (await efectivo.textContent()).replace(/\s+/g, ' ');
    // Money as es-AR writes it: Entrada $ 1.500,00, Salida $ 300,00, Neto $ 1.200,00.
    for (const figure of ['$ 1.500,00', '$ 300,00', '$ 1.200,00']) {
      assert.ok(cash.includes(figure), `${figure} in ${cash}`);
    }
    assert.match((await page.getByLabel('Método Tarjeta').textContent()).replace(/\s+/g, ' '), /\$ 501,00/);
    assert.equal((await page.getByLabel('Cantidad vendida').textContent()).trim(), '2');
    // The charts load on demand; wait until both have drawn.
    for (const chart of ['Ventas por día (sin lo devuelto)', 'Ingresos por método de pago (día y local del cobro)']) {
      await page.getByRole('img', { name: chart }).locator('svg.recharts-surface').first().waitFor();
    }
    await page.getByRole('table', { name: 'Stock por material' }).waitFor();
    await page.getByRole('table', { name: 'Stock y pacientes por local' }).waitFor();
    console.log('screenshot:', await screenshot(page, 'estadisticas'));

    for (const [button, name] of [
      ['Descargar ventas', 'ventas_la_cruz_2026-11-01_hasta_2026-11-30.xlsx'],
      ['Descargar marcas vendidas', 'marcas_vendidas_la_cruz_2026-11-01_hasta_2026-11-30.xlsx'],
    ]) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: button }).click(),
      ]);
      assert.equal(download.suggestedFilename(), name);
      const bytes = await readFile(await download.path());
      assert.equal(bytes.subarray(0, 2).toString(), 'PK', 'an xlsx is a zip file');
      await takeAlert(page);
    }
  }));

test('a seller sees no statistics and the server refuses them', () =>
  withApp(async ({ server, page, open, login }) => {
    await seed(server);
    await login('vendedora', 'clave-vendedora');
    await open('/estadistica');
    await page.getByRole('heading', { name: 'ESTADÍSTICAS' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Aplicar Filtros' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Descargar ventas' }).count(), 0);
    const token = await server.token('vendedora', 'clave-vendedora');
    const answer = await server.api('POST', '/api/movimientos/total-ganado', token, {
      local: 0,
      fechaInicio: '2026-11-01',
      fechaFin: '2026-11-30',
    });
    assert.equal(answer.status, 403);
  }));
