// A phone at the counter (issue 21.4): 390 px wide, the seller's screens fit without sideways
// scrolling, the menu collapses behind its toggler, the carousel's dots stay off the caption and
// the WhatsApp button leaves the form buttons free.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot, takeAlert } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { seeder } from './support/seed.mjs';

const withApp = useApp();

async function seed(server) {
  const shop = await seeder(server);
  const local = await shop.local({ nombre: 'La Cruz', direccion: 'San Martín 1', celular: '1' });
  await shop.metodoPago('Efectivo');
  const marca = await shop.marca('Ray-Ban');
  const sol = await shop.categoria('Sol');
  const proveedor = await shop.proveedor('Opti', '1');
  await shop.producto({
    modelo: 'RB2140',
    marca: { id: marca },
    categorias: [{ id: sol }],
    precio: 359999.96,
    descripcion: 'Acetato negro, lentes verdes G-15, estuche y paño. '.repeat(5).slice(0, 255),
    proveedores: [{ id: proveedor }],
    productoLocales: [{ local: { id: local }, stock: 3 }],
  });
  await shop.seller('vendedora', 'clave-vendedora', local);
}

/** The page is no wider than the phone: nothing to scroll sideways. */
async function fits(page, what) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `${what}: the page is ${width} px wide on a 390 px phone`);
}

/** Whether two elements' boxes overlap on screen. */
async function overlap(a, b) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** Opens a screen through the collapsed menu, which closes again once the screen is chosen. */
async function throughMenu(page, entry, dropdown) {
  const toggler = page.getByRole('button', { name: 'Abrir el menú' });
  assert.ok(await toggler.isVisible(), 'the menu collapses behind its toggler');
  assert.ok(!(await page.getByRole('link', { name: 'CAJA' }).isVisible()), 'menu entries hidden until opened');
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

    // The catalogue: one row, money as es-AR writes it, the long description cut to three lines.
    await page.getByRole('heading', { name: 'NUESTRO CATÁLOGO' }).waitFor();
    const row = page.locator('tbody tr', { hasText: 'RB2140' });
    await row.getByText('$ 359.999,96', { exact: true }).waitFor();
    const rowHeight = (await row.boundingBox()).height;
    assert.ok(rowHeight < 200, `a 255-character description makes the row ${rowHeight} px tall`);
    await fits(page, 'catálogo');
    console.log('screenshot:', await screenshot(page, 'telefono-catalogo'));

    // The menu opens over the page and closes once a screen is chosen.
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    await page.getByRole('link', { name: 'CAJA' }).waitFor();
    const menuHeight = (await page.getByRole('navigation', { name: 'Menú principal' }).boundingBox()).height;
    console.log('screenshot:', await screenshot(page, 'telefono-menu'));
    await page.getByRole('button', { name: 'Cerrar el menú' }).click();
    const closed = (await page.getByRole('navigation', { name: 'Menú principal' }).boundingBox()).height;
    assert.ok(closed < menuHeight && closed < 80, `the closed menu is one row (${closed} px)`);

    // The movement list, then a new movement from it.
    await throughMenu(page, 'CAJA');
    await page.getByRole('heading', { name: 'LISTADO DE MOVIMIENTOS' }).waitFor();
    await fits(page, 'listado de movimientos');
    console.log('screenshot:', await screenshot(page, 'telefono-listado'));
    await page
      .getByRole('link', { name: /Crear movimiento/i })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Crear Movimiento' }).waitFor();
    await page.locator('#tipoMovimiento').selectOption('ENTRADA');
    await page.fill('#buscarModelo', 'RB2140');
    await page.locator('form[aria-label="Buscar por modelo"]').getByRole('button', { name: 'Buscar' }).click();
    await page.locator('#productoEncontrado option', { hasText: 'RB2140' }).waitFor({ state: 'attached' });
    await page.locator('#productoEncontrado').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Agregar producto' }).click();
    await page.getByRole('button', { name: 'Agregar pago' }).click();
    await page.fill('#monto-0', '1.000,50');
    await fits(page, 'formulario de movimiento');
    const guardar = page.getByRole('button', { name: 'Guardar' });
    await guardar.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    assert.ok(!(await overlap(guardar, page.getByTestId('whatsapp'))), 'WhatsApp leaves Guardar free');
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
    const crear = page.getByRole('button', { name: 'Crear Paciente', exact: true });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    assert.ok(!(await overlap(crear, page.getByTestId('whatsapp'))), 'WhatsApp leaves Crear Paciente free');
    console.log('screenshot:', await screenshot(page, 'telefono-paciente'));
  }));
