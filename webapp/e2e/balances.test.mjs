// Customer balances (cuenta corriente): a sale on credit at the centre; a seller of the
// north finds it by patient, collects part of it in the north's cash, and the list shows the new
// debt; a payment from a stale list is refused by the server in its words; the patient's page
// shows what they owe; once the north's day is closed, collecting there is refused (409). Also
// the same screen on a phone.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { clickToAlert, screenshot, takeAlert } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { armazonYCristales, seeder } from './support/seed.mjs';
import { loginOn, rowText } from './support/page.mjs';
import { TZ, dayFromToday, ddmmyyyy } from './support/days.mjs';

const withApp = useApp();

const HOY = dayFromToday(0);
const HACE_45 = dayFromToday(-45);

/** Centro and Norte, cash and card, Ana Gómez with a sale at Centro 45 days ago: $ 2.000,
 * $ 800 paid, $ 1.200 owed; a seller at Norte. */
async function seed(server) {
  const shop = await seeder(server);
  const centro = await shop.local({ nombre: 'Centro', direccion: 'Mitre 100', celular: '1' });
  const norte = await shop.local({ nombre: 'Norte', direccion: 'Ruta 12 km 3', celular: '2' });
  const { efectivo } = await shop.efectivoYTarjeta();
  const paciente = await shop.patient(centro);
  const venta = await shop.venta(armazonYCristales(centro, paciente, efectivo, `${HACE_45}T10:00`));
  await shop.seller('norte', 'clave-norte', norte);
  return { shop, centro, norte, efectivo, paciente, venta };
}

/** The cells of the table's row that reads `text`, but its buttons, joined by ' | '. */
/** A balance's row, without its buttons. */
const balanceRow = (page, text) => rowText(page, 'Saldos pendientes', text, { dropLast: true });

const total = (page) => page.getByTestId('total-adeudado');

async function findAna(page) {
  await page.fill('#saldoPaciente', 'ana');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('button', { name: 'Seleccionar Ana Gómez' }).click();
  await page.getByTestId('paciente-elegido').waitFor();
}

