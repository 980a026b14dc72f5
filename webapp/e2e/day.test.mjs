// A branch's whole day, through the screens, as its seller lives it: the day opened with a float,
// a sale through the movement form (two frames and a case, 10% off, cash and card), an old debt
// collected from 'Cuentas corrientes', one frame returned through 'Devolver productos' (the
// estimate the dialog shows must be the refund the server saved: the web's copy of the rule
// matches the server's), the cash list linking the sale and its refund both ways, the same
// dialog on the counter's phone, and the day closed with a counted difference and its reason,
// then printed. A second day returns, piece by piece, a sale that still owes money: the value
// cancels the debt first ('Cuentas corrientes' shows it lower), each refund is the dialog's
// estimate, the last return takes exactly what is left, and a refund's page is only read.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { acceptConfirm, clickToAlert, screenshot, takeAlert } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { armazonYCristales, pago, seeder } from './support/seed.mjs';
import { addDetail, addPayment, addProduct, loginOn, noSideways, rowText } from './support/page.mjs';
import { TZ, dayFromToday, ddmmyyyy } from './support/days.mjs';

const withApp = useApp();

const HOY = dayFromToday(0);
const HACE_45 = dayFromToday(-45);

/** La Cruz with cash and card, a frame at $ 1.000,55 with stock 3, Ana Gómez with a sale 45 days
 * ago of $ 2.000 that still owes $ 1.200, and a seller there. */
async function seed(server) {
  const shop = await seeder(server);
  const local = await shop.laCruz();
  const { efectivo, tarjeta } = await shop.efectivoYTarjeta();
  const producto = await shop.rb2140(local, { precio: 1000.55, stock: 3 });
  const paciente = await shop.patient(local);
  const vieja = await shop.venta(armazonYCristales(local, paciente, efectivo, `${HACE_45}T10:00`));
  await shop.vendedora(local);
  return { shop, local, efectivo, tarjeta, producto, paciente, vieja };
}

/** The cash list's row of movement `id` (found by its 'Editar' button, not by a link to it). */
const listRow = (page, id) =>
  page.locator('tbody tr').filter({ has: page.locator(`a.btn[href="/editarMovimiento/${id}"]`) });

