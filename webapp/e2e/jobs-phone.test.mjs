// A lab job on the counter's phone, against the real server without a mail server: the job page
// fits 390 px and the mail notice of a finished job is refused in the server's words; the admin's labs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clickToAlert, screenshot, takeAlert } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { loginOn, noSideways } from './support/page.mjs';
import { TZ } from './support/days.mjs';
import { EN_TRES_DIAS, seed } from './support/jobs.mjs';

const withApp = useApp();

test("on the counter's phone the job fits; without a mail server the mail is refused; the admin's labs", () =>
  withApp(async ({ server, newPage, page, login }) => {
    const { shop, laboratorio, venta, vendedora } = await seed(server);
    await shop.trabajo(
      { movimientoId: venta, laboratorioId: laboratorio, prometido: EN_TRES_DIAS, bandeja: 'B-07' },
      vendedora,
    );
    // The glasses are ready: the customer may be told (the server has no mail server to do it).
    const listo = await server.api('POST', `/api/trabajos/${venta}/estado`, vendedora, {
      estado: 'ANTEOJO_TERMINADO',
    });
    assert.equal(listo.status, 200, JSON.stringify(listo.body));

    const phone = await newPage({ ...PHONE, timezoneId: TZ });
    await loginOn(phone, server.url, 'vendedora', 'clave-vendedora');
    await phone.goto(`${server.url}/trabajos/${venta}`);
    await phone.getByRole('heading', { name: /^Trabajo de la venta \d{4}-\d{8}$/ }).waitFor();
    await phone.getByRole('table', { name: 'Receta' }).waitFor();
    await noSideways(phone, 'trabajo');
    console.log('screenshot:', await screenshot(phone, 'trabajos-telefono'));
    await clickToAlert(phone, phone.getByRole('button', { name: 'Avisar por correo' }), {
      title: 'ERROR DE VALIDACIÓN',
      text: 'La óptica no tiene configurado el envío de correos.',
    });
    await phone.goto(`${server.url}/trabajos`);
    await phone.getByTestId(`trabajo-${venta}`).waitFor();
    await noSideways(phone, 'trabajos');
    console.log('screenshot:', await screenshot(phone, 'trabajos-telefono-lista'));
    await phone.goto(`${server.url}/editarMovimiento/${venta}`);
    await phone.getByTestId('trabajo-venta').getByRole('link', { name: 'Ver trabajo' }).waitFor();
    await noSideways(phone, 'venta');

    // The admin's labs: one more, and the one with a job is not deleted.
    await login('admin', server.adminPassword);
    await page.getByRole('button', { name: 'ADMINISTRAR' }).click();
    await page.getByRole('link', { name: 'Laboratorios' }).click();
    await page.getByRole('heading', { name: 'ADMINISTRAR LABORATORIOS' }).waitFor();
    await page.getByLabel('Lab Sur — 3794 555555').check();
    await page.getByRole('button', { name: 'Eliminar' }).click();
    // Asked first; the refusal follows in the same popup.
    await page.locator('.swal2-popup').waitFor();
    assert.equal((await page.locator('.swal2-title').textContent())?.trim(), '¿Estás seguro ?');
    await page.getByRole('button', { name: 'Si, eliminarlo' }).click();
    await page.waitForFunction(() => document.querySelector('.swal2-title')?.textContent !== '¿Estás seguro ?');
    assert.deepEqual(await takeAlert(page), {
      title: 'ERROR AL ELIMINAR EL LABORATORIO',
      text: 'Existen trabajos encargados a este laboratorio. Por favor elimine esos trabajos para continuar',
    });
    await page.getByRole('button', { name: 'Limpiar selección' }).click();
    await page.getByLabel('Nombre').fill('Lab Norte');
    await page.getByLabel('Celular').fill('3794 666666');
    await clickToAlert(page, page.getByRole('button', { name: 'Crear' }), {
      title: 'El laboratorio ha sido creado con éxito!',
      text: '',
    });
    const labs = await server.api('GET', '/api/laboratorio', shop.token);
    assert.deepEqual(labs.body.map((l) => l.nombre).sort(), ['Lab Norte', 'Lab Sur']);
  }));
