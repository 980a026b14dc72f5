// The floating WhatsApp button of the customers' pages: it calls the number the server's settings
// give (GET /api/tienda), is not there when none is set nor on the login and the staff's screens
// nor for a logged-in seller, and leaves every control of a page free, on a 390 px phone, a tablet
// and a desktop.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { armazonYCristales, seeder } from './support/seed.mjs';
import { dayFromToday } from './support/days.mjs';
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

test("the WhatsApp button calls the shop's number on the customers' pages, covering none of their controls", () =>
  withApp(async ({ server, newPage }) => {
    const shop = await seeder(server);
    const local = await shop.laCruz();
    const efectivo = await shop.metodoPago('Efectivo');
    await shop.rb2140(local, { precio: 1000, stock: 2 });
    const paciente = await shop.patient(local);
    const venta = await shop.venta(armazonYCristales(local, paciente, efectivo, `${dayFromToday(0)}T10:00`));
    const { body } = await server.api('GET', `/api/movimientos/${venta}`, shop.token);
    await shop.vendedora(local);

    for (const [device, options] of [
      ['telefono', PHONE],
      ['tableta', TABLET],
      ['escritorio', DESKTOP],
    ]) {
      const page = await newPage(options);
      for (const [path, heading] of [
        ['/inicio', null],
        ['/catalogo/page/0', 'NUESTRO CATÁLOGO'],
        ['/cristaleria', 'CRISTALERÍA'],
        ['/sobreNosotros', 'SOBRE NOSOTROS'],
        ['/visitanos', 'VISITANOS'],
        [`/estadoCompra/${body.codigoEstado}`, 'Estado de tu pedido'],
      ]) {
        await page.goto(`${server.url}${path}`);
        if (heading) await page.getByRole('heading', { name: heading }).waitFor();
        const whatsapp = page.getByTestId('whatsapp');
        await whatsapp.waitFor();
        assert.equal(await whatsapp.getAttribute('href'), `https://wa.me/${SHOP_WHATSAPP}`);
        // Scrolled to the end, the page leaves room under itself: nothing is under the button.
        assert.deepEqual(await covered(page), [], `${device}, ${path}, at the end`);
        // From 576 px up the button stays out of the main column: nothing is under it at any
        // scroll position. On a phone the column takes the whole width, so a control can pass
        // under it while scrolling, and the room at the end lets every one scroll clear of it.
        if (device !== 'telefono') assert.deepEqual(await coveredWhileScrolling(page), [], `${device}, ${path}`);
      }
      await page.goto(`${server.url}/catalogo/page/0`);
      await page.getByTestId('whatsapp').waitFor();
      console.log('screenshot:', await screenshot(page, `whatsapp-${device}-catalogo`, { fullPage: false }));

      // The login is the staff's door, and staff screens are theirs: no button there, nor for a
      // logged-in seller on any page, the customers' ones included.
      await page.goto(`${server.url}/login`);
      await page.getByRole('heading', { name: 'Iniciar Sesión' }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getByTestId('whatsapp').count(), 0, `${device}, login`);
      await loginOn(page, server.url, 'vendedora', 'clave-vendedora');
      for (const [path, heading] of [
        ['/crearMovimiento', 'Crear Movimiento'],
        ['/adminitrarCaja', 'LISTADO DE MOVIMIENTOS'],
        ['/adminitrarPaciente', 'LISTADO DE PACIENTES'],
        ['/cristaleria', 'CRISTALERÍA'],
      ]) {
        await page.goto(`${server.url}${path}`);
        await page.getByRole('heading', { name: heading }).waitFor();
        await page.waitForLoadState('networkidle');
        assert.equal(await page.getByTestId('whatsapp').count(), 0, `${device}, ${path}, a seller`);
      }
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
