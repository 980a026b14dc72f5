// Stock beyond sales through the screens, against the real server: an admin sends 3
// frames from Centro to Norte; the catalogue shows them in transit at Norte; Norte's seller
// receives 2 with the shortfall's reason; the list says 'Recibida con faltante', Norte has 2 and
// Centro 3 less. An admin adjusts Centro's stock for 'Rotura' with a note and the stock ledger
// shows it beside the transfer; a reorder point puts the product in 'Reponer', whose Excel
// downloads. Also the seller's screens on a 390 px phone without sideways scrolling.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { clickToAlert, screenshot, takeAlert } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { seeder } from './support/seed.mjs';
import { cellsOf, loginOn, noSideways } from './support/page.mjs';
import { TZ, dayFromToday } from './support/days.mjs';

const withApp = useApp();

/** The shop's time zone (the server's OPTICA_TIMEZONE default): the workbook's day is the same. */
const HOY = dayFromToday(0);

/** Centro with 10 × RB2140, Norte without it, and a seller at Norte. */
async function seed(server) {
  const shop = await seeder(server);
  const centro = await shop.local({ nombre: 'Centro', direccion: 'Mitre 100', celular: '1' });
  const norte = await shop.local({ nombre: 'Norte', direccion: 'Ruta 12 km 3', celular: '2' });
  const producto = await shop.rb2140(centro, { precio: 1000, stock: 10, costo: 400 });
  await shop.seller('norte', 'clave-norte', norte);
  return { shop, centro, norte, producto };
}

/** A branch's stock and what is on its way there, as the server answers the product. */
async function stockAt(server, token, producto, localId) {
  const answer = await server.api('GET', `/api/productos/${producto}`, token);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const row = answer.body.productoLocales.find((s) => s.local.id === localId);
  return { stock: row?.stock ?? null, enTransito: row?.enTransito ?? 0 };
}

