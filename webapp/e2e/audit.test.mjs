// The audit screens as an admin uses them: a product's stock ledger after a sale and a
// correction, and the event log.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot } from './support/browser.mjs';
import { useApp } from './support/fixture.mjs';
import { pago, seeder } from './support/seed.mjs';

const withApp = useApp();

/** A frame with 10 at La Cruz, a sale of 3 by a seller, then a count that finds 5. */
async function seed(server) {
  const shop = await seeder(server);
  const local = await shop.laCruz();
  const efectivo = await shop.metodoPago('Efectivo');
  const producto = await shop.rb2140(local, { precio: 1000, stock: 10 });
  await shop.vendedora(local);
  const paciente = await shop.patient(local, 'María Gómez', '3772 400000');
  const seller = await server.token('vendedora', 'clave-vendedora');
  const movimiento = await shop.venta(
    {
      local,
      paciente,
      fecha: '2026-11-21T10:00',
      total: 3000,
      detalles: [{ cantidad: 3, precioUnitario: 1000, subtotal: 3000, producto: { id: producto } }],
      pagos: [pago(efectivo, 3000, '2026-11-21T10:00')],
    },
    seller,
  );
  const read = await server.api('GET', `/api/productos/${producto}`, shop.token);
  read.body.productoLocales[0].stock = 5;
  read.body.precio = 1250.5;
  assert.equal((await server.api('PUT', `/api/productos/${producto}`, shop.token, read.body)).status, 201);
  return { producto, movimiento, paciente };
}

test("an admin reads a product's stock ledger with its running balance after a sale and a correction", () =>
  withApp(async ({ server, page, open, login }) => {
    const { producto, movimiento, paciente } = await seed(server);
    await login('admin', server.adminPassword);
    await open(`/editarProducto/${producto}`);
    const ledger = page.getByRole('table', { name: 'Libro de stock' });
    await ledger.getByText('Corrección manual').waitFor();
    const rows = ledger.locator('tbody tr');
    assert.equal(await rows.count(), 3);
    const cells = async (i) => (await rows.nth(i).locator('td').allTextContents()).map((t) => t.trim());
    const [carga, venta, correccion] = [await cells(0), await cells(1), await cells(2)];
    assert.ok(carga.includes('Carga inicial') && carga.includes('+10') && carga.includes('10'), carga.join(' | '));
    assert.ok(venta.includes('Venta') && venta.includes('-3') && venta.includes('7'), venta.join(' | '));
    assert.ok(venta.includes('vendedora'), venta.join(' | '));
    // The sale by the number on the customer's receipt.
    const { body: vendido } = await server.api(
      'GET',
      `/api/movimientos/${movimiento}`,
      await server.token('admin', server.adminPassword),
    );
    const ventaLink = rows.nth(1).getByRole('link', { name: `Venta ${vendido.comprobante}` });
    assert.equal(await ventaLink.getAttribute('href'), `/editarMovimiento/${movimiento}`);
    assert.ok(correccion.includes('-2') && correccion.includes('5'), correccion.join(' | '));
    console.log('screenshot:', await screenshot(page, 'libro-de-stock'));

    // The stock at a moment, typed dd/mm/aaaa hh:mm:ss whatever the browser's language (a native
    // datetime-local showed mm/dd/yyyy in an English one): tomorrow at 00:00:00, after every change.
    const momento = page.locator('#stockMomento');
    assert.equal(await momento.getAttribute('type'), 'text');
    assert.equal(await momento.getAttribute('placeholder'), 'dd/mm/aaaa hh:mm:ss');
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const dd = (n) => String(n).padStart(2, '0');
    await momento.fill(`${dd(tomorrow.getDate())}/${dd(tomorrow.getMonth() + 1)}/${tomorrow.getFullYear()} 00:00:00`);
    await page.getByRole('button', { name: 'Ver stock al momento' }).click();
    const asOf = page.getByRole('table', { name: 'Stock al momento' });
    await asOf.waitFor();
    assert.deepEqual(
      (await asOf.locator('tbody tr').first().locator('td').allTextContents()).map((t) => t.trim()).slice(-1),
      ['5'],
    );

    // The history names the seller's branch and reads the edit as its changed fields.
    const history = page.getByRole('table', { name: 'Historial' });
    await history.getByRole('list', { name: 'Cambios' }).waitFor();
    assert.ok((await history.getByRole('cell', { name: 'La Cruz', exact: true }).count()) >= 1, 'the branch name');
    const cambios = await history.getByRole('list', { name: 'Cambios' }).first().innerText();
    assert.match(cambios, /Precio: \$ 1\.000,00 → \$ 1\.250,50/);
    assert.doesNotMatch(await history.innerText(), /[{}"]/, 'no raw JSON');

    // The log lists the sale among the newest events.
    await open('/auditoria');
    const pacientes = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/pacientes')) pacientes.push(url.pathname);
    });
    await page.getByRole('heading', { name: 'AUDITORÍA' }).waitFor();
    // Every filter takes what the table shows: the product's stock changes by the event's label.
    await page.locator('#filtroTipo').selectOption({ label: 'Producto' });
    await page.fill('#filtroEvento', 'Stock ajustado');
    await page.getByRole('button', { name: 'Buscar' }).click();
    const ajustes = page.getByRole('table', { name: 'Eventos de auditoría' }).locator('tbody tr');
    await ajustes.filter({ hasText: 'Corrección manual' }).waitFor();
    assert.equal(await ajustes.count(), 3, 'the load, the sale and the correction');
    for (const evento of await ajustes.locator('td[data-label="Evento"]').allTextContents()) {
      assert.equal(evento.trim(), 'Stock ajustado');
    }
    // The product by model and brand, its id kept.
    await page
      .getByText(new RegExp(`^Producto RB2140 .*\\(#${producto}\\), local La Cruz: stock -3 \\(Venta\\) → 7$`))
      .waitFor();
    await page.fill('#filtroEvento', '');
    await page.locator('#filtroTipo').selectOption({ label: 'Movimiento' });
    await page.getByRole('button', { name: 'Buscar' }).click();
    const registrado = `Movimiento N° ${vendido.comprobante} (#${movimiento}) registrado`;
    await page.getByText(`${registrado}: ENTRADA`).waitFor();
    const sale = page.locator('tbody tr', { hasText: registrado });
    assert.ok((await sale.locator('td').allTextContents()).includes('La Cruz'), "the acting seller's branch");
    await sale.getByRole('button', { name: 'Ver datos' }).click();
    const datos = await page.getByRole('list', { name: /^Datos del evento/ }).innerText();
    assert.match(datos, new RegExp(`Paciente: (María Gómez \\()?#${paciente}`));
    assert.match(datos, /Local: La Cruz/);
    assert.match(datos, /Estado: Pidiendo Cristales/);
    assert.match(datos, /Total: \$ 3\.000,00/);
    // The patient by name, the id kept (asked for that patient alone).
    await page.getByText(`Paciente: María Gómez (#${paciente})`).waitFor();
    assert.deepEqual(pacientes, [`/api/pacientes/id/${paciente}`]);
    assert.doesNotMatch(datos, /local_id|PEDIDO_CRISTALES|[{}]/);
    console.log('screenshot:', await screenshot(page, 'auditoria'));
    // At 1280 px 'Desde' and 'Hasta' share a row (Hasta wrapped alone to a second one).
    const top = async (id) => (await page.locator(id).boundingBox()).y;
    assert.equal(await top('#filtroHasta'), await top('#filtroDesde'), 'Desde and Hasta on one row');
  }));
