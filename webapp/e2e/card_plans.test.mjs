// Card plans in cuotas against the real server: an admin keeps a card's plans in their screen;
// a seller at the counter, on a phone, charges a sale in six cuotas with the plan's surcharge
// computed before saving; the cash list and the customer's receipt name the instalments; the
// storefront's 'CUOTAS SIN INTERÉS' comes from the plans.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { acceptConfirm, screenshot, takeAlert } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { addDetail, addPayment, loginOn, noSideways, pdfText } from './support/page.mjs';
import { TZ } from './support/days.mjs';
import { seeder } from './support/seed.mjs';

const withApp = useApp();
const LAPTOP = { viewport: { width: 1366, height: 768 } };

async function seed(server) {
  const shop = await seeder(server);
  const local = await shop.laCruz();
  await shop.metodoPago('Efectivo');
  const visa = await shop.metodoPago('Visa crédito');
  await shop.vendedora(local);
  return { shop, local, visa };
}

/** Types a plan in the plans screen's form and saves it. */
async function savePlan(page, cuotas, recargo) {
  await page.fill('#planCuotas', cuotas);
  await page.fill('#planRecargo', recargo);
  await page.getByRole('button', { name: 'Guardar plan' }).click();
  const alert = await takeAlert(page);
  assert.equal(alert.title, 'PLAN GUARDADO', JSON.stringify(alert));
  assert.equal(alert.text, `El plan de ${cuotas} cuotas ha sido guardado!`);
}

test('an admin keeps a card’s plans; a seller on a phone charges six cuotas with the surcharge; the receipt and the storefront follow', () =>
  withApp(async ({ server, newPage }) => {
    const { shop, visa } = await seed(server);

    // The admin, on the shop's laptop: from the payment methods to the card's plans.
    const admin = await newPage({ ...LAPTOP, timezoneId: TZ });
    await loginOn(admin, server.url, 'admin', server.adminPassword);
    await admin.goto(`${server.url}/adminitrarMetodoPago`);
    await admin.getByRole('link', { name: 'Planes de cuotas de Visa crédito' }).click();
    await admin.waitForURL(`**/metodosPago/${visa}/planes`);
    await admin.getByRole('heading', { name: 'Planes de cuotas de Visa crédito' }).waitFor();
    await savePlan(admin, '3', '0');
    await savePlan(admin, '6', '10,5');
    await savePlan(admin, '12', '0');
    await admin.getByTestId('plan-6').getByText('10,5 %').waitFor();
    await admin.getByTestId('plan-3').getByText('sin interés').waitFor();

    // Twelve cuotas without surcharge were a mistake: withdrawn from today, asked first.
    await admin.getByRole('button', { name: 'Dejar de ofrecer 12 cuotas' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Dejar de ofrecer 12 cuotas' });
    await dialog.getByRole('button', { name: 'Dejar de ofrecer' }).click();
    await acceptConfirm(admin);
    const retirado = await takeAlert(admin);
    assert.equal(retirado.title, 'PLAN RETIRADO', JSON.stringify(retirado));
    await admin.getByTestId('plan-12').getByText('No se ofrece').waitFor();
    console.log('screenshot:', await screenshot(admin, 'planes-de-cuotas'));

    // The storefront, for anyone: the most cuotas without surcharge today.
    const visitor = await newPage(LAPTOP);
    await visitor.goto(`${server.url}/inicio`);
    await visitor.getByTestId('banners').getByText('3 CUOTAS SIN INTERÉS').waitFor();

    // The seller at the counter, on a phone: a sale of $ 100.000 by card in six cuotas.
    const page = await newPage({ ...PHONE, timezoneId: TZ });
    await loginOn(page, server.url, 'vendedora', 'clave-vendedora');
    await page.goto(`${server.url}/crearMovimiento`);
    await page.getByRole('heading', { name: 'Crear Movimiento' }).waitFor();
    await page.locator('#tipoMovimiento').selectOption('ENTRADA');
    await addDetail(page, 'Anteojo completo', '100.000');
    await addPayment(page, 0, 'Visa crédito', '100.000');
    const cuotas = page.getByLabel('Cuotas 1');
    assert.deepEqual(await cuotas.locator('option').allTextContents(), [
      'Sin cuotas',
      '3 cuotas sin interés',
      '6 cuotas (10,5 % de recargo)',
    ]);
    await cuotas.selectOption({ label: '6 cuotas (10,5 % de recargo)' });
    assert.equal(await page.inputValue('#montoImpuesto-0'), '110.500,00');
    assert.ok(await page.locator('#montoImpuesto-0').evaluate((e) => e.readOnly), 'the plan computes it');
    await page.locator('#cuotasTexto-0').getByText('6 cuotas de $ 18.416,67').waitFor();
    await noSideways(page, 'the payment in cuotas');
    console.log('screenshot:', await screenshot(page, 'venta-en-cuotas-telefono'));
    await page.getByRole('button', { name: 'Guardar' }).click();
    assert.equal((await takeAlert(page)).title, 'MOVIMIENTO CREADO');
    await page.waitForURL('**/adminitrarCaja');

    // As the server recorded it: the plan and its rate, what the card is charged.
    const lista = await server.api('GET', '/api/movimientos/lista?page=0&size=5', shop.token);
    const venta = lista.body.content[0];
    const pago = venta.cajaMovimientos[0];
    assert.deepEqual([pago.cuotas, pago.recargo, pago.montoImpuesto, pago.valorCuota], [6, 10.5, 110500, 18416.67]);

    // The cash list and the customer's receipt name the instalments.
    const row = page.locator('tbody tr', { hasText: '6 cuotas de $ 18.416,67' }).first();
    await row.waitFor();
    await noSideways(page, 'the cash list with a payment in cuotas');
    const [recibo] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'PDF Comprobante' }).click(),
    ]);
    const text = await pdfText(recibo);
    assert.ok(text.includes('6 cuotas de $ 18.416,67 (10,5 % de recargo) $ 110.500,00'), text);
  }));
