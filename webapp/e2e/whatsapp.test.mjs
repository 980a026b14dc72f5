// The floating WhatsApp button: it calls the number the server's settings give
// (GET /api/tienda), is not there when none is set, and leaves every button of a screen free, on a
// 390 px phone and on a desktop.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { seeder } from './support/seed.mjs';
import { SHOP_WHATSAPP } from './support/server.mjs';
import { loginOn } from './support/page.mjs';

const withApp = useApp();
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const TABLET = { viewport: { width: 768, height: 1024 } };

/** The controls of the page (not the header's nor the menu's) that lie under the WhatsApp button
 * with the page scrolled to `y`; their names. */
function coveredAt(page, y) {
  return page.evaluate((y) => {
    window.scrollTo(0, y);
    const fab = document.querySelector('[data-testid="whatsapp"]').getBoundingClientRect();
    const under = (r) =>
      r.width > 0 && r.left < fab.right && fab.left < r.right && r.top < fab.bottom && fab.top < r.bottom;
    return [...document.querySelectorAll('main button, main a, main input, main select, main textarea')]
      .filter((e) => e.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
      .filter((e) => under(e.getBoundingClientRect()))
      .map((e) => e.textContent?.trim() || e.id || e.getAttribute('aria-label') || `${e.tagName} ${e.type}`);
  }, y);
}

/** The controls under the button once the page is scrolled to its end. */
const covered = (page) => coveredAt(page, 1e9);

/** The controls under the button at any scroll position, from the top to the end by 40 px:
 * 'where' each was seen. */
async function coveredWhileScrolling(page) {
  const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  const seen = [];
  for (let y = 0; y <= end + 40; y += 40) {
    for (const name of await coveredAt(page, y)) seen.push(`${name} @${y}`);
  }
  return seen;
}

test("the WhatsApp button calls the shop's number and covers no button, on a phone and a desktop", () =>
  withApp(async ({ server, newPage }) => {
    const shop = await seeder(server);
    const local = await shop.laCruz();
    await shop.metodoPago('Efectivo');
    await shop.vendedora(local);

    for (const [device, options] of [
      ['telefono', PHONE],
      ['tableta', TABLET],
      ['escritorio', DESKTOP],
    ]) {
      const page = await newPage(options);
      // The forms below are left half-filled: the browser's 'leave the page?' is answered yes.
      page.on('dialog', (d) => void (d.type() === 'beforeunload' ? d.accept() : d.dismiss()));
      await page.goto(`${server.url}/login`);
      const whatsapp = page.getByTestId('whatsapp');
      await whatsapp.waitFor();
      assert.equal(await whatsapp.getAttribute('href'), `https://wa.me/${SHOP_WHATSAPP}`);
      assert.deepEqual(await covered(page), [], `${device}, login`);

      await loginOn(page, server.url, 'vendedora', 'clave-vendedora');
      // The forms with their repeated rows open: a ficha, two payments (each with its 'Quitar' at
      // the right end of the row, which the button covered on a desktop).
      const more = {
        '/crearPaciente': async () => page.getByRole('button', { name: 'Agregar ficha' }).click(),
        '/crearMovimiento': async () => {
          await page.locator('#tipoMovimiento').selectOption('ENTRADA');
          await page.getByRole('button', { name: 'Agregar pago' }).click();
          await page.getByRole('button', { name: 'Agregar pago' }).click();
        },
      };
      for (const [path, heading] of [
        ['/crearPaciente', 'Crear Paciente'],
        ['/crearMovimiento', 'Crear Movimiento'],
        ['/adminitrarCaja', 'LISTADO DE MOVIMIENTOS'],
        ['/adminitrarPaciente', 'LISTADO DE PACIENTES'],
      ]) {
        await page.goto(`${server.url}${path}`);
        await page.getByRole('heading', { name: heading }).waitFor();
        await page.getByTestId('whatsapp').waitFor();
        await more[path]?.();
        if (path === '/crearMovimiento') assert.equal(await page.getByRole('button', { name: 'Quitar' }).count(), 2);
        // Scrolled to the end, the page leaves room under itself: nothing is under the button.
        assert.deepEqual(await covered(page), [], `${device}, ${path}, at the end`);
        // From 576 px up the button stays out of the main column: nothing is under it at any
        // scroll position. On a phone the column takes the whole width, so a control can pass
        // under it while scrolling, and the room at the end lets every one scroll clear of it.
        if (device !== 'telefono') assert.deepEqual(await coveredWhileScrolling(page), [], `${device}, ${path}`);
      }
      await page.goto(`${server.url}/crearMovimiento`);
      await page.getByRole('heading', { name: 'Crear Movimiento' }).waitFor();
      await page.getByTestId('whatsapp').waitFor();
      await more['/crearMovimiento']();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      console.log('screenshot:', await screenshot(page, `whatsapp-${device}-movimiento`, { fullPage: false }));
      await page.goto(`${server.url}/crearPaciente`);
      await page.getByRole('heading', { name: 'Crear Paciente' }).waitFor();
      await page.getByTestId('whatsapp').waitFor();
      await covered(page);
      console.log('screenshot:', await screenshot(page, `whatsapp-${device}-paciente`));
    }
  }));

test('with no WhatsApp number in the settings there is no WhatsApp button', () =>
  withApp(
    async ({ server, page, open, login }) => {
      const shop = await seeder(server);
      const local = await shop.laCruz();
      await shop.vendedora(local);
      const tienda = await (await fetch(`${server.url}/api/tienda`)).json();
      assert.equal(tienda.whatsapp, null);

      await open('/visitanos');
      await page.getByTestId('shop-name').waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getByTestId('whatsapp').count(), 0, 'a visitor');
      await login('vendedora', 'clave-vendedora');
      await open('/crearPaciente');
      await page.getByRole('heading', { name: 'Crear Paciente' }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getByTestId('whatsapp').count(), 0, 'a seller');
    },
    { env: { OPTICA_SHOP_WHATSAPP: undefined } },
  ));
