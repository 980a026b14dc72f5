// A sale covered by an obra social at the counter, on a phone, against the real server: the
// patient's OSDE 210 prefills the coverage, the parts show as the lines are added, the
// prescription is asked for, the patient pays their part and owes nothing more; the obra
// social owes its part.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot, takeAlert } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { TZ, dayFromToday, ddmmyyyy } from './support/days.mjs';
import { addPayment, addProduct, cellsOf, loginOn, noSideways } from './support/page.mjs';
import { seeder } from './support/seed.mjs';

const withApp = useApp();

test('a seller on a phone sells to a patient of OSDE 210: the obra social pays its part, the patient the rest', () =>
  withApp(async ({ server, newPage }) => {
    const shop = await seeder(server);
    const local = await shop.laCruz();
    await shop.metodoPago('Efectivo');
    await shop.vendedora(local);
    const { lente, armazon, paciente } = await shop.osdeConPaciente(local);

    const page = await newPage({ ...PHONE, timezoneId: TZ });
    await loginOn(page, server.url, 'vendedora', 'clave-vendedora');
    await page.goto(`${server.url}/crearMovimiento/${paciente}`);
    await page.getByRole('heading', { name: 'Crear Movimiento' }).waitFor();
    await page.getByText('Laura Díaz').first().waitFor();
    await addProduct(page, 'Orma Blue', lente);
    await addProduct(page, 'Aviator', armazon);
    assert.ok(await page.locator('#conCobertura').isChecked(), "the patient's obra social prefills it");
    await page
      .getByTestId('parteObraSocial')
      .getByText('La obra social paga $ 45.000,00 (cristales $ 30.000,00, armazones $ 15.000,00)')
      .waitFor();
    await page.getByTestId('partePaciente').getByText('El paciente paga $ 95.000,00').waitFor();
    // OSDE 210 asks for the prescription.
    await page.fill('#coberturaMedico', 'Dra. Paz');
    await page.fill('#coberturaMatricula', 'MP 1234');
    await page.fill('#coberturaFechaReceta', ddmmyyyy(dayFromToday(-10)));
    await addPayment(page, 0, 'Efectivo', '95.000');
    await noSideways(page, 'the covered sale');
    console.log('screenshot:', await screenshot(page, 'venta-con-obra-social-telefono'));
    await page.getByRole('button', { name: 'Guardar' }).click();
    assert.equal((await takeAlert(page)).title, 'MOVIMIENTO CREADO');

    const lista = await server.api('GET', '/api/movimientos/lista?page=0&size=5', shop.token);
    const venta = lista.body.content[0];
    assert.deepEqual(
      [venta.deuda, venta.cobertura?.monto, venta.cobertura?.obraSocial, venta.cobertura?.medico],
      [0, 45000, 'OSDE', 'Dra. Paz'],
    );
    // The admin reads it on the obras sociales' screen.
    const admin = await newPage({ viewport: { width: 1366, height: 768 }, timezoneId: TZ });
    await loginOn(admin, server.url, 'admin', server.adminPassword);
    await admin.goto(`${server.url}/obrasSociales`);
    const debe = admin.getByRole('table', { name: 'Lo que deben las obras sociales' });
    // All of it, and all of it not presented in a liquidación yet.
    assert.deepEqual(await cellsOf(debe.locator('tbody tr', { hasText: 'OSDE' })), [
      'OSDE',
      '1',
      '$ 45.000,00',
      '$ 45.000,00',
      ddmmyyyy(dayFromToday(0)),
    ]);
    const deudas = await server.api('GET', '/api/obrasSociales/deudas', shop.token);
    assert.deepEqual(
      deudas.body.map((d) => [d.obraSocial, d.monto, d.sinPresentar]),
      [['OSDE', 45000, 45000]],
    );
  }));
