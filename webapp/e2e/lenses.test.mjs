// Lenses by the category's setting, against the real server: a sale of a category named
// 'Cristales' (not 'cristal') is no lens sale until an admin marks the category in its screen;
// then the lab takes the order, and the admin records the lenses of the sale saved before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clickToAlert, screenshot } from './support/browser.mjs';
import { useApp } from './support/fixture.mjs';
import { dayFromToday } from './support/days.mjs';
import { fichaBody, graduacion, pago, seeder } from './support/seed.mjs';

const withApp = useApp();
const HOY = dayFromToday(0);
const EN_TRES_DIAS = dayFromToday(3);

async function seed(server) {
  const shop = await seeder(server);
  const local = await shop.laCruz();
  const { efectivo } = await shop.efectivoYTarjeta();
  const marca = await shop.marca('Essilor');
  const categoria = await shop.categoria('Cristales');
  const proveedor = await shop.proveedor('Opti', '1');
  const lente = await shop.modelo(local, 'Orma Blue', { marca, categoria, proveedor, precio: 30000, stock: 5 });
  const laboratorio = await shop.laboratorio('Lab Sur', '3794 555555');
  const paciente = await shop.paciente({
    nombreCompleto: 'Laura Díaz',
    celular: '3772 111111',
    genero: 'Mujer',
    local: { id: local },
    historialFichas: [fichaBody({ fecha: '2026-11-02', graduaciones: [graduacion('DERECHO', 'LEJOS', -1.25)] })],
  });
  await shop.vendedora(local);
  const vendedora = await server.token('vendedora', 'clave-vendedora');
  const fecha = `${HOY}T10:00`;
  const venta = await shop.venta(
    {
      local,
      paciente,
      fecha,
      total: 30000,
      detalles: [{ cantidad: 1, precioUnitario: 30000, subtotal: 30000, producto: { id: lente } }],
      pagos: [pago(efectivo, 30000, fecha)],
    },
    vendedora,
  );
  return { shop, laboratorio, paciente, venta, vendedora };
}

/** The lenses recorded in the patient's fichas, by name. */
const lentesDe = async (server, token, paciente) => {
  const { body } = await server.api('GET', `/api/pacientes/id/${paciente}`, token);
  return body.historialFichas.flatMap((f) => (f.cristales ?? []).map((c) => c.nombre));
};

test('a category is lenses by the admin’s setting, and a sale saved before records its lenses', () =>
  withApp(async ({ server, page, open, login }) => {
    const { shop, laboratorio, paciente, venta, vendedora } = await seed(server);
    const orden = { movimientoId: venta, laboratorioId: laboratorio, prometido: EN_TRES_DIAS };
    // Not marked: the lab refuses the order, and nothing reached the patient's ficha.
    const antes = await server.api('POST', '/api/trabajos', vendedora, orden);
    assert.equal(antes.status, 400, JSON.stringify(antes.body));
    assert.deepEqual(await lentesDe(server, shop.token, paciente), []);

    // The admin marks 'Cristales' in the category screen.
    await login('admin', server.adminPassword);
    await open('/adminitrarCategoria');
    await page.getByLabel('Cristales', { exact: true }).click();
    const lentes = page.getByLabel('Sus productos son cristales (lentes)');
    assert.equal(await lentes.isChecked(), false);
    await lentes.check();
    console.log('screenshot:', await screenshot(page, 'categoria-cristales'));
    await clickToAlert(page, page.getByRole('button', { name: 'Editar' }), {
      title: 'la categoria ha sido actualizada!',
      text: '',
    });
    await open('/adminitrarCategoria');
    await page.getByLabel('Cristales — lentes').waitFor();

    // The sale saved before: the admin records its lenses from the sale's page.
    await open(`/editarMovimiento/${venta}`);
    const registrar = page.getByRole('form', { name: 'Registrar cristales en la ficha' });
    await registrar.waitFor();
    console.log('screenshot:', await screenshot(page, 'venta-registrar-cristales'));
    await clickToAlert(page, registrar.getByRole('button', { name: 'Registrar cristales en la ficha' }), {
      title: 'CRISTALES REGISTRADOS',
      text: 'Los cristales de la venta quedaron en la ficha del paciente.',
    });
    assert.deepEqual(await lentesDe(server, shop.token, paciente), ['Orma Blue Essilor']);

    // And now the lab takes the order.
    const despues = await server.api('POST', '/api/trabajos', vendedora, orden);
    assert.equal(despues.status, 201, JSON.stringify(despues.body));
  }));
