// 'Rentabilidad' against the real server, on the owner's laptop and on a phone: a frame sold
// with a discount, its cost raised afterwards, a second sale at the new cost; the screen and the
// workbook show the margin at the cost each sale was made at, not today's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { TZ, dayFromToday, ddmmyyyy } from './support/days.mjs';
import { fitsWidth, loginOn, rowText } from './support/page.mjs';
import { pago, seeder } from './support/seed.mjs';

const withApp = useApp();
const LAPTOP = { viewport: { width: 1366, height: 768 } };
const HOY = dayFromToday(0);

/** Two sales of the RB2140 (cost 40.000): one at 100.000 with 10 % off, then the cost goes to
 * 50.000 and one at 100.000. Margin: 90.000 − 40.000 + 100.000 − 50.000 = 100.000 of 190.000. */
async function seed(server) {
  const shop = await seeder(server);
  const local = await shop.laCruz();
  const efectivo = await shop.metodoPago('Efectivo');
  const producto = await shop.rb2140(local, { precio: 100000, stock: 5, costo: 40000 });
  const venta = (total, descuento) =>
    shop.venta({
      local,
      fecha: `${HOY}T10:00`,
      total,
      ...(descuento ? { descuento } : {}),
      detalles: [{ cantidad: 1, precioUnitario: 100000, subtotal: 100000, producto: { id: producto } }],
      pagos: [pago(efectivo, total, `${HOY}T10:00`)],
    });
  await venta(90000, 10);
  const raised = await server.api('POST', '/api/productos/actualizar-precios', shop.token, {
    tipo: 'costo',
    tipoCambio: 'porcentaje',
    valor: 25,
  });
  assert.ok(raised.status < 300, JSON.stringify(raised.body));
  await venta(100000);
  return shop;
}

for (const [name, options] of [
  ['laptop', LAPTOP],
  ['phone', PHONE],
]) {
  test(`the owner reads the true margin of the day (${name})`, () =>
    withApp(async ({ server, newPage }) => {
      await seed(server);
      const page = await newPage({ ...options, timezoneId: TZ });
      await loginOn(page, server.url, 'admin', server.adminPassword);
      await page.goto(`${server.url}/rentabilidad`);
      await page.getByRole('heading', { name: 'RENTABILIDAD' }).waitFor();
      await page.fill('#rentabilidadDesde', ddmmyyyy(HOY));
      await page.fill('#rentabilidadHasta', ddmmyyyy(HOY));
      await page.getByRole('button', { name: 'Ver', exact: true }).click();
      await page.locator('#rentabilidadIngresos').getByText('$ 190.000,00').waitFor();
      assert.match(await page.locator('#rentabilidadCosto').textContent(), /\$ 90\.000,00/);
      assert.match(await page.locator('#rentabilidadMargen').textContent(), /\$ 100\.000,00/);
      assert.match(await page.locator('#rentabilidadMargenPorcentaje').textContent(), /52,6 %/);
      assert.match(
        await rowText(page, 'Rentabilidad por marca', 'Ray-Ban'),
        /\$ 190\.000,00.*\$ 90\.000,00.*\$ 100\.000,00/,
      );
      await fitsWidth(page, `Rentabilidad on the ${name}`);
      console.log('screenshot:', await screenshot(page, `rentabilidad-${name}`));

      const [excel] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Descargar Excel' }).click(),
      ]);
      assert.equal(excel.suggestedFilename(), `rentabilidad_${HOY}_${HOY}.xlsx`);
    }));
}