test('a seller of the north collects part of a centre sale; a stale amount and a closed day are refused', () =>
  withApp(async ({ server, newPage }) => {
    const { shop, norte, efectivo, paciente, venta } = await seed(server);
    const page = await newPage({ timezoneId: TZ });
    await loginOn(page, server.url, 'norte', 'clave-norte');

    // The menu leads to the north's balances: none there; the centre's sale is found by patient.
    await page.getByRole('link', { name: 'CUENTAS CORRIENTES' }).click();
    await page.getByRole('heading', { name: 'CUENTAS CORRIENTES' }).waitFor();
    await page.getByText('Se muestran los saldos de tu local').waitFor();
    await page.getByText('No hay saldos pendientes.').waitFor();
    assert.equal((await total(page).textContent()).trim(), 'Total adeudado: $ 0,00');
    await findAna(page);
    await total(page).getByText('$ 1.200,00').waitFor();
    assert.equal(
      await balanceRow(page, 'Ana Gómez'),
      `${ddmmyyyy(HACE_45)} | Ana Gómez | Centro | $ 2.000,00 | $ 800,00 | $ 1.200,00 | 45 días (más de 30 días)`,
    );
    assert.match((await page.getByTestId(`saldo-${venta}`).getAttribute('class')) ?? '', /table-warning/);

    // 'Cobrar': the whole debt to start with; above it the button says why it is disabled.
    await page
      .getByTestId(`saldo-${venta}`)
      .getByRole('button', { name: /^Cobrar venta / })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Se cobra en la caja de hoy de Norte.').waitFor();
    assert.equal(await page.inputValue('#cobroMonto'), '1.200,00');
    const cobrar = dialog.getByRole('button', { name: 'Cobrar', exact: true });
    await page.fill('#cobroMonto', '1.500');
    await dialog.getByText('El monto supera el saldo pendiente ($ 1.200,00).').waitFor();
    assert.ok(await cobrar.isDisabled());
    await page.fill('#cobroMonto', '500');
    assert.ok(await cobrar.isEnabled());
    console.log('screenshot:', await screenshot(page, 'cuentas-corrientes-cobrar'));
    // The payment's own receipt, the north's first collection: told, and printed when asked.
    const recibo = `${String(norte).padStart(4, '0')}-00000001`;
    const [descarga] = await Promise.all([
      page.waitForEvent('download'),
      clickToAlert(page, cobrar, {
        title: 'PAGO REGISTRADO',
        text: `El pago ha sido registrado! Recibo N° ${recibo}.`,
      }),
    ]);
    assert.equal(descarga.suggestedFilename(), `recibo_${recibo}.pdf`);
    assert.equal((await readFile(await descarga.path())).subarray(0, 4).toString(), '%PDF');
    await total(page).getByText('$ 700,00').waitFor();
    assert.match(await balanceRow(page, 'Ana Gómez'), /\| \$ 2\.000,00 \| \$ 1\.300,00 \| \$ 700,00 \|/);
    console.log('screenshot:', await screenshot(page, 'cuentas-corrientes'));

    // A stale list: another tab collects $ 300 first; the $ 700 typed here is refused by the server.
    await page
      .getByTestId(`saldo-${venta}`)
      .getByRole('button', { name: /^Cobrar venta / })
      .click();
    assert.equal(await page.inputValue('#cobroMonto'), '700,00');
    const otra = await server.api('POST', `/api/movimientos/${venta}/cobros`, shop.token, {
      metodoPagoId: efectivo,
      monto: 300,
    });
    assert.equal(otra.status, 201, JSON.stringify(otra.body));
    await clickToAlert(page, cobrar, {
      title: 'ERROR DE VALIDACIÓN',
      text: 'El monto supera el saldo pendiente ($ 400,00).',
    });
    // The list reads again: the dialog now knows the debt and says why it waits.
    await total(page).getByText('$ 400,00').waitFor();
    await dialog.getByText('El monto supera el saldo pendiente ($ 400,00).').waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    // The patient's page shows what they owe, with 'Cobrar'.
    await page.getByRole('link', { name: 'Ana Gómez' }).click();
    await page.waitForURL(`**/editarPaciente/${paciente}`);
    const cuenta = page.locator('section', { has: page.getByRole('heading', { name: 'Cuenta corriente' }) });
    await cuenta.getByTestId('total-adeudado').getByText('$ 400,00').waitFor();
    await cuenta
      .getByTestId(`saldo-${venta}`)
      .getByRole('button', { name: /^Cobrar venta / })
      .waitFor();
    console.log('screenshot:', await screenshot(page, 'cuentas-corrientes-paciente'));

    // The north's day closed (through the API): collecting there is refused with the server's text.
    const caja = (accion, body) => server.api('POST', `/api/caja/${norte}/${HOY}/${accion}`, shop.token, body);
    assert.equal((await caja('apertura', { fondo: [] })).status, 200);
    const cerrada = await caja('cierre', { contado: [{ metodoPagoId: efectivo, monto: 500 }], motivo: 'Fin del día' });
    assert.equal(cerrada.body.caja?.estado, 'CERRADA', JSON.stringify(cerrada.body));
    await cuenta
      .getByTestId(`saldo-${venta}`)
      .getByRole('button', { name: /^Cobrar venta / })
      .click();
    await page.fill('#cobroMonto', '100');
    await cobrar.click();
    const refusal = await takeAlert(page);
    assert.equal(refusal.title, 'ERROR');
    assert.match(refusal.text, /ya está cerrada/);
    console.log('409:', refusal.text);
    await cuenta.getByTestId('total-adeudado').getByText('$ 400,00').waitFor();
  }));

test('on a phone the balances are cards and the payment dialog fits, without sideways scrolling', () =>
  withApp(async ({ server, newPage }) => {
    const { venta } = await seed(server);
    const page = await newPage({ ...PHONE, timezoneId: TZ });
    await loginOn(page, server.url, 'admin', server.adminPassword);
    await page.goto(`${server.url}/cuentasCorrientes`);
    await page.getByRole('heading', { name: 'CUENTAS CORRIENTES' }).waitFor();
    await total(page).getByText('$ 1.200,00').waitFor();
    const row = page.getByTestId(`saldo-${venta}`);
    assert.equal(await row.evaluate((tr) => getComputedStyle(tr).display), 'block', 'a card per sale');
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390);
    console.log('screenshot:', await screenshot(page, 'cuentas-corrientes-telefono'));
    await page
      .getByTestId(`saldo-${venta}`)
      .getByRole('button', { name: /^Cobrar venta / })
      .click();
    await page.locator('#cobroLocal').waitFor();
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390);
    console.log('screenshot:', await screenshot(page, 'cuentas-corrientes-telefono-cobrar', { fullPage: false }));
  }));
