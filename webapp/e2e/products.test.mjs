// The catalogue screens, driven as an admin would: spec 000 sections 2, 4, 5 and 8.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { clickToAlert, screenshot, takeAlert } from './support/browser.mjs';
import { useApp } from './support/fixture.mjs';
import { seeder } from './support/seed.mjs';

const withApp = useApp();

/** The lookups a catalogue needs, created through the API; `seed` creates more. */
async function seedLookups(server) {
  const seed = await seeder(server);
  return {
    seed,
    token: seed.token,
    rayban: await seed.marca('Ray-Ban'),
    vulk: await seed.marca('Vulk'),
    sol: await seed.categoria('Sol'),
    acetato: await seed.material('Acetato'),
    proveedor: await seed.proveedor('Opti SA', '11'),
    laCruz: await seed.local({ nombre: 'La Cruz', direccion: 'La Cruz 1', celular: '1' }),
  };
}

/** Fills the shared product fields: category first, then brand, gender, cost, branch, supplier. */
async function fillFields(page, { marca, costo, stock }) {
  await page.getByTestId('categorias').getByLabel('Sol').check();
  await page.getByRole('group', { name: 'Marca' }).getByLabel(marca).check();
  await page.getByLabel('Unisex').check();
  await page.fill('#costo', costo);
  await page.getByLabel('La Cruz', { exact: true }).check();
  await page.getByLabel('Stock La Cruz').fill(stock);
  await page.getByRole('group', { name: 'Proveedores' }).getByLabel('Opti SA').check();
}

const rowOf = (page, modelo) =>
  page.locator('tbody tr', { has: page.getByRole('cell', { name: modelo, exact: true }) });

test('an admin bulk-creates three products, finds them, edits one and returns to its page', () =>
  withApp(async ({ server, page, login }) => {
    await seedLookups(server);
    await login('admin', server.adminPassword);
    await page.getByRole('link', { name: 'Crear producto' }).click();
    await page.getByRole('heading', { name: 'Crear Producto' }).waitFor();

    await page.getByRole('textbox', { name: 'Modelo 1', exact: true }).fill('RB2140');
    await page.getByRole('button', { name: 'Agregar modelo' }).click();
    await page.getByRole('textbox', { name: 'Modelo 2', exact: true }).fill('rb2140');
    await page.getByRole('button', { name: 'Agregar modelo' }).click();
    await page.getByRole('textbox', { name: 'Modelo 3', exact: true }).fill('RB3025');
    await fillFields(page, { marca: 'Ray-Ban', costo: '1000', stock: '4' });
    assert.equal(await page.inputValue('#precio'), '3.600,00', 'price = cost x 1.2 x 3');
    await clickToAlert(page, page.getByRole('button', { name: 'Crear Producto' }), {
      title: 'MODELOS REPETIDOS',
      text: 'Tenés modelos repetidos en el formulario: RB2140',
    });

    await page.getByRole('textbox', { name: 'Modelo 2', exact: true }).fill('RB4165');
    await clickToAlert(page, page.getByRole('button', { name: 'Crear Producto' }), {
      title: 'PRODUCTOS CREADOS',
      text: 'Los productos han sido guardados con éxito!',
    });
    await page.waitForURL(/\/inicio$/);
    await page.getByRole('heading', { name: 'NUESTRO CATÁLOGO' }).waitFor();
    await rowOf(page, 'RB4165').waitFor();
    assert.equal(await page.locator('tbody tr').count(), 3);

    // search by model, then by brand; blank searches warn
    await page.getByRole('search', { name: 'Buscar por modelo' }).getByRole('button', { name: 'Buscar' }).click();
    assert.equal((await takeAlert(page)).text, 'Debes ingresar un código de modelo válido');
    await page.getByLabel('Buscar por modelo', { exact: true }).last().fill('3025');
    await page.getByRole('search', { name: 'Buscar por modelo' }).getByRole('button', { name: 'Buscar' }).click();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    await rowOf(page, 'RB3025').waitFor();
    await page.getByLabel('Buscar por marca', { exact: true }).last().fill('vulk');
    await clickToAlert(
      page,
      page.getByRole('search', { name: 'Buscar por marca' }).getByRole('button', { name: 'Buscar' }),
      {
        title: 'SIN RESULTADOS',
        text: 'No se encontraron productos con esa marca',
      },
    );
    await page.getByRole('button', { name: 'Limpiar Filtros' }).click();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 3);

    // edit one from page 0 and come back to it
    await rowOf(page, 'RB3025').getByRole('link', { name: 'Editar' }).click();
    await page.waitForURL(/\/editarProducto\/\d+\?fromPage=0$/);
    await page.getByRole('heading', { name: 'Editar Producto' }).waitFor();
    await page.waitForFunction(() => document.querySelector('#modelo')?.value === 'RB3025');
    await page.fill('#precio', '4999.99');
    await page.getByLabel('Stock La Cruz').fill('7');
    console.log('screenshot:', await screenshot(page, 'editar-producto'));
    await clickToAlert(page, page.getByRole('button', { name: 'Editar Producto' }), {
      title: 'PRODUCTO EDITADO',
      text: 'Se ha editado con éxito!',
    });
    await page.waitForURL(/\/productos\/page\/0$/);
    const row = rowOf(page, 'RB3025');
    await row.getByText('$ 4.999,99', { exact: true }).waitFor();
    await row.getByText(/La Cruz.*7/).waitFor();
    console.log('screenshot:', await screenshot(page, 'catalogo'));
  }));