test("a branch's day: float, a sale, an old debt collected, a return, the list, the closing with a difference, its report", () =>
  withApp(async ({ server, newPage }) => {
    const { shop, local, efectivo, tarjeta, producto, paciente, vieja } = await seed(server);
    const page = await newPage({ timezoneId: TZ });
    await loginOn(page, server.url, 'vendedora', 'clave-vendedora');

    // Morning: the day opened with $ 1.000 of cash.
    await page.getByRole('link', { name: 'CIERRE DE CAJA' }).click();
    await page.getByRole('heading', { name: `La Cruz · ${ddmmyyyy(HOY)}` }).waitFor();
    await page.fill(`#fondo-${efectivo}`, '1.000');
    await clickToAlert(page, page.getByRole('button', { name: 'Abrir caja' }), {
      title: 'CAJA ABIERTA',
      text: 'La caja ha sido abierta!',
    });
    await page.getByTestId('estado-caja').getByText('Abierta').waitFor();
    console.log('screenshot:', await screenshot(page, 'dia-apertura'));

    // A sale through the form: 2 × RB2140 at $ 1.000,55 and a case of $ 99, 10% off: $ 1.890,09,
    // paid $ 1.000 cash and $ 890,09 by card.
    await page.goto(`${server.url}/crearMovimiento/${paciente}`);
    await page.getByRole('heading', { name: 'Crear Movimiento' }).waitFor();
    await addProduct(page, 'RB2140', producto);
    await page.fill('#cantidad-0', '2');
    await addDetail(page, 'Estuche', '99');
    await page.fill('#descuento', '10');
    await page.locator('#total').getByText('$ 1.890,09').waitFor();
    await addPayment(page, 0, 'Efectivo', '1000');
    await addPayment(page, 1, 'Tarjeta', '890,09');
    await page.locator('#monto-1').blur();
    console.log('screenshot:', await screenshot(page, 'dia-venta'));
    await page.getByRole('button', { name: 'Guardar' }).click();
    assert.equal((await takeAlert(page)).title, 'MOVIMIENTO CREADO');
    await page.waitForURL('**/adminitrarCaja');
    const saleRow = page.locator('tbody tr', { hasText: '$ 1.890,09' });
    await saleRow.getByRole('link', { name: 'Editar' }).waitFor();
    const venta = Number((await saleRow.getByRole('link', { name: 'Editar' }).getAttribute('href')).split('/').pop());

    // An old debt collected from 'Cuentas corrientes': $ 500 of the $ 1.200, in cash.
    await page.getByRole('link', { name: 'CUENTAS CORRIENTES' }).click();
    await page.getByRole('heading', { name: 'CUENTAS CORRIENTES' }).waitFor();
    await page.getByTestId('total-adeudado').getByText('$ 1.200,00').waitFor();
    await page
      .getByTestId(`saldo-${vieja}`)
      .getByRole('button', { name: /^Cobrar venta / })
      .click();
    await page.locator('#cobroMetodo').selectOption({ label: 'Efectivo' });
    await page.fill('#cobroMonto', '500');
    // The payment's own receipt is told (and printed when asked: here, declined).
    await page.getByRole('dialog').getByRole('button', { name: 'Cobrar', exact: true }).click();
    await page.locator('.swal2-popup').waitFor();
    assert.equal((await page.locator('.swal2-title').textContent()).trim(), 'PAGO REGISTRADO');
    assert.match(
      (await page.locator('.swal2-html-container').textContent()).trim(),
      /^El pago ha sido registrado! Recibo N° \d{4}-\d{8}\.$/,
    );
    await page.locator('.swal2-cancel').click();
    await page.getByTestId('total-adeudado').getByText('$ 700,00').waitFor();
    console.log('screenshot:', await screenshot(page, 'dia-cobro'));

    // One frame comes back: from the sale's page, 'Devolver productos'. Its value is the unit's
    // price less the sale's 10%: 1.000,55 × 0,9 = 900,495, rounded half away from zero: 900,50;
    // the sale owes nothing, so all of it is refunded.
    await page.goto(`${server.url}/editarMovimiento/${venta}`);
    const devoluciones = page.locator('section', { has: page.getByRole('heading', { name: 'Devoluciones' }) });
    await devoluciones.getByText('Esta venta no tiene devoluciones.').waitFor();
    await devoluciones.getByRole('button', { name: 'Devolver productos' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Vendidas 2 · quedan 2').waitFor();
    const devolver = dialog.getByRole('button', { name: 'Devolver', exact: true });
    assert.ok(await devolver.isDisabled());
    await dialog.getByText('Elegí al menos un producto o detalle para devolver.').waitFor();
    await page.fill(`#devolver-${producto}`, '3');
    await dialog.getByText('Del producto RB2140 quedan 2 unidades para devolver.').waitFor();
    assert.ok(await devolver.isDisabled());
    await page.fill(`#devolver-${producto}`, '1');
    assert.ok(await devolver.isEnabled());
    await page.locator('#devolucionMetodo').selectOption({ label: 'Efectivo' });
    const estimate = (await dialog.getByTestId('devolucion-estimada').locator('strong').textContent()).trim();
    assert.equal(estimate, 'Reintegro: $ 900,50');
    console.log('screenshot:', await screenshot(page, 'dia-devolucion', { fullPage: false }));
    await clickToAlert(page, devolver, {
      title: 'DEVOLUCIÓN REGISTRADA',
      text: 'La devolución ha sido registrada! Reintegro: $ 900,50.',
    });
    await devoluciones.getByTestId('devuelto').getByText('RB2140 (Ray-Ban): 1 de 2').waitFor();
    const refundLink = devoluciones.getByRole('link', { name: /^Devolución #\d+$/ });
    const reintegro = Number((await refundLink.getAttribute('href')).split('/').pop());
    await devoluciones.getByText(/Reintegro \$ 900,50/).waitFor();

    // The server saved the same refund the dialog estimated: a SALIDA of that sale, in cash.
    const saved = await server.api('GET', `/api/movimientos/${reintegro}`, shop.token);
    assert.equal(saved.status, 200);
    assert.equal(saved.body.tipoMovimiento, 'SALIDA');
    assert.equal(saved.body.devolucionDe, venta);
    assert.equal(`Reintegro: $ ${saved.body.total.toFixed(2).replace('.', ',')}`, estimate);
    assert.deepEqual(
      saved.body.cajaMovimientos.map((p) => [p.metodoPago?.id, p.monto]),
      [[efectivo, saved.body.total]],
    );
    const sale = await server.api('GET', `/api/movimientos/${venta}`, shop.token);
    assert.deepEqual(sale.body.devoluciones, [reintegro]);
    assert.deepEqual(sale.body.devuelto, {
      productos: [{ productoId: producto, cantidad: 1 }],
      adicionales: [],
      valor: 900.5,
      credito: 0,
    });
    // The frame is back in the branch's stock: 3 − 2 sold + 1 returned.
    const stock = await server.api('GET', `/api/productos/${producto}`, shop.token);
    assert.equal(stock.body.productoLocales.find((l) => l.local.id === local).stock, 2);
    console.log('screenshot:', await screenshot(page, 'dia-venta-con-devolucion'));

    // The refund's page names the sale.
    await refundLink.click();
    await page.waitForURL(`**/editarMovimiento/${reintegro}`);
    const notice = page.getByTestId('devolucion-de');
    // By the number on the customer's receipt.
    await notice.getByText(`Devolución de la venta ${sale.body.comprobante}:`, { exact: false }).waitFor();
    assert.equal(
      await notice.getByRole('link', { name: sale.body.comprobante }).getAttribute('href'),
      `/editarMovimiento/${venta}`,
    );

    // The cash list links them both ways.
    await page.getByRole('link', { name: 'CAJA', exact: true }).click();
    await page.getByRole('heading', { name: 'LISTADO DE MOVIMIENTOS' }).waitFor();
    const refundRow = listRow(page, reintegro);
    await refundRow.getByRole('link', { name: `Devolución de ${sale.body.comprobante}` }).waitFor();
    assert.equal(
      await refundRow.getByRole('link', { name: `Devolución de ${sale.body.comprobante}` }).getAttribute('href'),
      `/editarMovimiento/${venta}`,
    );
    const soldRow = listRow(page, venta);
    await soldRow.getByText('Con devolución').waitFor();
    assert.equal(
      await soldRow.getByRole('link', { name: `Devolución #${reintegro}` }).getAttribute('href'),
      `/editarMovimiento/${reintegro}`,
    );
    console.log('screenshot:', await screenshot(page, 'dia-caja'));

    // The counter's phone: the same dialog fits 390 px without sideways scrolling.
    const phone = await newPage({ ...PHONE, timezoneId: TZ });
    await loginOn(phone, server.url, 'vendedora', 'clave-vendedora');
    await phone.goto(`${server.url}/editarMovimiento/${venta}`);
    await phone.getByRole('button', { name: 'Devolver productos' }).click();
    await phone.getByRole('dialog').getByText('Vendidas 2 · quedan 1').waitFor();
    await phone.fill(`#devolver-${producto}`, '1');
    await phone.getByRole('dialog').getByText('Reintegro: $ 900,50').waitFor();
    await noSideways(phone, 'the phone');
    console.log('screenshot:', await screenshot(phone, 'dia-devolucion-telefono', { fullPage: false }));
    await phone.keyboard.press('Escape');
    await phone.getByRole('dialog').waitFor({ state: 'detached' });

    // Evening: the blind count, short by $ 9,50 of cash. Expected cash: the float 1.000 + the
    // sale's 1.000 + the collected 500 − the refund 900,50 = 1.599,50; card: 890,09.
    await page.getByRole('link', { name: 'CIERRE DE CAJA' }).click();
    await page.getByRole('heading', { name: 'Conteo a ciegas' }).waitFor();
    await page.fill(`#contado-${efectivo}`, '1.590');
    await page.fill(`#contado-${tarjeta}`, '890,09');
    const cerrar = page.getByRole('button', { name: 'Cerrar caja' });
    // Asked first, with what was counted.
    await cerrar.click();
    assert.deepEqual(await acceptConfirm(page), {
      title: '¿Cerrar la caja?',
      text:
        `Contado en La Cruz el ${ddmmyyyy(HOY)}: Efectivo $ 1.590,00, Tarjeta $ 890,09. Total: $ 2.480,09. ` +
        'Si coincide con lo esperado, la caja se cierra y no se podrán registrar más movimientos de ese día; si no, vas a ver la diferencia.',
    });
    await page.getByRole('alert').getByText('El conteo no coincide con lo esperado').waitFor();
    assert.equal(
      await rowText(page, 'Resultado del conteo', 'Efectivo'),
      'Efectivo | $ 1.000,00 | $ 1.599,50 | $ 1.590,00 | -$ 9,50 (Falta)',
    );
    assert.equal(
      await rowText(page, 'Resultado del conteo', 'Tarjeta'),
      'Tarjeta | $ 0,00 | $ 890,09 | $ 890,09 | $ 0,00 (Cuadra)',
    );
    await page.fill('#motivo', 'Vuelto mal dado en la devolución');
    await cerrar.click();
    assert.equal((await acceptConfirm(page)).title, '¿Cerrar la caja?');
    assert.deepEqual(await takeAlert(page), { title: 'CAJA CERRADA', text: 'La caja ha sido cerrada!' });
    await page.getByTestId('estado-caja').getByText('Cerrada').waitFor();
    await page.getByText('Motivo de la diferencia: Vuelto mal dado en la devolución').waitFor();
    console.log('screenshot:', await screenshot(page, 'dia-cierre'));

    // The day's report.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Imprimir' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), `cierre_caja_${local}_${HOY}.pdf`);
    const bytes = await readFile(await download.path());
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    const out = spawnSync('pdftotext', ['-layout', '-', '-'], { input: bytes });
    assert.equal(out.status, 0, 'pdftotext could not read the report');
    const text = out.stdout.toString('utf8').replace(/\s+/g, ' ');
    for (const expected of [
      'Local: La Cruz',
      `Fecha: ${ddmmyyyy(HOY)}`,
      'Estado: Cerrada',
      'Esperado: $ 1.599,50',
      'Contado: $ 1.590,00',
      'Diferencia: -$ 9,50',
      'Vuelto mal dado en la devolución',
    ]) {
      assert.ok(text.includes(expected), `${expected} in ${text}`);
    }
  }));

test('returns of a sale that still owes: the debt is cancelled first, each refund is the estimate, the last takes what is left', () =>
  withApp(async ({ server, newPage }) => {
    const { shop, local, efectivo, producto, paciente } = await seed(server);
    const opened = await server.api('POST', `/api/caja/${local}/${HOY}/apertura`, shop.token, {
      fondo: [{ metodoPagoId: efectivo, monto: 1000 }],
    });
    assert.ok([200, 201].includes(opened.status), JSON.stringify(opened.body));
    // Today's sale: 2 × RB2140 at $ 1.000,55 and a case of $ 99, 10% off: $ 1.890,09; paid
    // $ 500 in cash, it owes $ 1.390,09.
    const fecha = `${HOY}T09:30`;
    const venta = await shop.venta({
      local,
      paciente,
      fecha,
      descuento: 10,
      total: 1890.09,
      detalles: [{ cantidad: 2, precioUnitario: 1000.55, subtotal: 2001.1, producto: { id: producto } }],
      adicionales: [{ descripcion: 'Estuche', subtotal: 99 }],
      pagos: [pago(efectivo, 500, fecha)],
    });
    const page = await newPage({ timezoneId: TZ });
    await loginOn(page, server.url, 'vendedora', 'clave-vendedora');

    const cuentas = async (total) => {
      await page.getByRole('link', { name: 'CUENTAS CORRIENTES' }).click();
      await page.getByRole('heading', { name: 'CUENTAS CORRIENTES' }).waitFor();
      await page.getByTestId('total-adeudado').getByText(total).waitFor();
    };
    const deudaDe = async (id) =>
      (await page.getByTestId(`saldo-${id}`).locator('td[data-label="Deuda"]').textContent()).trim();
    // The old sale owes $ 1.200, today's $ 1.390,09.
    await cuentas('$ 2.590,09');
    assert.equal(await deudaDe(venta), '$ 1.390,09');

    const devoluciones = page.locator('section', { has: page.getByRole('heading', { name: 'Devoluciones' }) });
    const dialog = page.getByRole('dialog');
    const estimado = async () => (await dialog.getByTestId('devolucion-estimada').innerText()).replace(/\s+/g, ' ');
    const refundLinks = devoluciones.getByRole('link', { name: /^Devolución #\d+$/ });
    /** Registers the return in the dialog; answers the refund the server saved (the sale's
     * refunds are listed in order, the new one last). */
    const devolver = async (reintegro) => {
      const before = await refundLinks.count();
      await clickToAlert(page, dialog.getByRole('button', { name: 'Devolver', exact: true }), {
        title: 'DEVOLUCIÓN REGISTRADA',
        text: `La devolución ha sido registrada! Reintegro: ${reintegro}.`,
      });
      await dialog.waitFor({ state: 'detached' });
      const link = refundLinks.nth(before);
      const id = Number((await link.getAttribute('href')).split('/').pop());
      const saved = await server.api('GET', `/api/movimientos/${id}`, shop.token);
      assert.equal(saved.status, 200);
      assert.equal(saved.body.devolucionDe, venta);
      return { id, ...saved.body };
    };
    const pesos = (n) =>
      `$ ${n
        .toFixed(2)
        .replace('.', ',')
        .replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

    // One frame: 1.000,55 less 10% is 900,50, all of it cancels debt: nothing is paid back.
    await page.goto(`${server.url}/editarMovimiento/${venta}`);
    await devoluciones.getByRole('button', { name: 'Devolver productos' }).click();
    await page.fill(`#devolver-${producto}`, '1');
    assert.equal(
      await estimado(),
      'Reintegro: $ 0,00 $ 900,50 cancelan lo que la venta debía. Estimado con los precios de la venta y su descuento; el servidor lo confirma al registrar.',
    );
    console.log('screenshot:', await screenshot(page, 'dia-devolucion-con-deuda', { fullPage: false }));
    const primera = await devolver('$ 0,00');
    assert.equal(pesos(primera.total), '$ 0,00');
    assert.deepEqual(primera.cajaMovimientos, []);
    // The sale's form opened again with the sale as the return left it.
    await page
      .getByTestId('movimiento-bloqueado')
      .getByText('La venta tiene devoluciones: sus productos, detalles, descuento y total no se pueden cambiar.', {
        exact: false,
      })
      .waitFor();
    assert.equal((await page.locator('#deuda').textContent()).trim(), '$ 489,59');
    await cuentas('$ 1.689,59');
    assert.equal(await deudaDe(venta), '$ 489,59');
    console.log('screenshot:', await screenshot(page, 'dia-cuentas-tras-devolucion'));

    // The other frame: 900,50 again; 489,59 cancel what is still owed, 410,91 go back in cash.
    await page.goto(`${server.url}/editarMovimiento/${venta}`);
    await devoluciones.getByRole('button', { name: 'Devolver productos' }).click();
    await dialog.getByText('Vendidas 2 · quedan 1').waitFor();
    await page.fill(`#devolver-${producto}`, '1');
    await page.locator('#devolucionMetodo').selectOption({ label: 'Efectivo' });
    assert.match(await estimado(), /^Reintegro: \$ 410,91 \$ 489,59 cancelan lo que la venta debía\./);
    const segunda = await devolver('$ 410,91');
    assert.equal(pesos(segunda.total), '$ 410,91');
    assert.deepEqual(
      segunda.cajaMovimientos.map((p) => [p.metodoPago?.id, p.monto]),
      [[efectivo, 410.91]],
    );

    // The case completes the sale: it takes what is left, 1.890,09 − 2 × 900,50 = 89,09 (its own
    // 99 less 10% would be 89,10).
    await devoluciones.getByRole('button', { name: 'Devolver productos' }).click();
    await page.getByLabel('Estuche · $ 99,00').check();
    assert.match(await estimado(), /^Reintegro: \$ 89,09 Estimado/);
    const tercera = await devolver('$ 89,09');
    assert.equal(pesos(tercera.total), '$ 89,09');
    await devoluciones.getByText('Ya se devolvió todo lo de esta venta.').waitFor();
    const sale = await server.api('GET', `/api/movimientos/${venta}`, shop.token);
    assert.deepEqual(sale.body.devuelto, {
      productos: [{ productoId: producto, cantidad: 2 }],
      adicionales: [0],
      valor: 1890.09,
      credito: 1390.09,
    });
    assert.equal(sale.body.deuda, 0);

    // Without reading the page again, the form saves a new state: it holds the sale's version
    // after the returns, and its payments still cover what was refunded (500 = 410,91 + 89,09).
    // What was sold is shown, not changed: no quantities to type, the discount disabled.
    assert.equal(await page.locator('#cantidad-0').count(), 0);
    assert.ok(await page.locator('#descuento').isDisabled());
    assert.ok(await page.locator('#tipoMovimiento').isDisabled());
    console.log('screenshot:', await screenshot(page, 'dia-venta-devuelta'));
    await page.locator('#estadoMovimiento').selectOption('ENTREGADO');
    await page.getByRole('button', { name: 'Guardar' }).click();
    assert.equal((await takeAlert(page)).title, 'MOVIMIENTO ACTUALIZADO');
    await page.waitForURL('**/adminitrarCaja');
    const entregada = await server.api('GET', `/api/movimientos/${venta}`, shop.token);
    assert.equal(entregada.body.estadoMovimiento, 'ENTREGADO');

    // Nothing owed any more: only the old sale is left.
    await cuentas('$ 1.200,00');
    assert.equal(await page.getByTestId(`saldo-${venta}`).count(), 0);

    // A refund's page is only read.
    await page.goto(`${server.url}/editarMovimiento/${segunda.id}`);
    await page
      .getByTestId('movimiento-bloqueado')
      .getByText('Una devolución no se edita ni se elimina: registrá un nuevo movimiento para corregirla.')
      .waitFor();
    const vendida = await server.api('GET', `/api/movimientos/${venta}`, shop.token);
    await page
      .getByTestId('devolucion-de')
      .getByText(`Devolución de la venta ${vendida.body.comprobante}:`, { exact: false })
      .waitFor();
    assert.equal(await page.getByRole('button', { name: 'Guardar' }).count(), 0);
    for (const field of ['#tipoMovimiento', '#descripcion', '#total', '#monto-0', '#vendedor']) {
      assert.ok(await page.locator(field).isDisabled(), `${field} is disabled`);
    }
    assert.ok(await page.getByRole('button', { name: 'Agregar pago' }).isDisabled());
    console.log('screenshot:', await screenshot(page, 'dia-reintegro-solo-lectura'));
  }));
