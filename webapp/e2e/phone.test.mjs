// A phone at the counter: 390 px wide, the seller's screens fit without sideways
// scrolling, the menu collapses behind its toggler, the carousel's dots stay off the caption and
// the customers' WhatsApp button is not there to cover the form buttons.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot, takeAlert } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { pago, seeder } from './support/seed.mjs';

const withApp = useApp();

async function seed(server) {
  const shop = await seeder(server);
  const local = await shop.laCruz();
  const efectivo = await shop.metodoPago('Efectivo');
  await shop.rb2140(local, {
    precio: 359999.96,
    descripcion: 'Acetato negro, lentes verdes G-15, estuche y paño. '.repeat(5).slice(0, 255),
    stock: 3,
  });
  // A sale paid two ways that still owes, and an expense: the list's columns must fit a phone.
  const tarjeta = await shop.metodoPago('Tarjeta de crédito');
  const paciente = await shop.patient(local, 'María José Gómez Ruiz', '3772 400400');
  await shop.venta({
    local,
    paciente,
    fecha: '2026-11-10T11:00',
    descripcion: 'Anteojo multifocal con antirreflejo y filtro azul, entrega en diez días',
    total: 450000,
    adicionales: [{ descripcion: 'Armazón y cristales multifocales', subtotal: 450000 }],
    pagos: [pago(efectivo, 200000, '2026-11-10T11:00'), pago(tarjeta, 150000.5, '2026-11-10T11:05')],
  });
  await shop.gasto(local, 'Pago de luz de noviembre', 35500, efectivo, '2026-11-12T09:00');
  await shop.vendedora(local);
}

/** The page is no wider than the phone: nothing to scroll sideways. */
async function fits(page, what) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `${what}: the page is ${width} px wide on a 390 px phone`);
}

/** The element lies within the phone's width, readable without scrolling sideways. */
async function onScreen(locator, what) {
  const box = await locator.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `${what} is off the screen: ${JSON.stringify(box)}`);
}

/** Opens a screen through the collapsed menu, which closes again once the screen is chosen. */
async function throughMenu(page, entry, dropdown) {
  const toggler = page.getByRole('button', { name: 'Abrir el menú' });
  assert.ok(await toggler.isVisible(), 'the menu collapses behind its toggler');
  assert.ok(
    !(await page.getByRole('link', { name: 'CAJA', exact: true }).isVisible()),
    'menu entries hidden until opened',
  );
  await toggler.click();
  if (dropdown) await page.getByRole('button', { name: dropdown }).click();
  await page.getByRole('link', { name: entry, exact: true }).click();
  await page.getByRole('button', { name: 'Abrir el menú' }).waitFor();
}

