// The audit screens as an admin uses them: a product's stock ledger after a sale and a
// correction, and the event log.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { login, screenshot } from './support/browser.mjs';
import { useApp } from './support/fixture.mjs';

const withApp = useApp();

function created(answer, key) {
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body[key].id;
}

/** A frame with 10 at La Cruz, a sale of 3 by a seller, then a count that finds 5. */
async function seed(server) {
  const token = await server.token('admin', server.adminPassword);
  const api = (method, path, body) => server.api(method, path, token, body);
  const local = created(
    await api('POST', '/api/local', { nombre: 'La Cruz', direccion: 'San Martín 1', celular: '1' }),
    'local',
  );
  const efectivo = created(await api('POST', '/api/metodoPago', { nombre: 'Efectivo' }), 'metodoPago');
  const marca = created(await api('POST', '/api/marca', { nombre: 'Ray-Ban' }), 'marca');
  const sol = created(await api('POST', '/api/categoria', { nombre: 'Sol' }), 'categoria');
  const proveedor = created(await api('POST', '/api/proveedor', { nombre: 'Opti', celular: '1' }), 'proveedor');
  const producto = created(
    await api('POST', '/api/productos', {
      modelo: 'RB2140',
      marca: { id: marca },
      categorias: [{ id: sol }],
      precio: 1000,
      proveedores: [{ id: proveedor }],
      productoLocales: [{ local: { id: local }, stock: 10 }],
    }),
    'producto',
  );
  await server.addUser('vendedora', 'clave-vendedora', ['ROLE_VENDEDOR'], local);
  const seller = await server.token('vendedora', 'clave-vendedora');
  const venta = await server.api('POST', '/api/movimientos', seller, {
    tipoMovimiento: 'ENTRADA',
    fecha: '2026-11-21T10:00',
    local: { id: local },
    total: 3000,
    totalImpuesto: 3000,
    detalles: [{ cantidad: 3, precioUnitario: 1000, subtotal: 3000, producto: { id: producto } }],
    detallesAdicionales: [],
    cajaMovimientos: [{ monto: 3000, montoImpuesto: 3000, metodoPago: { id: efectivo }, fecha: '2026-11-21T10:00' }],
    estadoMovimiento: 'PEDIDO_CRISTALES',
  });
  const movimiento = created(venta, 'movimiento');
  const read = await api('GET', `/api/productos/${producto}`);
  read.body.productoLocales[0].stock = 5;
  assert.equal((await api('PUT', `/api/productos/${producto}`, read.body)).status, 201);
  return { producto, movimiento };
}

test("an admin reads a product's stock ledger with its running balance after a sale and a correction", () =>
  withApp(async ({ server, page }) => {
    const { producto, movimiento } = await seed(server);
    await login(page, server.url, 'admin', server.adminPassword);
    await page.goto(`${server.url}/editarProducto/${producto}`);
    const ledger = page.getByRole('table', { name: 'Libro de stock' });
    await ledger.getByText('Corrección manual').waitFor();
    const rows = ledger.locator('tbody tr');
    assert.equal(await rows.count(), 3);
    const cells = async (i) => (await rows.nth(i).locator('td').allTextContents()).map((t) => t.trim());
    const [carga, venta, correccion] = [await cells(0), await cells(1), await cells(2)];
    assert.ok(carga.includes('Carga inicial') && carga.includes('+10') && carga.includes('10'), carga.join(' | '));
    assert.ok(venta.includes('Venta') && venta.includes('-3') && venta.includes('7'), venta.join(' | '));
    assert.ok(venta.includes('vendedora'), venta.join(' | '));
    assert.equal(await rows.nth(1).getByRole('link').getAttribute('href'), `/editarMovimiento/${movimiento}`);
    assert.ok(correccion.includes('-2') && correccion.includes('5'), correccion.join(' | '));
    console.log('screenshot:', await screenshot(page, 'libro-de-stock'));

    // The log lists the sale among the newest events.
    await page.goto(`${server.url}/auditoria`);
    await page.getByRole('heading', { name: 'AUDITORÍA' }).waitFor();
    await page.locator('#filtroTipo').selectOption('Movimiento');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText(`Movimiento ${movimiento} registrado: ENTRADA`).waitFor();
    console.log('screenshot:', await screenshot(page, 'auditoria'));
  }));
