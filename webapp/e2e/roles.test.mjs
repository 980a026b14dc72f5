// Screens guarded by role, as the server guards the calls: spec 000 section 6.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot, takeAlert } from './support/browser.mjs';
import { useApp } from './support/fixture.mjs';
import { seeder } from './support/seed.mjs';

const withApp = useApp();

test('a visitor opening a staff screen is sent to login', () =>
  withApp(async ({ page, open }) => {
    await open('/adminitrarMarca');
    assert.deepEqual(await takeAlert(page), { title: 'ERROR LOGIN', text: 'Necesitas logearte' });
    await page.waitForURL('**/login');
  }));

test('a seller cannot reach an admin screen and the server refuses the call too', () =>
  withApp(async ({ server, page, open, login }) => {
    const shop = await seeder(server);
    const local = await shop.local({ nombre: 'La Cruz', direccion: 'San Martín 123', celular: '3772400000' });
    await shop.seller('vendedor', 'vendedor-clave', local);

    const welcome = await login('vendedor', 'vendedor-clave');
    assert.equal(welcome.text, 'Hola vendedor,has iniciado sesión correctamente');
    await page.getByRole('button', { name: 'ADMINISTRAR' }).click();
    const menu = page.getByTestId('menu-administrar');
    assert.ok(await menu.getByRole('link', { name: 'Pacientes' }).isVisible());
    assert.equal(await menu.getByRole('link', { name: 'Marcas' }).count(), 0, 'no admin entries for sellers');
    assert.equal(await page.getByTestId('whatsapp').count(), 0, "the customers' WhatsApp button is not for staff");
    console.log('screenshot:', await screenshot(page, 'menu-vendedor'));

    await open('/adminitrarMarca');
    assert.deepEqual(await takeAlert(page), { title: 'ACCESO DENEGADO', text: 'Hola vendedor, no tenes acceso' });
    await page.waitForURL('**/inicio');

    const seller = await server.token('vendedor', 'vendedor-clave');
    const refused = await server.api('POST', '/api/marca', seller, { nombre: 'Ray-Ban' });
    assert.equal(refused.status, 403);
  }));
