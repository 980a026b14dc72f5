// The visitors' catalogue (spec 000: the INVENTARIO menu of users without roles), against the real
// server: a visitor, never logged in, browses one category with prices and no cost or stock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useApp } from './support/fixture.mjs';
import { seeder } from './support/seed.mjs';

const withApp = useApp();

test('a visitor opens a category from INVENTARIO and sees its products and prices, no stock, no cost', () =>
  withApp(async ({ server, page, open }) => {
    const seed = await seeder(server);
    const rayban = await seed.marca('Ray-Ban');
    const vulk = await seed.marca('Vulk');
    const sol = await seed.categoria('Anteojos de Sol');
    const receta = await seed.categoria('Receta');
    const laCruz = await seed.local({ nombre: 'La Cruz', direccion: 'La Cruz 1', celular: '1' });
    const proveedor = await seed.proveedor('Opti SA', '11');
    const body = (modelo, marca, categoria, costo, precio) => ({
      modelo,
      marca: { id: marca },
      categorias: [{ id: categoria }],
      costo,
      precio,
      productoLocales: [{ local: { id: laCruz }, stock: 7 }],
      proveedores: [{ id: proveedor }],
    });
    await seed.producto(body('RB3025', rayban, sol, 1000, 359999.96));
    await seed.producto(body('VK-SOL', vulk, sol, 500, 1234.5));
    await seed.producto(body('RECETA-1', vulk, receta, 800, 2000));

    await open('/inicio');
    // The menu's entries name their category once the public category list has loaded.
    await page.waitForSelector(`a[href="/catalogo/page/0?categoria=${sol}"]`, { state: 'attached' });
    await page.getByTestId('menu-inventario').getByRole('button').first().click();
    await page.getByRole('link', { name: 'Anteojos de sol' }).click();
    await page.getByRole('cell', { name: 'RB3025', exact: true }).waitFor();
    const url = new URL(page.url());
    assert.equal(url.pathname, '/catalogo/page/0');
    assert.equal(url.searchParams.get('categoria'), String(sol));
    assert.equal(await page.getByRole('heading', { name: 'NUESTRO CATÁLOGO' }).count(), 1);
    const headers = await page.getByRole('columnheader').allTextContents();
    assert.deepEqual(headers, ['Modelo', 'Marca', 'Precio', 'Descripción']);
    const rows = await page.locator('tbody tr').allInnerTexts();
    assert.equal(rows.length, 2, rows.join(' | '));
    const text = await page.locator('main, body').first().innerText();
    assert.match(text, /\$ 359\.999,96/);
    assert.match(text, /\$ 1\.234,50/);
    assert.match(text, /Ray-Ban/);
    assert.doesNotMatch(text, /RECETA-1/, 'another category');
    assert.doesNotMatch(text, /Stock|Costo|La Cruz: 7|\$ 1\.000,00/);
    assert.doesNotMatch(text, /ERROR LOGIN/);
    assert.equal(new URL(page.url()).pathname, '/catalogo/page/0');

    // The header's contact details are the server's (GET /api/tienda).
    const answer = await fetch(`${server.url}/api/tienda`);
    assert.equal(answer.status, 200);
    const tienda = await answer.json();
    assert.equal((await page.getByTestId('shop-name').innerText()).trim(), tienda.nombre);
    assert.ok(tienda.whatsapp, 'the test server sets a WhatsApp number');
    const whatsapp = page.locator(`header a[href="https://wa.me/${tienda.whatsapp}"]`);
    assert.equal(await whatsapp.count(), 1);
    // The floating button calls the same number.
    assert.equal(await page.getByTestId('whatsapp').getAttribute('href'), `https://wa.me/${tienda.whatsapp}`);
  }));