test('an admin raises one brand by 10% and exports the branch stock', () =>
  withApp(async ({ server, page, login }) => {
    const shop = await seedLookups(server);
    const product = (modelo, marca) => ({
      modelo,
      marca: { id: marca },
      categorias: [{ id: shop.sol }],
      material: { id: shop.acetato },
      genero: 'Unisex',
      costo: 1000,
      precio: 3600.5,
      productoLocales: [{ local: { id: shop.laCruz }, stock: 2 }],
      proveedores: [{ id: shop.proveedor }],
    });
    await shop.seed.productos([product('A1', shop.rayban), product('V1', shop.vulk)]);

    await login('admin', server.adminPassword);
    await page.getByRole('button', { name: 'GESTIONAR PRODUCTOS' }).click();
    await page.getByRole('link', { name: 'Actualizar precio o costo' }).click();
    await page.getByRole('heading', { name: 'Actualizar precio o costo' }).waitFor();
    await page.getByLabel('Precio', { exact: true }).check();
    await page.getByLabel('Porcentaje').check();
    await page.fill('#valor', '150');
    await page.getByLabel('Marca', { exact: true }).fill('Ray');
    await page.getByRole('list', { name: 'Sugerencias de Marca' }).getByRole('button', { name: 'Ray-Ban' }).click();
    await clickToAlert(page, page.getByRole('button', { name: 'Aplicar Cambios' }), {
      title: 'Valor inválido',
      text: 'El porcentaje debe estar entre 0 y 100.',
    });

    await page.fill('#valor', '10');
    await page.getByRole('button', { name: 'Aplicar Cambios' }).click();
    await page.locator('.swal2-popup').waitFor();
    assert.equal(await page.locator('.swal2-title').textContent(), '¿Estás seguro?');
    assert.equal(
      await page.locator('.swal2-html-container').textContent(),
      'Se actualizarán los precios según los filtros aplicados.',
    );
    await page.getByRole('button', { name: 'Sí, aplicar cambios' }).click();
    await page.waitForFunction(() => document.querySelector('.swal2-title')?.textContent !== '¿Estás seguro?');
    assert.deepEqual(await takeAlert(page), {
      title: 'Actualización Exitosa',
      text: 'Los precios o costos se actualizaron correctamente.',
    });
    await page.waitForURL(/\/inicio$/);
    const after = await server.api('GET', '/api/productos/page/0', shop.token);
    const precios = Object.fromEntries(after.body.content.map((p) => [p.modelo, p.precio]));
    assert.deepEqual(precios, { A1: 3960.55, V1: 3600.5 });

    // the branch stock sheet
    await page.getByRole('button', { name: 'Generar Stock del Local' }).click();
    await page.getByRole('dialog', { name: 'Seleccionar Local' }).waitFor();
    await clickToAlert(page, page.getByRole('button', { name: 'Generar Excel' }), {
      title: 'ATENCIÓN',
      text: 'Por favor selecciona un local',
    });
    await page.selectOption('#stock-local', { label: 'La Cruz' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generar Excel' }).click(),
    ]);
    assert.deepEqual(await takeAlert(page), { title: 'ÉXITO', text: 'Excel generado correctamente' });
    assert.match(download.suggestedFilename(), /^stock_la_cruz_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = await readFile(await download.path());
    assert.equal(bytes.subarray(0, 2).toString(), 'PK', 'an xlsx (zip) file');
  }));

test("an admin types '150,5' as the cost: the price is 541,80, the wheel changes nothing, the form warns before a reload", () =>
  withApp(async ({ server, page, open, login }) => {
    const shop = await seedLookups(server);
    // Forty brands before the one the product will have: its radio is far down the 200 px box.
    for (let i = 1; i <= 40; i += 1) await shop.seed.marca(`Marca ${String(i).padStart(2, '0')}`);
    const zeiss = await shop.seed.marca('Zeiss');
    await login('admin', server.adminPassword);

    await open('/crearProducto');
    await page.getByRole('heading', { name: 'Crear Producto' }).waitFor();
    await page.fill('#modelo', 'RB-COMA');
    await fillFields(page, { marca: 'Ray-Ban', costo: '150,5', stock: '1.000' });
    assert.equal(await page.inputValue('#precio'), '541,80', "'150,5' is 150.50, not 1505");
    await page.getByText('= $ 150,50').waitFor();
    await page.getByText('= $ 541,80').waitFor();
    await page.getByText('= 1000').waitFor();

    // The wheel over a focused price changes nothing (it used to turn 100 into 99.99).
    await page.fill('#precio', '100');
    await page.locator('#precio').focus();
    await page.locator('#precio').hover();
    await page.mouse.wheel(0, 300);
    await page.mouse.wheel(0, -300);
    assert.equal(await page.inputValue('#precio'), '100');

    // A negative price says so, not that the price is missing; the disabled button says why.
    await page.fill('#precio', '-5');
    const crear = page.getByRole('button', { name: 'Crear Producto' });
    assert.ok(await crear.isDisabled());
    await page.getByTestId('save-problems').getByText('Precio: No puede ser negativo.').waitFor();
    await page.fill('#precio', '1.234,5');
    await crear.click();
    assert.equal((await takeAlert(page)).title, 'PRODUCTO CREADO');
    await page.waitForURL(/\/inicio$/);
    const list = await server.api('GET', '/api/productos/page/0', shop.token);
    const creado = list.body.content.find((p) => p.modelo === 'RB-COMA');
    assert.equal(creado.costo, 150.5);
    assert.equal(creado.precio, 1234.5);
    assert.equal(creado.productoLocales[0].stock, 1000);
    await rowOf(page, 'RB-COMA').getByText('$ 1.234,50', { exact: true }).waitFor();

    // Ctrl+click on Editar: the new tab shares the session (it used to open logged out).
    const product = await shop.seed.producto({
      modelo: 'LEJANO',
      marca: { id: zeiss },
      categorias: [{ id: shop.sol }],
      precio: 10,
      productoLocales: [{ local: { id: shop.laCruz }, stock: 1 }],
      proveedores: [{ id: shop.proveedor }],
    });
    await page.reload();
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      rowOf(page, 'LEJANO')
        .getByRole('link', { name: 'Editar' })
        .click({ modifiers: ['Control'] }),
    ]);
    await tab.waitForURL(new RegExp(`/editarProducto/${product}`));
    await tab.getByRole('heading', { name: 'Editar Producto' }).waitFor();
    assert.equal(await tab.locator('.swal2-popup').count(), 0, 'no ERROR LOGIN in the new tab');
    await tab.waitForFunction(() => document.querySelector('#modelo')?.value === 'LEJANO');

    // The brand chosen is scrolled into its box, not hidden 40 rows down.
    const box = tab.getByTestId('marcas');
    const checked = box.locator('.form-check', { has: tab.locator('input:checked') });
    await checked.waitFor();
    const [b, c] = [await box.boundingBox(), await checked.boundingBox()];
    assert.ok(c.y >= b.y && c.y + c.height <= b.y + b.height, 'the chosen brand is visible in its box');
    assert.equal((await checked.textContent()).trim(), 'Zeiss');

    // A reload of the half-edited form asks first; staying keeps what was typed.
    await tab.locator('#modelo').press('End');
    await tab.locator('#modelo').pressSequentially('-2');
    const dialog = new Promise((resolve) => tab.once('dialog', resolve));
    const reload = tab.reload({ timeout: 5_000 }).catch(() => null);
    const question = await dialog;
    assert.equal(question.type(), 'beforeunload');
    await question.dismiss();
    await reload;
    assert.equal(await tab.inputValue('#modelo'), 'LEJANO-2');
    await tab.close({ runBeforeUnload: false });
  }));
