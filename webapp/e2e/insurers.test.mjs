// Obras sociales against the real server: an admin creates one with two plans in its screen; a
// seller on a phone registers a patient with it, their plan and affiliate number; the existing
// front end's free text says the same, and an obra social a patient names is not deleted.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { acceptConfirm, clickToAlert, screenshot, takeAlert } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { TZ } from './support/days.mjs';
import { loginOn, noSideways } from './support/page.mjs';
import { seeder } from './support/seed.mjs';

const withApp = useApp();
const LAPTOP = { viewport: { width: 1366, height: 768 } };

test('an admin keeps an obra social with its plans; a seller on a phone gives a patient its plan and number', () =>
  withApp(async ({ server, newPage }) => {
    const shop = await seeder(server);
    const local = await shop.laCruz();
    await shop.vendedora(local);

    const admin = await newPage({ ...LAPTOP, timezoneId: TZ });
    await loginOn(admin, server.url, 'admin', server.adminPassword);
    await admin.goto(`${server.url}/obrasSociales`);
    await admin.getByRole('heading', { name: 'OBRAS SOCIALES', exact: true }).waitFor();
    await admin.getByRole('link', { name: 'Nueva obra social' }).click();
    await admin.getByRole('heading', { name: 'Nueva obra social' }).waitFor();
    await admin.fill('#obraSocialNombre', 'OSDE');
    await admin.fill('#obraSocialCuit', '30546741253');
    await admin.locator('#obraSocialCuit').blur();
    assert.equal(await admin.inputValue('#obraSocialCuit'), '30-54674125-3');
    await admin.fill('#plan-1-nombre', '210');
    await admin.fill('#plan-1-cristales-porcentaje', '40');
    await admin.fill('#plan-1-cristales-tope', '30.000');
    await admin.fill('#plan-1-armazones-tope', '15.000');
    await admin.check('#plan-1-requiere-receta');
    await admin.fill('#plan-1-validez', '60');
    await admin.getByRole('button', { name: 'Agregar plan' }).click();
    await admin.fill('#plan-2-nombre', '310');
    await admin.fill('#plan-2-cristales-porcentaje', '100');
    console.log('screenshot:', await screenshot(admin, 'obra-social-nueva'));
    await clickToAlert(admin, admin.getByRole('button', { name: 'Guardar' }), {
      title: 'OBRA SOCIAL CREADA',
      text: 'La obra social ha sido creada!',
    });
    const [osde] = (await server.api('GET', '/api/obrasSociales', shop.token)).body;
    assert.deepEqual(
      [osde.nombre, osde.cuit, osde.planes.map((p) => p.nombre), osde.planes[0].cristales],
      ['OSDE', '30546741253', ['210', '310'], { porcentaje: 40, tope: 30000 }],
    );

    // The seller, on a phone, registers Laura with OSDE 210.
    const page = await newPage({ ...PHONE, timezoneId: TZ });
    await loginOn(page, server.url, 'vendedora', 'clave-vendedora');
    await page.goto(`${server.url}/crearPaciente`);
    await page.getByRole('heading', { name: 'Crear Paciente' }).waitFor();
    await page.fill('#nombreCompleto', 'Laura Díaz');
    await page.fill('#celular', '3772 111111');
    await page.getByLabel('Mujer', { exact: true }).check();
    await page.locator('#obraSocial').selectOption(String(osde.id));
    await page.locator('#plan').selectOption({ label: '210' });
    await page.fill('#afiliado', '61 123456 7');
    await noSideways(page, 'the patient form with an obra social');
    console.log('screenshot:', await screenshot(page, 'paciente-obra-social-telefono'));
    await page.getByRole('button', { name: 'Crear Paciente', exact: true }).click();
    assert.equal((await takeAlert(page)).title, 'PACIENTE CREADO');
    await page.waitForURL(/\/crearMovimiento\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const laura = (await server.api('GET', `/api/pacientes/id/${id}`, shop.token)).body;
    assert.deepEqual(laura.afiliacion, {
      obraSocialId: osde.id,
      obraSocial: 'OSDE',
      plan: '210',
      afiliado: '61 123456 7',
    });
    assert.equal(laura.obraSocial, 'OSDE 210', "the existing front end's text");

    // OSDE cannot be deleted while Laura has it.
    await admin.goto(`${server.url}/obrasSociales`);
    await admin.getByRole('button', { name: 'Eliminar OSDE' }).click();
    await acceptConfirm(admin);
    const refused = await takeAlert(admin);
    assert.equal(refused.text, 'Hay pacientes o ventas con esta obra social: no se puede eliminar.');
  }));
