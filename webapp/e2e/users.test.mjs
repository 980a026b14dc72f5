// The staff accounts through the admins' 'Usuarios' screen, against the real server: the admin
// creates a seller at Centro, who logs in on a browser of her own and works there; moved to
// Norte, her open session is sent back to login at its next request and a new login works at
// Norte; disabled, she cannot log in; enabled, she can; a new password replaces the old one; and
// the only admin cannot disable herself (409, in the server's words). Also the screen and its
// dialogs on a 390 px phone, without sideways scrolling and with every action in reach.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clickToAlert, screenshot, takeAlert } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { seeder } from './support/seed.mjs';
import { cellsOf, loginOn, noSideways } from './support/page.mjs';

const withApp = useApp();

const ULTIMO = 'Es el único administrador habilitado: habilite o cree otro administrador antes.';
const FUERA = { title: 'ERROR LOGIN', text: 'Necesitas logearte' };
const RECHAZADA = { title: 'ERROR LOGIN', text: 'el usuario y contraseña son incorrectos' };
const bienvenida = (username) => ({ title: 'Login', text: `Hola ${username},has iniciado sesión correctamente` });

/** Two branches, Norte created first (the dialog lists them by name). */
async function seed(server) {
  const shop = await seeder(server);
  const norte = await shop.local({ nombre: 'Norte', direccion: 'Ruta 12 km 3', celular: '2' });
  const centro = await shop.local({ nombre: 'Centro', direccion: 'Mitre 100', celular: '1' });
  return { shop, centro, norte };
}

/** The account's row of the list, found by its username's cell. */
const rowOf = (page, username) =>
  page.locator('table[aria-label="Usuarios"] tbody tr').filter({
    has: page.locator('td[data-label="Usuario"]', { hasText: new RegExp(`^${username}( \\(tu cuenta\\))?$`) }),
  });

/** Answers the confirmation now on screen: checks its title, then accepts it. */
async function accept(page, title) {
  await page.locator('.swal2-popup').waitFor();
  assert.equal((await page.locator('.swal2-title').textContent())?.trim(), title);
  await page.locator('.swal2-confirm').click();
  await page.waitForFunction((asked) => document.querySelector('.swal2-title')?.textContent !== asked, title);
}

/** The branch a seller's new transfer leaves from: their own, fixed. */
async function ownBranch(page) {
  await page.getByRole('link', { name: 'TRANSFERENCIAS' }).click();
  await page.getByRole('link', { name: 'Nueva transferencia' }).click();
  const origen = page.locator('#transferenciaOrigen');
  await page.waitForFunction(() => document.querySelector('#transferenciaOrigen')?.selectedOptions[0]?.value !== '0');
  assert.ok(await origen.isDisabled());
  return (await origen.locator('option:checked').textContent())?.trim();
}

/** The seller's open session meets its next request: back to login, saying so. */
async function sentToLogin(page) {
  await page.getByRole('link', { name: 'CONTEOS' }).click();
  assert.deepEqual(await takeAlert(page), FUERA);
  await page.waitForURL('**/login');
}

