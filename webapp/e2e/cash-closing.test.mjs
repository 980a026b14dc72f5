// The cash closing (arqueo) of a branch's day: a seller opens it with a float (the day then shows
// it), sells, counts blind and short (asked first, with the figures), sees the difference and
// closes with the reason; the movement form then says at once that the day is closed and waits;
// an admin reopens it with a reason and the waiting form saves; the closings list it. Also the
// same screens on a phone, and the closing's PDF.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { acceptConfirm, clickToAlert, screenshot, takeAlert } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { pago, seeder } from './support/seed.mjs';
import { addDetail, addPayment, loginOn, rowText } from './support/page.mjs';
import { TZ, dayFromToday, ddmmyyyy } from './support/days.mjs';

const withApp = useApp();

const HOY = dayFromToday(0);
const AYER = dayFromToday(-1);

/** La Cruz with cash and card, a patient, a seller there; yesterday closed $ 50 over. */
async function seed(server) {
  const shop = await seeder(server);
  const local = await shop.laCruz();
  const { efectivo, tarjeta } = await shop.efectivoYTarjeta();
  const paciente = await shop.patient(local);
  await shop.vendedora(local);
  const caja = (fecha, accion, body) => server.api('POST', `/api/caja/${local}/${fecha}/${accion}`, shop.token, body);
  assert.equal((await caja(AYER, 'apertura', { fondo: [] })).status, 200);
  const ayer = await caja(AYER, 'cierre', {
    contado: [{ metodoPagoId: efectivo, monto: 50 }],
    motivo: 'Sobrante sin identificar',
  });
  assert.equal(ayer.body.caja.estado, 'CERRADA', JSON.stringify(ayer.body));
  return { shop, local, efectivo, tarjeta, paciente };
}

/** Today's sale of $ 2.000 by the seller: $ 1.200 cash, $ 800 card. */
async function sell(server, { shop, local, efectivo, tarjeta, paciente }) {
  const seller = await server.token('vendedora', 'clave-vendedora');
  const fecha = `${HOY}T10:00`;
  await shop.venta(
    {
      local,
      paciente,
      fecha,
      total: 2000,
      adicionales: [{ descripcion: 'Armazón y cristales', subtotal: 2000 }],
      pagos: [pago(efectivo, 1200, fecha), pago(tarjeta, 800, fecha)],
    },
    seller,
  );
}

const estado = (page) => page.getByTestId('estado-caja');

/** The counter's laptop. */
const LAPTOP = { viewport: { width: 1366, height: 768 } };

const CERRADA =
  'La caja de este día está cerrada. Para registrar este movimiento, pedí a un administrador que la reabra.';
const SIN_CONTAR = 'Escribí lo que contaste en cada método de pago (0 si no hay).';

/** 'Cerrar caja' asks first: the confirmation's words, accepted. */
async function closeAsked(page, cerrar) {
  await cerrar.click();
  const asked = await acceptConfirm(page);
  assert.equal(asked.title, '¿Cerrar la caja?');
  return asked.text;
}

