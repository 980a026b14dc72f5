// The lookup administration screens, driven as an admin would: spec 000 sections 2, 5 and 8.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clickToAlert, screenshot, takeAlert } from './support/browser.mjs';
import { useApp } from './support/fixture.mjs';
import { seeder } from './support/seed.mjs';

const withApp = useApp();

const buttons = (page) => ({
  crear: page.getByRole('button', { name: 'Crear', exact: true }),
  editar: page.getByRole('button', { name: 'Editar', exact: true }),
  eliminar: page.getByRole('button', { name: 'Eliminar', exact: true }),
});

async function confirmDelete(page) {
  await page.locator('.swal2-popup').waitFor();
  assert.equal((await page.locator('.swal2-title').textContent())?.trim(), '¿Estás seguro ?');
  await page.getByRole('button', { name: 'Si, eliminarlo' }).click();
  await page.waitForFunction(() => document.querySelector('.swal2-title')?.textContent !== '¿Estás seguro ?');
}

test('an admin creates, edits and deletes a brand; the page stays and reloads its list', () =>
  withApp(async ({ server, page, login }) => {
    await login('admin', server.adminPassword);
    await page.getByRole('button', { name: 'ADMINISTRAR' }).click();
    await page.getByRole('link', { name: 'Marcas' }).click();
    await page.getByRole('heading', { name: 'ADMINISTRAR MARCAS' }).waitFor();
    const b = buttons(page);
    assert.ok(await b.crear.isDisabled(), 'create needs a name');
    assert.match(
      await page.getByTestId('save-problems').innerText(),
      /No se puede guardar todavía:\s+Escribí el nombre\./,
    );
    assert.match(
      await page.getByTestId('lookup-hint').innerText(),
      /^Para editar o eliminar, elegí un elemento de la lista\.$/,
    );
    await page.fill('#field-nombre', 'x'.repeat(41));
    assert.ok(await b.crear.isDisabled(), 'the server takes 40 characters');
    assert.match(
      await page.getByTestId('save-problems').innerText(),
      /El nombre puede tener hasta 40 caracteres \(tiene 41\)\./,
    );
    assert.ok(await b.editar.isDisabled());
    assert.ok(await b.eliminar.isDisabled());
    assert.equal(await page.getByTestId('lookup-list').evaluate((e) => getComputedStyle(e).maxHeight), '300px');

    await page.fill('#field-nombre', 'Ray-Ban');
    await clickToAlert(page, b.crear, { title: 'La marca ha sido creada con éxito!', text: '' });
    assert.match(page.url(), /\/adminitrarMarca$/);
    await page.getByLabel('Ray-Ban').waitFor();
    assert.equal(await page.inputValue('#field-nombre'), '', 'form cleared after the action');

    await page.getByLabel('Ray-Ban').check();
    assert.ok(await b.crear.isDisabled(), 'create disabled while an item is selected');
    assert.match(await page.getByTestId('lookup-hint').innerText(), /Estás editando «Ray-Ban»/);
    assert.ok(await b.editar.isEnabled());
    assert.ok(await b.eliminar.isEnabled());
    console.log('screenshot:', await screenshot(page, 'admin-marcas'));
    await page.getByRole('button', { name: 'Limpiar selección' }).click();
    assert.ok(await b.editar.isDisabled());
    assert.equal(await page.inputValue('#field-nombre'), '');

    await page.getByLabel('Ray-Ban').check();
    await page.fill('#field-nombre', 'Vulk');
    await b.editar.click();
    assert.equal((await takeAlert(page)).title, 'la marca ha sido actualizada!');
    await page.getByLabel('Vulk').waitFor();
    assert.equal(await page.getByLabel('Ray-Ban').count(), 0);

    await page.getByLabel('Vulk').check();
    await b.eliminar.click();
    await confirmDelete(page);
    assert.equal((await takeAlert(page)).title, 'La marca ha sido eliminada');
    await page.getByText('No hay elementos.').waitFor();
  }));