test('a seller works the counter on a 390 px phone: login, catalogue, sale, list and patient', () =>
  withApp(async ({ server, newPage }) => {
    await seed(server);
    const page = await newPage(PHONE);
    const open = (path) => page.goto(`${server.url}${path}`);

    // The public landing: the carousel's dots sit below the slide and its caption.
    await open('/inicio');
    const carousel = page.getByTestId('carousel');
    await carousel.locator('.carousel-item.active img').waitFor();
    const slide = await carousel.locator('.carousel-item.active img').boundingBox();
    const dots = await carousel.locator('.carousel-indicators').boundingBox();
    assert.ok(dots.y >= slide.y + slide.height, 'the dots are below the slide, off its caption');
    await fits(page, 'inicio');
    console.log('screenshot:', await screenshot(page, 'telefono-inicio'));

    await open('/login');
    await page.getByRole('heading', { name: 'Iniciar Sesión' }).waitFor();
    await fits(page, 'login');
    console.log('screenshot:', await screenshot(page, 'telefono-login'));
    await page.fill('#username', 'vendedora');
    await page.fill('#password', 'clave-vendedora');
    await page.click('button[type=submit]');
    assert.equal((await takeAlert(page)).text, 'Hola vendedora,has iniciado sesión correctamente');

    // The catalogue: one card, money as es-AR writes it, the long description cut to three lines.
    await page.getByRole('heading', { name: 'NUESTRO CATÁLOGO' }).waitFor();
    const row = page.locator('tbody tr', { hasText: 'RB2140' });
    await row.getByText('$ 359.999,96', { exact: true }).waitFor();
    // On a phone each product is a card, one line per column: the description still three lines.
    const rowHeight = (await row.boundingBox()).height;
    assert.ok(rowHeight < 300, `a 255-character description makes the card ${rowHeight} px tall`);
    const descriptionHeight = (await row.getByTestId('descripcion').boundingBox()).height;
    assert.ok(descriptionHeight < 80, `the description is ${descriptionHeight} px tall, more than three lines`);
    await onScreen(row.getByText('$ 359.999,96', { exact: true }), 'the price');
    await onScreen(row.getByTestId('descripcion'), 'the description');
    await fits(page, 'catálogo');
    console.log('screenshot:', await screenshot(page, 'telefono-catalogo'));

    // The menu opens over the page and closes once a screen is chosen.
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    await page.getByRole('link', { name: 'CAJA', exact: true }).waitFor();
    const menuHeight = (await page.getByRole('navigation', { name: 'Menú principal' }).boundingBox()).height;
    console.log('screenshot:', await screenshot(page, 'telefono-menu'));
    await page.getByRole('button', { name: 'Cerrar el menú' }).click();
    const closed = (await page.getByRole('navigation', { name: 'Menú principal' }).boundingBox()).height;
    assert.ok(closed < menuHeight && closed < 80, `the closed menu is one row (${closed} px)`);

    // The movement list, then a new movement from it.
    await throughMenu(page, 'CAJA');
    await page.getByRole('heading', { name: 'LISTADO DE MOVIMIENTOS' }).waitFor();
    // One row per movement, the sale's two payments inside its row, its description and debt (and
    // the expense's) readable on the phone's width.
    const rows = page.locator('table tbody tr');
    const venta = rows.filter({ hasText: 'Anteojo multifocal' });
    await venta.waitFor();
    assert.equal(await rows.count(), 2, 'one row per movement');
    assert.deepEqual(await venta.getByRole('listitem').allTextContents(), [
      'Efectivo: $ 200.000,00 — 10/11/2026 11:00',
      'Tarjeta de crédito: $ 150.000,50 — 10/11/2026 11:05',
    ]);
    await onScreen(venta.getByText('Anteojo multifocal con antirreflejo', { exact: false }), 'the description');
    await onScreen(venta.getByText('$ 99.999,50', { exact: true }), 'the debt');
    await onScreen(venta.getByText('$ 450.000,00', { exact: true }), 'the total');
    await onScreen(venta.getByText('María José Gómez Ruiz', { exact: true }), 'the patient');
    const gasto = rows.filter({ hasText: 'Pago de luz de noviembre' });
    await onScreen(gasto.getByText('Pago de luz de noviembre', { exact: true }), "the expense's description");
    await onScreen(gasto.getByText('$ 35.500,00', { exact: true }).first(), "the expense's total");
    await onScreen(venta.getByRole('link', { name: 'Editar' }), 'Editar');
    await fits(page, 'listado de movimientos');
    console.log('screenshot:', await screenshot(page, 'telefono-listado'));
    await page
      .getByRole('link', { name: /Crear movimiento/i })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Crear Movimiento' }).waitFor();
    // The date as Argentina writes it, with its calendar button beside it.
    assert.match(await page.inputValue('#fecha'), /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await onScreen(page.getByRole('button', { name: 'Elegir en el calendario' }), 'the calendar button');
    await page.locator('#tipoMovimiento').selectOption('ENTRADA');
    await page.fill('#buscarModelo', 'RB2140');
    await page.locator('form[aria-label="Buscar por modelo"]').getByRole('button', { name: 'Buscar' }).click();
    await page.locator('#productoEncontrado option', { hasText: 'RB2140' }).waitFor({ state: 'attached' });
    await page.locator('#productoEncontrado').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Agregar producto' }).click();
    await page.getByRole('button', { name: 'Agregar pago' }).click();
    await page.fill('#monto-0', '1.000,50');
    // The product's subtotal and the payment's method, amount and date in sight, not cut.
    const lineas = page.getByRole('table', { name: 'Detalles de productos' });
    await onScreen(lineas.getByRole('button', { name: 'Quitar RB2140' }), 'Quitar');
    const metodo = page.locator('#metodoPago-0');
    await onScreen(metodo, 'the payment method');
    assert.ok((await metodo.boundingBox()).width >= 150, 'the payment method is wide enough to read');
    await onScreen(page.locator('#montoImpuesto-0'), 'the amount with surcharge');
    await fits(page, 'formulario de movimiento');
    const guardar = page.getByRole('button', { name: 'Guardar' });
    await guardar.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    assert.equal(await page.getByTestId('whatsapp').count(), 0, 'no WhatsApp button over the staff form');
    console.log('screenshot:', await screenshot(page, 'telefono-movimiento'));

    // The patient form, through the menu (the half-filled sale asks first).
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    await page.getByRole('button', { name: 'ADMINISTRAR' }).click();
    await page.getByRole('link', { name: 'Pacientes', exact: true }).click();
    assert.equal((await page.locator('.swal2-title').textContent())?.trim(), '¿Salir sin guardar?');
    await page.getByRole('button', { name: 'Sí, salir sin guardar' }).click();
    await page.getByRole('heading', { name: 'LISTADO DE PACIENTES' }).waitFor();
    await fits(page, 'listado de pacientes');
    await page.getByRole('link', { name: 'Crear paciente' }).click();
    await page.getByRole('heading', { name: 'Crear Paciente' }).waitFor();
    await fits(page, 'formulario de paciente');
    // The ficha's date beside its label, as dd/mm/aaaa; the axis wide enough for '180'.
    const fichaCard = page.getByRole('group', { name: 'Ficha de graduación 1' });
    const [etiqueta, fecha] = [fichaCard.locator('label', { hasText: 'Fecha' }), fichaCard.getByLabel('Fecha')];
    const [a, b] = [await etiqueta.boundingBox(), await fecha.boundingBox()];
    assert.ok(Math.abs(a.y + a.height / 2 - (b.y + b.height / 2)) < 12, "the date is on its label's line");
    assert.match(await fecha.inputValue(), /^\d{2}\/\d{2}\/\d{4}$/);
    const eje = await fichaCard.getByLabel('Eje lejos derecho').boundingBox();
    assert.ok(eje.width >= 55, `the axis input is ${eje.width} px wide`);
    const crear = page.getByRole('button', { name: 'Crear Paciente', exact: true });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    assert.ok(await crear.isVisible());
    assert.equal(await page.getByTestId('whatsapp').count(), 0, 'no WhatsApp button over the staff form');
    console.log('screenshot:', await screenshot(page, 'telefono-paciente'));
  }));