test('an admin creates a seller, moves her, disables and enables her, sets her password; the only admin stays', () =>
  withApp(async ({ server, page, login, newPage }) => {
    await seed(server);
    await page.setViewportSize({ width: 1366, height: 768 });
    await login('admin', server.adminPassword);
    await page.getByRole('button', { name: 'ADMINISTRAR' }).click();
    await page.getByRole('link', { name: 'Usuarios' }).click();
    await page.getByRole('heading', { name: 'USUARIOS' }).waitFor();
    assert.deepEqual((await cellsOf(rowOf(page, 'admin'))).slice(0, 4), [
      'admin (tu cuenta)',
      'Administrador',
      '—',
      'Habilitado',
    ]);

    // A seller at Centro: the branch is asked for, among the branches by name.
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    const nuevo = page.getByRole('dialog', { name: 'Nuevo usuario' });
    const crear = nuevo.getByRole('button', { name: 'Crear' });
    await page.fill('#usuarioNombre', '  lucia ');
    await page.fill('#usuarioContrasena', 'clave-lucia-1');
    await nuevo.getByText('Un vendedor debe tener un local asignado.').waitFor();
    assert.match(await nuevo.getByTestId('save-problems').innerText(), /^No se puede guardar todavía:/);
    assert.ok(await crear.isDisabled());
    assert.deepEqual(await page.locator('#usuarioLocal option').allTextContents(), [
      'Elegí el local',
      'Centro',
      'Norte',
    ]);
    await page.locator('#usuarioLocal').selectOption({ label: 'Centro' });
    assert.ok(await crear.isEnabled());
    console.log('screenshot:', await screenshot(page, 'usuarios-nuevo'));
    await clickToAlert(page, crear, { title: 'USUARIO CREADO', text: 'El usuario ha sido creado!' });
    const lucia = rowOf(page, 'lucia');
    assert.deepEqual((await cellsOf(lucia)).slice(0, 4), ['lucia', 'Vendedor', 'Centro', 'Habilitado']);
    console.log('screenshot:', await screenshot(page, 'usuarios-lista'));

    // She logs in on a browser of her own and works at Centro.
    const vendedora = await newPage({ viewport: { width: 1366, height: 768 } });
    assert.deepEqual(await loginOn(vendedora, server.url, 'lucia', 'clave-lucia-1'), bienvenida('lucia'));
    assert.equal(await ownBranch(vendedora), 'Centro');

    // Moved to Norte: her open session goes back to login at its next request; a new login works at Norte.
    await lucia.getByRole('button', { name: 'Editar lucia' }).click();
    const editar = page.getByRole('dialog', { name: 'Editar lucia' });
    assert.ok(await editar.getByRole('button', { name: 'Guardar' }).isDisabled(), 'nothing changed yet');
    await page.locator('#usuarioLocal').selectOption({ label: 'Norte' });
    await clickToAlert(page, editar.getByRole('button', { name: 'Guardar' }), {
      title: 'USUARIO ACTUALIZADO',
      text: 'El usuario ha sido actualizado!',
    });
    await lucia.locator('td[data-label="Local"]', { hasText: 'Norte' }).waitFor();
    await sentToLogin(vendedora);
    assert.deepEqual(await loginOn(vendedora, server.url, 'lucia', 'clave-lucia-1'), bienvenida('lucia'));
    assert.equal(await ownBranch(vendedora), 'Norte');

    // Disabled, asked first: her session ends and she cannot log in; enabled again, she can.
    await lucia.getByRole('button', { name: 'Deshabilitar lucia' }).click();
    await accept(page, '¿Deshabilitar a lucia?');
    assert.deepEqual(await takeAlert(page), {
      title: 'USUARIO DESHABILITADO',
      text: 'El usuario ha sido deshabilitado!',
    });
    await lucia.getByText('Deshabilitado').waitFor();
    console.log('screenshot:', await screenshot(page, 'usuarios-deshabilitada'));
    await sentToLogin(vendedora);
    assert.deepEqual(await loginOn(vendedora, server.url, 'lucia', 'clave-lucia-1'), RECHAZADA);
    await clickToAlert(page, lucia.getByRole('button', { name: 'Habilitar lucia' }), {
      title: 'USUARIO HABILITADO',
      text: 'El usuario ha sido habilitado!',
    });
    await lucia.getByText('Habilitado', { exact: true }).waitFor();
    assert.deepEqual(await loginOn(vendedora, server.url, 'lucia', 'clave-lucia-1'), bienvenida('lucia'));

    // A new password, typed twice: the old one stops, with her open session; the new one works.
    await lucia.getByRole('button', { name: 'Contraseña de lucia' }).click();
    const clave = page.getByRole('dialog', { name: 'Contraseña de lucia' });
    const cambiar = clave.getByRole('button', { name: 'Cambiar contraseña' });
    await page.fill('#contrasenaNueva', 'nueva-clave-9');
    await page.fill('#contrasenaRepetida', 'nueva-clave-8');
    await clave.getByText('Las dos contraseñas no coinciden.').waitFor();
    assert.ok(await cambiar.isDisabled());
    await page.fill('#contrasenaRepetida', 'nueva-clave-9');
    console.log('screenshot:', await screenshot(page, 'usuarios-contrasena'));
    await clickToAlert(page, cambiar, { title: 'CONTRASEÑA CAMBIADA', text: 'La contraseña ha sido cambiada!' });
    await sentToLogin(vendedora);
    assert.deepEqual(await loginOn(vendedora, server.url, 'lucia', 'clave-lucia-1'), RECHAZADA);
    assert.deepEqual(await loginOn(vendedora, server.url, 'lucia', 'nueva-clave-9'), bienvenida('lucia'));
    assert.equal(await ownBranch(vendedora), 'Norte');

    // The only admin cannot disable herself: the server's 409, in its words; she stays in.
    const admin = rowOf(page, 'admin');
    await admin.getByRole('button', { name: 'Deshabilitar admin' }).click();
    await accept(page, '¿Deshabilitar a admin?');
    await page.locator('.swal2-html-container', { hasText: ULTIMO }).waitFor();
    // The alert as it settles, not halfway through its fade-in.
    await page.waitForFunction(() => document.querySelector('.swal2-popup')?.getAnimations().length === 0);
    console.log('screenshot:', await screenshot(page, 'usuarios-ultimo-admin'));
    assert.deepEqual(await takeAlert(page), { title: 'ERROR', text: ULTIMO });
    assert.deepEqual((await cellsOf(admin)).slice(0, 4), ['admin (tu cuenta)', 'Administrador', '—', 'Habilitado']);
    await page.getByRole('link', { name: 'CONTEOS' }).click();
    await page.getByRole('heading', { name: 'CONTEOS' }).waitFor();
  }));