test('an admin creates, edits and deletes a branch, and cannot delete one in use', () =>
  withApp(async ({ server, page, open, login }) => {
    await login('admin', server.adminPassword);
    await open('/adminitrarLocal');
    await page.getByRole('heading', { name: 'ADMINISTRAR LOCALES' }).waitFor();
    const b = buttons(page);

    await page.fill('#field-nombre', 'Yapeyu');
    await page.fill('#field-direccion', 'Calle 1');
    assert.ok(await b.crear.isDisabled(), 'a branch needs a phone too');
    await page.fill('#field-celular', '3772411111');
    await b.crear.click();
    assert.equal((await takeAlert(page)).title, 'El local ha sido creado con éxito!');
    await page.waitForURL('**/inicio');

    await open('/adminitrarLocal');
    const item = page.getByLabel('Yapeyu — Calle 1 — 3772411111');
    await item.check();
    assert.equal(await page.inputValue('#field-direccion'), 'Calle 1');
    console.log('screenshot:', await screenshot(page, 'admin-locales'));
    await page.fill('#field-direccion', 'Calle 2');
    await b.editar.click();
    assert.equal((await takeAlert(page)).title, 'El local ha sido actualizado!');
    await page.waitForURL('**/inicio');

    // a branch with a seller cannot go
    const shop = await seeder(server);
    const branches = await server.api('GET', '/api/local', shop.token);
    const id = branches.body[0].id;
    await shop.seller('vendedora', 'clave-vendedora', id);
    await open('/adminitrarLocal');
    await page.getByLabel('Yapeyu — Calle 2 — 3772411111').check();
    await b.eliminar.click();
    await confirmDelete(page);
    const refused = await takeAlert(page);
    assert.equal(refused.title, 'ERROR AL ELIMINAR EL LOCAL');
    assert.match(refused.text, /^Existen usuarios asignados a este local/);

    // once the seller moves to another branch, this one can go
    const other = await shop.local({ nombre: 'La Cruz', direccion: 'Centro', celular: '1' });
    await server.cli(['user', 'roles', '--username', 'vendedora', '--role', 'ROLE_VENDEDOR', '--local', String(other)]);
    await page.getByLabel('Yapeyu — Calle 2 — 3772411111').check();
    await b.eliminar.click();
    await confirmDelete(page);
    assert.equal((await takeAlert(page)).title, 'El local ha sido eliminado');
    await page.waitForURL('**/inicio');
    const left = await server.api('GET', '/api/local', shop.token);
    assert.deepEqual(
      left.body.map((l) => l.nombre),
      ['La Cruz'],
    );
  }));

test('the other lookup screens validate their fields and list their items', () =>
  withApp(async ({ server, page, open, login }) => {
    await login('admin', server.adminPassword);
    const cases = [
      ['adminitrarCategoria', 'ADMINISTRAR CATEGORÍAS', { nombre: 'Sol' }, 'La categoria ha sido creada con éxito!'],
      ['adminitrarMaterial', 'ADMINISTRAR MATERIALES', { nombre: 'Acetato' }, 'El material ha sido creado con éxito!'],
      [
        'adminitrarMetodoPago',
        'ADMINISTRAR MÉTODOS DE PAGO',
        { nombre: 'Efectivo' },
        'El método de pago ha sido creado con éxito!',
      ],
      [
        'adminitrarProveedor',
        'ADMINISTRAR PROVEEDORES',
        { nombre: 'Visión SA', celular: '11223344' },
        'El proveedor ha sido creado con éxito!',
      ],
    ];
    for (const [route, title, fields, created] of cases) {
      await open(`/${route}`);
      await page.getByRole('heading', { name: title }).waitFor();
      const b = buttons(page);
      await page.fill('#field-nombre', '   ');
      assert.ok(await b.crear.isDisabled(), `${route}: blank name refused`);
      for (const [name, value] of Object.entries(fields)) await page.fill(`#field-${name}`, value);
      assert.ok(await b.crear.isEnabled(), `${route}: valid form`);
      console.log('screenshot:', await screenshot(page, `admin-${route}`));
      await b.crear.click();
      assert.equal((await takeAlert(page)).title, created);
      await page.waitForURL('**/inicio');
      await open(`/${route}`);
      await page.getByLabel(new RegExp(`^${fields.nombre}`)).waitFor();
    }
    // visitors' menu finds the category by its name
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await takeAlert(page);
    await page.getByRole('button', { name: 'INVENTARIO' }).click();
    const href = await page.getByRole('link', { name: 'Anteojos de sol' }).getAttribute('href');
    assert.match(href, /^\/catalogo\/page\/0\?categoria=\d+$/);
  }));