test('a transfer sent, received short, an adjustment in the ledger, and the reorder list with its Excel', () =>
  withApp(async ({ server, page, login, open, newPage }) => {
    const { shop, centro, norte, producto } = await seed(server);
    await login('admin', server.adminPassword);

    // The admin sends 3 frames from Centro to Norte through the screen; 11 are refused first.
    await page.getByRole('link', { name: 'TRANSFERENCIAS' }).click();
    await page.getByRole('heading', { name: 'TRANSFERENCIAS' }).waitFor();
    await page.getByText('No hay transferencias.').waitFor();
    await page.getByRole('link', { name: 'Nueva transferencia' }).click();
    await page.getByRole('heading', { name: 'NUEVA TRANSFERENCIA' }).waitFor();
    await page.locator('#transferenciaOrigen').selectOption({ label: 'Centro' });
    await page.locator('#transferenciaDestino').selectOption({ label: 'Norte' });
    await page.fill('#transferenciaModelo', 'RB2140');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('Stock en Centro: 10').waitFor();
    await page.getByRole('button', { name: 'Agregar RB2140' }).click();
    const enviar = page.getByRole('button', { name: 'Enviar' });
    await page.getByLabel('Cantidad de RB2140').fill('11');
    await page.getByText('Stock insuficiente para el producto: RB2140').waitFor();
    assert.ok(await enviar.isDisabled());
    await page.getByLabel('Cantidad de RB2140').fill('3');
    await page.fill('#transferenciaNota', 'Para la vidriera de Norte');
    assert.ok(await enviar.isEnabled());
    console.log('screenshot:', await screenshot(page, 'stock-transferencia-nueva'));
    await clickToAlert(page, enviar, {
      title: 'TRANSFERENCIA ENVIADA',
      text: 'La transferencia ha sido enviada!',
    });
    await page.waitForURL(/\/transferencias\/\d+$/);
    const id = Number(page.url().split('/').at(-1));
    await page.getByRole('heading', { name: `Transferencia #${id}` }).waitFor();
    await page.getByTestId('estado').getByText('Enviada').waitFor();
    assert.deepEqual(await stockAt(server, shop.token, producto, centro), { stock: 7, enTransito: 0 });
    assert.deepEqual(await stockAt(server, shop.token, producto, norte), { stock: 0, enTransito: 3 });

    // The catalogue shows the 3 in transit at Norte.
    await open('/productos/page/0');
    const fila = page.locator('tbody tr', { hasText: 'RB2140' });
    await fila.getByText('En tránsito: 3').waitFor();
    const stock = (await fila.locator('td[data-label="Stock"] li').allTextContents()).map((t) => t.trim());
    assert.deepEqual(stock, ['Centro: 7', 'Norte: 0En tránsito: 3']);
    console.log('screenshot:', await screenshot(page, 'stock-catalogo-en-transito'));

    // Norte's seller receives 2 of the 3, with the shortfall's reason, through the screen.
    const vendedor = await newPage({ timezoneId: TZ });
    await loginOn(vendedor, server.url, 'norte', 'clave-norte');
    await vendedor.getByRole('link', { name: 'TRANSFERENCIAS' }).click();
    const fila7 = vendedor.getByTestId(`transferencia-${id}`);
    assert.deepEqual((await cellsOf(fila7)).slice(2), ['Centro', 'Norte', '3', 'Enviada', 'Ver']);
    await vendedor.getByRole('link', { name: `Ver transferencia #${id}` }).click();
    const recibidas = vendedor.getByLabel('Recibidas de RB2140');
    assert.equal(await recibidas.inputValue(), '3');
    await recibidas.fill('2');
    const recibir = vendedor.getByRole('button', { name: 'Recibir' });
    await vendedor.getByText('Recibir menos de lo enviado necesita el motivo del faltante.').waitFor();
    assert.ok(await recibir.isDisabled());
    await vendedor.fill('#recepcionMotivo', 'Un armazón llegó roto');
    console.log('screenshot:', await screenshot(vendedor, 'stock-transferencia-recepcion'));
    await clickToAlert(vendedor, recibir, {
      title: 'TRANSFERENCIA RECIBIDA',
      text: 'La transferencia ha sido recibida!',
    });
    await vendedor.getByTestId('estado').getByText('Recibida con faltante').waitFor();
    await vendedor.getByText('Un armazón llegó roto').waitFor();
    await vendedor.getByRole('link', { name: 'Volver' }).click();
    await vendedor.getByTestId(`transferencia-${id}`).getByText('Recibida con faltante').waitFor();
    console.log('screenshot:', await screenshot(vendedor, 'stock-transferencias-lista'));
    assert.deepEqual(await stockAt(server, shop.token, producto, norte), { stock: 2, enTransito: 0 });
    assert.deepEqual(await stockAt(server, shop.token, producto, centro), { stock: 7, enTransito: 0 });

    // The admin adjusts Centro's stock for 'Rotura' with a note; the ledger shows it and the transfer.
    await open(`/editarProducto/${producto}`);
    const centroFila = page.getByTestId(`stock-local-${centro}`);
    await centroFila.getByRole('button', { name: 'Ajustar stock en Centro' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Stock actual: 7').waitFor();
    await dialog.getByLabel('Motivo').selectOption({ label: 'Rotura' });
    await dialog.getByText('«Rotura» solo resta stock').waitFor();
    await page.fill('#ajusteCantidad', '1');
    await dialog.getByText('«Rotura» resta stock: la cantidad debe ser negativa').waitFor();
    await page.fill('#ajusteCantidad', '-1');
    await page.fill('#ajusteNota', 'Se cayó del exhibidor');
    console.log('screenshot:', await screenshot(page, 'stock-ajuste'));
    await clickToAlert(page, dialog.getByRole('button', { name: 'Ajustar' }), {
      title: 'STOCK AJUSTADO',
      text: 'El stock ha sido ajustado!',
    });
    // The form above opened before the change (its save would be refused as stale): the panel says so.
    await page.getByText('El formulario de arriba muestra el producto como estaba al abrirlo').waitFor();
    assert.deepEqual((await cellsOf(centroFila)).slice(0, 3), ['Centro', '6', '—']);
    const libro = page.getByRole('table', { name: 'Libro de stock' });
    const rotura = libro.locator('tbody tr', { hasText: 'Rotura' });
    await rotura.waitFor();
    assert.deepEqual((await cellsOf(rotura)).slice(1, 7), ['Centro', 'Rotura', '-1', '6', '', 'Se cayó del exhibidor']);
    // The transfer's rows: 3 out of Centro, 2 into Norte (the shortfall entered no branch).
    const transferencia = libro.locator('tbody tr', { hasText: `Transferencia #${id}` });
    assert.equal(await transferencia.count(), 2);
    const row = async (n) => (await cellsOf(transferencia.nth(n))).slice(1, 6);
    assert.deepEqual(await row(0), ['Centro', 'Transferencia', '-3', '7', `Transferencia #${id}`]);
    assert.deepEqual(await row(1), ['Norte', 'Transferencia', '+2', '2', `Transferencia #${id}`]);
    console.log('screenshot:', await screenshot(page, 'stock-libro'));

    // A reorder point at Norte (2 in stock, point 5) puts the product in 'Reponer'.
    const norteFila = page.getByTestId(`stock-local-${norte}`);
    await norteFila.getByLabel('Punto de pedido en Norte', { exact: true }).fill('5');
    await clickToAlert(page, norteFila.getByRole('button', { name: 'Guardar punto de pedido en Norte' }), {
      title: 'PUNTO DE PEDIDO GUARDADO',
      text: 'El punto de pedido ha sido guardado!',
    });
    console.log('screenshot:', await screenshot(page, 'stock-producto-locales'));
    await page.getByRole('link', { name: 'REPONER' }).click();
    await page.getByRole('heading', { name: 'REPONER' }).waitFor();
    await page.getByText('Elegí el local para ver qué hay que reponer.').waitFor();
    await page.locator('#reponerLocal').selectOption({ label: 'Norte' });
    const aReponer = page.getByTestId(`reponer-${producto}`);
    await aReponer.waitFor();
    // 2 in stock at a point of 5: 4 to order (one above the point).
    assert.deepEqual(await cellsOf(aReponer), ['RB2140', 'Ray-Ban', '2', '0', '5', '4', 'Opti', '$ 400,00']);
    console.log('screenshot:', await screenshot(page, 'stock-reponer'));
    // At Bootstrap's lg width the admin's menu, with its two new entries, wraps instead of
    // scrolling sideways.
    await page.setViewportSize({ width: 992, height: 800 });
    const ancho = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(ancho <= 992, `the menu fits 992 px (${ancho} px)`);
    console.log('screenshot:', await screenshot(page, 'stock-menu-992', { fullPage: false }));
    await page.setViewportSize({ width: 1280, height: 800 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar Excel' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), `reponer_norte_${HOY}.xlsx`);
    const bytes = await readFile(await download.path());
    assert.equal(bytes.subarray(0, 2).toString(), 'PK');
    assert.deepEqual(await takeAlert(page), { title: 'ÉXITO', text: 'El Excel se ha descargado correctamente.' });

    // Norte's seller sees their own list, without choosing the branch.
    await vendedor.getByRole('link', { name: 'REPONER' }).click();
    assert.deepEqual((await cellsOf(vendedor.getByTestId(`reponer-${producto}`))).slice(0, 6), [
      'RB2140',
      'Ray-Ban',
      '2',
      '0',
      '5',
      '4',
    ]);
  }));

test("on a phone the seller's transfer, its receipt and 'Reponer' fit without sideways scrolling", () =>
  withApp(async ({ server, newPage }) => {
    const { shop, centro, norte, producto } = await seed(server);
    const sent = await server.api('POST', '/api/transferencias', shop.token, {
      origenId: centro,
      destinoId: norte,
      lineas: [{ productoId: producto, cantidad: 2 }],
      nota: 'Reposición de la semana para la vidriera del local Norte',
    });
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
    const id = sent.body.transferencia.id;
    const minimo = await server.api('PUT', `/api/productos/${producto}/minimo`, shop.token, {
      localId: norte,
      minimo: 4,
    });
    assert.equal(minimo.status, 200, JSON.stringify(minimo.body));

    const phone = await newPage({ ...PHONE, timezoneId: TZ });
    await loginOn(phone, server.url, 'norte', 'clave-norte');
    await phone.goto(`${server.url}/transferencias`);
    await phone.getByTestId(`transferencia-${id}`).getByText('Enviada').waitFor();
    await noSideways(phone, 'transferencias');
    console.log('screenshot:', await screenshot(phone, 'stock-telefono-transferencias'));

    await phone.getByRole('link', { name: `Ver transferencia #${id}` }).click();
    await phone.getByLabel('Recibidas de RB2140').fill('1');
    await phone.getByText('Recibir menos de lo enviado necesita el motivo del faltante.').waitFor();
    await noSideways(phone, 'recepción');
    console.log('screenshot:', await screenshot(phone, 'stock-telefono-recepcion'));

    // Nothing received yet: Norte has none and 2 on their way, at or below the point of 4; the
    // server asks for one more than the point (3 to order).
    await phone.goto(`${server.url}/reponer`);
    assert.deepEqual((await cellsOf(phone.getByTestId(`reponer-${producto}`))).slice(0, 6), [
      'RB2140',
      'Ray-Ban',
      '0',
      '2',
      '4',
      '3',
    ]);
    await noSideways(phone, 'reponer');
    console.log('screenshot:', await screenshot(phone, 'stock-telefono-reponer'));
  }));