test('on a phone the list and its dialogs fit without sideways scrolling, every action in reach', () =>
  withApp(async ({ server, newPage }) => {
    const { shop, centro } = await seed(server);
    for (const [username, localId] of [
      ['maria.fernanda.gomez', centro],
      ['lucia', centro],
    ]) {
      const created = await server.api('POST', '/api/usuarios', shop.token, {
        username,
        contrasena: 'clave-de-prueba',
        rol: 'ROLE_VENDEDOR',
        localId,
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
    }
    const phone = await newPage(PHONE);
    await loginOn(phone, server.url, 'admin', server.adminPassword);
    await phone.goto(`${server.url}/usuarios`);
    const fila = rowOf(phone, 'maria.fernanda.gomez');
    await fila.waitFor();
    await noSideways(phone, 'usuarios');
    // Each action of a card is on screen once scrolled to, inside the phone's width.
    for (const name of ['Editar', 'Contraseña de', 'Deshabilitar']) {
      const action = fila.getByRole('button', { name: `${name} maria.fernanda.gomez` });
      await action.scrollIntoViewIfNeeded();
      const box = await action.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `${name}: within 390 px (${JSON.stringify(box)})`);
    }
    console.log('screenshot:', await screenshot(phone, 'usuarios-telefono'));

    await phone.getByRole('button', { name: 'Nuevo usuario' }).click();
    const nuevo = phone.getByRole('dialog', { name: 'Nuevo usuario' });
    await nuevo.getByText('Un vendedor debe tener un local asignado.').waitFor();
    await noSideways(phone, 'nuevo usuario');
    await nuevo.getByRole('button', { name: 'Crear' }).scrollIntoViewIfNeeded();
    assert.ok(await nuevo.getByRole('button', { name: 'Crear' }).isVisible());
    console.log('screenshot:', await screenshot(phone, 'usuarios-telefono-nuevo', { fullPage: false }));
    await nuevo.getByRole('button', { name: 'Cancelar' }).click();

    await fila.getByRole('button', { name: 'Editar maria.fernanda.gomez' }).click();
    const editar = phone.getByRole('dialog', { name: 'Editar maria.fernanda.gomez' });
    await phone.locator('#usuarioLocal').selectOption({ label: 'Norte' });
    await noSideways(phone, 'editar usuario');
    console.log('screenshot:', await screenshot(phone, 'usuarios-telefono-editar', { fullPage: false }));
    await clickToAlert(phone, editar.getByRole('button', { name: 'Guardar' }), {
      title: 'USUARIO ACTUALIZADO',
      text: 'El usuario ha sido actualizado!',
    });
    await fila.locator('td[data-label="Local"]', { hasText: 'Norte' }).waitFor();
  }));
