// The floating WhatsApp button (issue 21.15): it calls the number the server's settings give
// (GET /api/tienda), is not there when none is set, and leaves every button of a screen free, on a
// 390 px phone and on a desktop.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot, takeAlert } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { seeder } from './support/seed.mjs';
import { SHOP_WHATSAPP } from './support/server.mjs';

const withApp = useApp();
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** The buttons of the page (not the header's nor the menu's) that lie under the WhatsApp button
 * once the page is scrolled to its end; their names. */
async function covered(page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return page.evaluate(() => {
    const fab = document.querySelector('[data-testid="whatsapp"]').getBoundingClientRect();
    const under = (r) =>
      r.width > 0 && r.left < fab.right && fab.left < r.right && r.top < fab.bottom && fab.top < r.bottom;
    return [...document.querySelectorAll('main button, main a.btn, main input, main select')]
      .filter((e) => under(e.getBoundingClientRect()))
      .map((e) => e.textContent?.trim() || e.id || e.tagName);
  });
}

async function login(page, url, username, password) {
  await page.goto(`${url}/login`);
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
  await takeAlert(page);
}

test("the WhatsApp button calls the shop's number and covers no button, on a phone and a desktop", () =>
  withApp(async ({ server, newPage }) => {
    const shop = await seeder(server);
    const local = await shop.local({ nombre: 'La Cruz', direccion: 'San Martín 1', celular: '1' });
    await shop.metodoPago('Efectivo');
    await shop.seller('vendedora', 'clave-vendedora', local);

    for (const [device, options] of [
      ['telefono', PHONE],
      ['escritorio', DESKTOP],
    ]) {
      const page = await newPage(options);
      await page.goto(`${server.url}/login`);
      const whatsapp = page.getByTestId('whatsapp');
      await whatsapp.waitFor();
      assert.equal(await whatsapp.getAttribute('href'), `https://wa.me/${SHOP_WHATSAPP}`);
      assert.deepEqual(await covered(page), [], `${device}, login`);

      await login(page, server.url, 'vendedora', 'clave-vendedora');
      for (const [path, heading] of [
        ['/crearPaciente', 'Crear Paciente'],
        ['/crearMovimiento', 'Crear Movimiento'],
        ['/adminitrarCaja', 'LISTADO DE MOVIMIENTOS'],
        ['/adminitrarPaciente', 'LISTADO DE PACIENTES'],
      ]) {
        await page.goto(`${server.url}${path}`);
        await page.getByRole('heading', { name: heading }).waitFor();
        assert.deepEqual(await covered(page), [], `${device}, ${path}`);
      }
      await page.goto(`${server.url}/crearPaciente`);
      await page.getByRole('heading', { name: 'Crear Paciente' }).waitFor();
      await covered(page);
      console.log('screenshot:', await screenshot(page, `whatsapp-${device}-paciente`));
    }
  }));

test('with no WhatsApp number in the settings there is no WhatsApp button', () =>
  withApp(
    async ({ server, page, open, login }) => {
      const shop = await seeder(server);
      const local = await shop.local({ nombre: 'La Cruz', direccion: 'San Martín 1', celular: '1' });
      await shop.seller('vendedora', 'clave-vendedora', local);
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