test('a seller opens the day, counts short, closes with the reason; the form waits on the closed day until an admin reopens it', () =>
  withApp(async ({ server, newPage }) => {
    const shop = await seed(server);
    const page = await newPage({ ...LAPTOP, timezoneId: TZ });
    await loginOn(page, server.url, 'vendedora', 'clave-vendedora');

    // The menu leads to today's day of the seller's branch, not opened yet.
    await page.getByRole('link', { name: 'CIERRE DE CAJA' }).click();
    await page.getByRole('heading', { name: 'CIERRE DE CAJA' }).waitFor();
    assert.ok(await page.locator('#cajaLocal').isDisabled(), "a seller's branch is fixed");
    assert.equal(await page.locator('#cajaFecha').inputValue(), ddmmyyyy(HOY));
    await page.getByRole('heading', { name: `La Cruz · ${ddmmyyyy(HOY)}` }).waitFor();
    assert.equal(await estado(page).textContent(), 'Sin abrir');

    // The float: $ 1.000 of cash, read as people type it.
    await page.fill('#fondo-1', '1.000');
    await page.getByText('= $ 1.000,00').waitFor();
    await clickToAlert(page, page.getByRole('button', { name: 'Abrir caja' }), {
      title: 'CAJA ABIERTA',
      text: 'La caja ha sido abierta!',
    });
    await estado(page).getByText('Abierta').waitFor();

    // Just opened, the day shows the float it was opened with; the evening's count waits without
    // a red warning on fields nobody touched.
    await page.getByRole('heading', { name: 'Caja abierta con este fondo' }).waitFor();
    assert.equal(await rowText(page, 'Fondo de la caja', 'Efectivo'), 'Efectivo | $ 1.000,00');
    assert.equal(await rowText(page, 'Fondo de la caja', 'Tarjeta'), 'Tarjeta | $ 0,00');
    assert.equal(await rowText(page, 'Fondo de la caja', 'Total'), 'Total | $ 1.000,00');
    await page.locator('#conteo-problems').getByText(SIN_CONTAR).waitFor();
    assert.equal(await page.locator('.is-invalid, #conteo-problems.text-danger').count(), 0, 'no red warning yet');
    console.log('screenshot:', await screenshot(page, 'cierre-caja-abierta'));

    await sell(server, shop);
    await page.reload();
    await page.getByRole('heading', { name: 'Conteo a ciegas' }).waitFor();

    // The blind count: nothing expected on screen; 'Cerrar caja' says why it waits.
    const figures = page.locator('table[aria-label="Resultado del conteo"]');
    assert.equal(await figures.count(), 0, 'no expected figure before the first count');
    const cerrar = page.getByRole('button', { name: 'Cerrar caja' });
    assert.ok(await cerrar.isDisabled());
    await page.getByText(SIN_CONTAR).waitFor();
    await page.fill('#contado-1', '2.100');
    await page.getByText('Contado de Tarjeta: escribí el monto (0 si no hay).').waitFor();
    await page.fill('#contado-2', '800');
    assert.ok(await cerrar.isEnabled());
    console.log('screenshot:', await screenshot(page, 'cierre-caja-conteo'));

    // Asked first, with what was counted; short by $ 100 without a reason: recorded, still open,
    // the figures and the message shown.
    assert.equal(
      await closeAsked(page, cerrar),
      `Contado en La Cruz el ${ddmmyyyy(HOY)}: Efectivo $ 2.100,00, Tarjeta $ 800,00. Total: $ 2.900,00. ` +
        'Si coincide con lo esperado, la caja se cierra y no se podrán registrar más movimientos de ese día; si no, vas a ver la diferencia.',
    );
    await page.getByRole('alert').getByText('El conteo no coincide con lo esperado').waitFor();
    await estado(page).getByText('Abierta').waitFor();
    const efectivoRow = await rowText(page, 'Resultado del conteo', 'Efectivo');
    assert.equal(efectivoRow, 'Efectivo | $ 1.000,00 | $ 2.200,00 | $ 2.100,00 | -$ 100,00 (Falta)');
    assert.equal(
      await rowText(page, 'Resultado del conteo', 'Tarjeta'),
      'Tarjeta | $ 0,00 | $ 800,00 | $ 800,00 | $ 0,00 (Cuadra)',
    );
    assert.equal(
      await rowText(page, 'Resultado del conteo', 'Total'),
      'Total | $ 1.000,00 | $ 3.000,00 | $ 2.900,00 | -$ 100,00 (Falta)',
    );
    console.log('screenshot:', await screenshot(page, 'cierre-caja-diferencia'));

    // The expected cash opens into what makes it up: the float and the sale, by its receipt.
    await page.getByRole('button', { name: /^Ver el detalle de lo esperado en Efectivo: / }).click();
    const detalle = page.getByRole('table', { name: 'Detalle de lo esperado en Efectivo' });
    await detalle.waitFor();
    const lineas = await detalle.locator('tbody tr').allTextContents();
    assert.equal(lineas.length, 3, `the float, the sale and the total: ${lineas.join(' / ')}`);
    assert.equal(
      await rowText(page, 'Detalle de lo esperado en Efectivo', 'Fondo inicial'),
      'Fondo inicial |  | $ 1.000,00',
    );
    assert.match(
      await rowText(page, 'Detalle de lo esperado en Efectivo', 'Venta'),
      new RegExp(`^Venta \\d{4}-\\d{8} \\| ${ddmmyyyy(HOY)} 10:00 \\| \\$ 1\\.200,00$`),
    );
    assert.equal(await rowText(page, 'Detalle de lo esperado en Efectivo', 'Esperado'), 'Esperado | $ 2.200,00');
    await detalle.getByRole('link', { name: /^Venta / }).waitFor();
    console.log('screenshot:', await screenshot(page, 'cierre-caja-esperado'));
    await page.getByRole('button', { name: 'Cerrar detalle' }).click();
    await detalle.waitFor({ state: 'detached' });

    // Closed with the reason.
    await page.fill('#motivo', 'Vuelto mal dado a un cliente');
    await page.getByText('28/255').waitFor();
    assert.match(await closeAsked(page, cerrar), /Con el motivo de la diferencia, la caja se cierra/);
    assert.deepEqual(await takeAlert(page), { title: 'CAJA CERRADA', text: 'La caja ha sido cerrada!' });
    await estado(page).getByText('Cerrada').waitFor();
    await page.getByText('Motivo de la diferencia: Vuelto mal dado a un cliente').waitFor();
    await page.getByRole('button', { name: 'Imprimir' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Reabrir caja' }).count(), 0, 'sellers do not reopen');
    await page
      .getByText('Para registrar o corregir un movimiento de este día, pedí a un administrador que reabra la caja.')
      .waitFor();
    console.log('screenshot:', await screenshot(page, 'cierre-caja-cerrada'));

    // The movement form says at once, before anything is typed, that the day is closed and who
    // reopens it; Guardar waits and says why, whatever is typed; nothing is sent.
    const posts = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/movimientos') && posts.push(r.url()));
    await page.goto(`${server.url}/crearMovimiento/${shop.paciente}`);
    await page.getByRole('heading', { name: 'Crear Movimiento' }).waitFor();
    assert.equal((await page.getByTestId('caja-cerrada').textContent()).trim(), CERRADA);
    const guardar = page.getByRole('button', { name: 'Guardar' });
    const problema = `La caja del ${ddmmyyyy(HOY)} está cerrada: pedí a un administrador que la reabra.`;
    await page.locator('#movimiento-problemas').getByText(problema).waitFor();
    assert.equal(await guardar.getAttribute('aria-describedby'), 'movimiento-problemas');
    await addDetail(page, 'Estuche', '500');
    await addPayment(page, 0, 'Efectivo', '500');
    await page.locator('#monto-0').blur();
    assert.ok(await guardar.isDisabled(), 'Guardar waits on a closed day');
    assert.equal(
      (await page.locator('#movimiento-problemas li').allTextContents()).join(' | '),
      problema,
      'the closed day is the only reason',
    );
    console.log('screenshot:', await screenshot(page, 'cierre-caja-venta-en-dia-cerrado'));
    assert.equal(await page.locator('.swal2-popup').count(), 0, 'no pop-up: the form said it before');
    assert.deepEqual(posts, []);

    // The admin finds it in the closings, opens the day from there and reopens it with a reason.
    const admin = await newPage({ timezoneId: TZ });
    await loginOn(admin, server.url, 'admin', server.adminPassword);
    await admin.goto(`${server.url}/cierreCaja`);
    await admin.getByText('Elegí un local para ver, abrir o cerrar su caja del día.').waitFor();
    await admin.locator('#cajaLocal').selectOption({ label: 'La Cruz' });
    await admin.getByRole('img', { name: 'Diferencias por día' }).locator('svg').first().waitFor();
    const listed = await rowText(admin, 'Cierres de caja', ddmmyyyy(HOY));
    assert.equal(
      listed,
      `${ddmmyyyy(HOY)} | La Cruz | Cerrada | $ 3.000,00 | $ 2.900,00 | -$ 100,00 (Falta) | Vuelto mal dado a un cliente | 0`,
    );
    assert.equal(
      await rowText(admin, 'Cierres de caja', ddmmyyyy(AYER)),
      `${ddmmyyyy(AYER)} | La Cruz | Cerrada | $ 0,00 | $ 50,00 | $ 50,00 (Sobra) | Sobrante sin identificar | 0`,
    );
    console.log('screenshot:', await screenshot(admin, 'cierre-caja-admin'));

    const reabrir = admin.getByRole('button', { name: 'Reabrir caja' });
    assert.ok(await reabrir.isDisabled());
    await admin.getByText('Escribí el motivo de la reapertura.').waitFor();
    await admin.fill('#motivoReapertura', 'Faltó registrar una seña');
    await reabrir.click();
    assert.equal(await admin.locator('.swal2-title').textContent(), '¿Reabrir la caja?');
    await admin.locator('.swal2-confirm').click();
    await admin.locator('.swal2-title', { hasText: 'CAJA REABIERTA' }).waitFor();
    assert.deepEqual(await takeAlert(admin), { title: 'CAJA REABIERTA', text: 'La caja ha sido reabierta!' });
    await estado(admin).getByText('Abierta').waitFor();
    await admin.getByText('Reabierta 1 vez').waitFor();
    await admin.getByText('Motivo de la última reapertura: Faltó registrar una seña').waitFor();
    await admin
      .locator('table[aria-label="Cierres de caja"] tbody tr', { hasText: ddmmyyyy(HOY) })
      .getByText('Abierta', { exact: true })
      .waitFor();
    // The list no longer shows the reason of the closing that was undone, but why it was reopened.
    assert.equal(
      await rowText(admin, 'Cierres de caja', ddmmyyyy(HOY)),
      `${ddmmyyyy(HOY)} | La Cruz | Abierta | $ 3.000,00 | $ 2.900,00 | -$ 100,00 (Falta) | Reabierta: Faltó registrar una seña | 1`,
    );
    console.log('screenshot:', await screenshot(admin, 'cierre-caja-reabierta'));

    // Reopened, the waiting form learns it by itself (it reads a closed day again) and saves what
    // was typed.
    await page.getByTestId('caja-cerrada').waitFor({ state: 'detached', timeout: 30_000 });
    assert.ok(await guardar.isEnabled());
    await guardar.click();
    assert.equal((await takeAlert(page)).title, 'MOVIMIENTO CREADO');
  }));

test('the cash closing fits a phone: the float, the count, the difference and the closings', () =>
  withApp(async ({ server, newPage }) => {
    const shop = await seed(server);
    await sell(server, shop);
    const page = await newPage({ ...PHONE, timezoneId: TZ });
    await loginOn(page, server.url, 'vendedora', 'clave-vendedora');
    await page.goto(`${server.url}/cierreCaja`);
    await page.getByRole('heading', { name: `La Cruz · ${ddmmyyyy(HOY)}` }).waitFor();
    await page.fill('#fondo-1', '1000');
    await page.getByRole('button', { name: 'Abrir caja' }).click();
    await takeAlert(page);
    await page.getByRole('heading', { name: 'Caja abierta con este fondo' }).waitFor();
    await page.getByText(SIN_CONTAR).waitFor();
    assert.equal(await page.locator('.is-invalid').count(), 0, 'no red warning yet');
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390);
    console.log('screenshot:', await screenshot(page, 'telefono-cierre-caja-abierta'));
    await page.fill('#contado-1', '2150,50');
    await page.fill('#contado-2', '800');
    console.log('screenshot:', await screenshot(page, 'telefono-cierre-caja-conteo'));
    await page.getByRole('button', { name: 'Cerrar caja' }).click();
    const asked = page.locator('.swal2-popup');
    await asked.waitFor();
    console.log('screenshot:', await screenshot(page, 'telefono-cierre-caja-confirmar', { fullPage: false }));
    assert.match((await acceptConfirm(page)).text, /^Contado en La Cruz el .*Total: \$ 2\.950,50\./);
    await page.getByRole('alert').getByText('El conteo no coincide con lo esperado').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no sideways scrolling (${width} px)`);
    console.log('screenshot:', await screenshot(page, 'telefono-cierre-caja-diferencia'));
    // The card's expected figure opens its breakdown on the phone as well.
    await page.getByRole('button', { name: /^Ver el detalle de lo esperado en Tarjeta: / }).click();
    await page
      .getByRole('table', { name: 'Detalle de lo esperado en Tarjeta' })
      .getByText('$ 800,00')
      .first()
      .waitFor();
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'the breakdown fits');
    console.log('screenshot:', await screenshot(page, 'telefono-cierre-caja-esperado'));
    await page.fill('#motivo', 'Error de vuelto');
    await closeAsked(page, page.getByRole('button', { name: 'Cerrar caja' }));
    assert.equal((await takeAlert(page)).title, 'CAJA CERRADA');
    await page.locator('table[aria-label="Cierres de caja"] tbody tr', { hasText: ddmmyyyy(HOY) }).waitFor();
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390);
    console.log('screenshot:', await screenshot(page, 'telefono-cierre-caja-cerrada'));

    // On the phone too, the sale form says at once that the day is closed.
    await page.goto(`${server.url}/crearMovimiento/${shop.paciente}`);
    assert.equal((await page.getByTestId('caja-cerrada').textContent()).trim(), CERRADA);
    assert.ok(await page.getByRole('button', { name: 'Guardar' }).isDisabled());
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390);
    console.log('screenshot:', await screenshot(page, 'telefono-venta-caja-cerrada'));
  }));

test("'Imprimir' downloads the closed day's report", () =>
  withApp(async ({ server, newPage }) => {
    const shop = await seed(server);
    const page = await newPage({ timezoneId: TZ });
    await loginOn(page, server.url, 'admin', server.adminPassword);
    await page.goto(`${server.url}/cierreCaja?local=${shop.local}&fecha=${AYER}`);
    await estado(page).getByText('Cerrada').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Imprimir' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), `cierre_caja_${shop.local}_${AYER}.pdf`);
    const bytes = await readFile(await download.path());
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    const out = spawnSync('pdftotext', ['-layout', '-', '-'], { input: bytes });
    if (out.status === 0) {
      const text = out.stdout.toString('utf8').replace(/\s+/g, ' ');
      assert.ok(text.includes('La Cruz'), text);
    }
  }));
