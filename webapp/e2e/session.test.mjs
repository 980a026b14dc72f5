// Login, logout, reload, the public landing: spec 000 sections 1, 4, 6 and 8.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot, takeAlert } from './support/browser.mjs';
import { useApp } from './support/fixture.mjs';

const withApp = useApp();

test('an anonymous visitor sees the carousel, the banners and the public pages', () =>
  withApp(async ({ page, open }) => {
    await open('/');
    await page.waitForURL('**/inicio');
    const carousel = page.getByTestId('carousel');
    await carousel.waitFor();
    const first = await carousel.locator('.carousel-item.active img').getAttribute('src');
    await page.waitForFunction(
      (src) => document.querySelector('.carousel-item.active img')?.getAttribute('src') !== src,
      first,
      { timeout: 5000 },
    );
    assert.equal(await page.getByTestId('banners').locator('.card').count(), 3);
    assert.ok(await page.getByTestId('whatsapp').isVisible());
    assert.ok(await page.getByRole('button', { name: 'INVENTARIO' }).isVisible());
    console.log('screenshot:', await screenshot(page, 'inicio-publico'));

    await page.getByRole('link', { name: 'CRISTALERÍA' }).click();
    await page.getByRole('heading', { name: 'CRISTALERÍA' }).waitFor();
    console.log('screenshot:', await screenshot(page, 'cristaleria'));
    await page.getByRole('link', { name: 'Visitanos' }).click();
    await page.getByRole('heading', { name: 'La Cruz' }).waitFor();
    await page.getByRole('heading', { name: 'Yapeyu' }).waitFor();
    console.log('screenshot:', await screenshot(page, 'visitanos'));

    // unknown paths land on inicio
    await open('/no/existe');
    await page.waitForURL('**/inicio');
  }));

test('a wrong password is refused with the login error', () =>
  withApp(async ({ page, open, login }) => {
    await open('/login');
    await page.getByRole('heading', { name: 'Iniciar Sesión' }).waitFor();
    const submit = page.locator('button[type=submit]');
    assert.ok(await submit.isDisabled(), 'submit disabled while the form is empty');
    console.log('screenshot:', await screenshot(page, 'login'));
    const alert = await login('admin', 'incorrecta');
    assert.deepEqual(alert, { title: 'ERROR LOGIN', text: 'el usuario y contraseña son incorrectos' });
    assert.match(page.url(), /\/login$/);
  }));

test('the admin logs in, keeps the session on reload and logs out', () =>
  withApp(async ({ server, page, open, login }) => {
    const welcome = await login('admin', server.adminPassword);
    assert.equal(welcome.text, 'Hola admin,has iniciado sesión correctamente');
    await page.waitForURL('**/inicio');
    assert.equal((await page.getByTestId('greeting').textContent())?.trim(), 'HOLA admin');
    await page.getByRole('heading', { name: 'NUESTRO CATÁLOGO' }).waitFor();
    assert.equal(await page.getByTestId('whatsapp').count(), 0, 'no WhatsApp button for admins');
    console.log('screenshot:', await screenshot(page, 'inicio-staff'));

    await page.reload();
    await page.getByTestId('greeting').waitFor();
    assert.equal((await page.getByTestId('greeting').textContent())?.trim(), 'HOLA admin');

    // the login page while logged in
    await open('/login');
    assert.deepEqual(await takeAlert(page), { title: 'Login', text: 'Hola admin, Ya estas autenticado' });
    await page.waitForURL('**/inicio');

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    assert.equal((await takeAlert(page)).title, 'SE HA CERRADO SESIÓN');
    await page.waitForURL('**/login');
    await page.reload();
    assert.equal(await page.getByTestId('greeting').count(), 0, 'logged out for good');
  }));

test('a session opened in one tab works in the others, and logging out ends it in all', () =>
  withApp(async ({ server, page, login }) => {
    await login('admin', server.adminPassword);
    await page.waitForURL('**/inicio');
    // Another tab of the same browser: logged in already.
    const other = await page.context().newPage();
    await other.goto(`${server.url}/adminitrarCaja`);
    await other.getByRole('heading', { name: 'LISTADO DE MOVIMIENTOS' }).waitFor();
    assert.equal((await other.getByTestId('greeting').textContent())?.trim(), 'HOLA admin');

    // Logging out in the first tab ends the other's session too.
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    assert.equal((await takeAlert(page)).title, 'SE HA CERRADO SESIÓN');
    assert.deepEqual(await takeAlert(other), { title: 'ERROR LOGIN', text: 'Necesitas logearte' });
    await other.waitForURL('**/login');
    assert.equal(await other.getByTestId('greeting').count(), 0);

    // Logging in again in the other tab reaches the first.
    await other.fill('#username', 'admin');
    await other.fill('#password', server.adminPassword);
    await other.click('button[type=submit]');
    await takeAlert(other);
    await page.getByTestId('greeting').waitFor();
    assert.equal((await page.getByTestId('greeting').textContent())?.trim(), 'HOLA admin');
    await other.close();
  }));
