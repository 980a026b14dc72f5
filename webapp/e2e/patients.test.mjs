// The patient screens, driven as staff would: spec 001 sections 2, 3, 4, 5 and 8.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clickToAlert, screenshot } from './support/browser.mjs';
import { useApp } from './support/fixture.mjs';
import { fichaBody, graduacion, seeder } from './support/seed.mjs';

const withApp = useApp();

const NO_MATCH = 'No se encontraron pacientes con ese nombre/documento.';

/** A branch and a second patient, created through the API. */
async function seed(server) {
  const shop = await seeder(server);
  const laCruz = await shop.local({ nombre: 'La Cruz', direccion: 'San Martín 123', celular: '3772400000' });
  await shop.paciente({
    nombreCompleto: 'Ana Gómez',
    direccion: null,
    celular: '3772 111111',
    documento: '28999000',
    correo: null,
    medico: null,
    obraSocial: null,
    observaciones: null,
    genero: 'Mujer',
    local: { id: laCruz },
    historialFichas: [
      fichaBody({
        fecha: '2024-05-01',
        graduaciones: [
          graduacion('DERECHO', 'LEJOS'),
          graduacion('IZQUIERDO', 'LEJOS'),
          graduacion('DERECHO', 'CERCA'),
          graduacion('IZQUIERDO', 'CERCA'),
        ],
      }),
    ],
  });
  return { token: shop.token, laCruz };
}

const ficha = (page, n) => page.getByRole('group', { name: `Ficha de graduación ${n}`, exact: true });
/** Waits until the form shows n fichas. */
const fichaCount = (page, n) =>
  page.waitForFunction(
    (n) => document.querySelectorAll('fieldset[aria-label^="Ficha de graduación "]').length === n,
    n,
  );
const field = (scope, label) => scope.getByLabel(label, { exact: true });
const rowOf = (page, nombre) =>
  page.locator('tbody tr', { has: page.getByRole('cell', { name: nombre, exact: true }) });
const rowCount = (page, n) => page.waitForFunction((n) => document.querySelectorAll('tbody tr').length === n, n);
const searchIn = (page, name) => page.getByRole('search', { name });

async function openList(page) {
  await page.getByRole('button', { name: 'ADMINISTRAR' }).click();
  await page.getByTestId('menu-administrar').getByRole('link', { name: 'Pacientes' }).click();
  await page.getByRole('heading', { name: 'LISTADO DE PACIENTES' }).waitFor();
}

test('staff register a patient with a ficha, find it by name and document, and add a ficha on edit', () =>
  withApp(async ({ server, page, login }) => {
    const { token } = await seed(server);
    await login('admin', server.adminPassword);
    await openList(page);
    await rowOf(page, 'Ana Gómez').waitFor();

    // create
    await page.getByRole('link', { name: 'Crear paciente' }).click();
    await page.getByRole('heading', { name: 'Crear Paciente' }).waitFor();
    const crear = page.getByRole('button', { name: 'Crear Paciente', exact: true });
    assert.ok(await crear.isDisabled(), 'needs name, phone, branch and gender');
    await page.fill('#nombreCompleto', 'José Pérez Núñez');
    await page.fill('#celular', '3772 400400');
    await page.fill('#documento', '30123456');
    await page.fill('#medico', 'Dra. Ruiz');
    await page.getByLabel('La Cruz', { exact: true }).check();
    assert.ok(await crear.isDisabled(), 'still needs a gender');
    await page.getByLabel('Hombre', { exact: true }).check();
    assert.ok(await crear.isEnabled());

    await fichaCount(page, 1);
    const nueva = ficha(page, 1);
    assert.match(await field(nueva, 'Fecha').inputValue(), /^\d{2}\/\d{2}\/\d{4}$/);
    assert.equal(await field(nueva, 'Esférico cerca derecho').inputValue(), '0,00');
    await field(nueva, 'Esférico lejos derecho').fill('-1,25');
    await field(nueva, 'Adición derecho').fill('+2');
    assert.equal(await field(nueva, 'Esférico cerca derecho').inputValue(), '+0,75', 'near = far + addition');
    await field(nueva, 'Adición derecho').blur();
    assert.equal(await field(nueva, 'Esférico lejos derecho').inputValue(), '-1,25');
    assert.equal(await field(nueva, 'Adición derecho').inputValue(), '+2,00');
    await field(nueva, 'Eje lejos derecho').fill('090');
    await field(nueva, 'Eje lejos derecho').blur();
    assert.equal(await field(nueva, 'Eje lejos derecho').inputValue(), '90');
    await field(nueva, 'DNP derecho').fill('31,5');
    await field(nueva, 'DNP derecho').blur();
    console.log('screenshot:', await screenshot(page, 'crear-paciente'));

    await clickToAlert(page, crear, {
      title: 'PACIENTE CREADO',
      text: 'El paciente ha sido creado exitosamente.',
    });
    await page.waitForURL(/\/crearMovimiento\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const created = await server.api('GET', `/api/pacientes/id/${id}`, token);
    assert.equal(created.status, 200);
    assert.equal(created.body.nombreCompleto, 'José Pérez Núñez');
    assert.equal(created.body.historialFichas.length, 1);
    const [primera] = created.body.historialFichas;
    const grad = (f, ojo, tipo) => f.graduaciones.find((g) => g.ojo === ojo && g.tipo === tipo);
    assert.equal(grad(primera, 'DERECHO', 'LEJOS').esferico, -1.25);
    assert.equal(grad(primera, 'DERECHO', 'LEJOS').eje, 90);
    assert.equal(grad(primera, 'DERECHO', 'CERCA').esferico, 0.75);
    assert.equal(primera.adicionDerecho, 2);
    assert.equal(primera.dnpDerecho, 31.5);

    // find it by name (part of it, other case, no accents) and by document
    await openList(page);
    await rowOf(page, 'José Pérez Núñez').waitFor();
    await rowCount(page, 2);
    const porNombre = searchIn(page, 'Buscar por nombre');
    assert.ok(await porNombre.getByRole('button', { name: 'Buscar' }).isDisabled(), 'blank search disabled');
    await porNombre.getByRole('textbox').fill('PEREZ NUN');
    await porNombre.getByRole('button', { name: 'Buscar' }).click();
    await rowCount(page, 1);
    await rowOf(page, 'José Pérez Núñez').waitFor();

    await page.getByRole('button', { name: 'Limpiar Filtros' }).click();
    await rowCount(page, 2);
    const porDocumento = searchIn(page, 'Buscar por documento');
    await porDocumento.getByRole('textbox').fill('99999999');
    await clickToAlert(page, porDocumento.getByRole('button', { name: 'Buscar' }), {
      title: 'SIN RESULTADOS',
      text: NO_MATCH,
    });
    await page.getByText('No se encontraron pacientes', { exact: true }).waitFor();
    await porDocumento.getByRole('textbox').fill('30123456');
    await porDocumento.getByRole('button', { name: 'Buscar' }).click();
    await rowCount(page, 1);
    const row = rowOf(page, 'José Pérez Núñez');
    await row.waitFor();
    assert.equal(
      await row.getByRole('link', { name: 'Ver compras' }).getAttribute('href'),
      `/adminitrarCajaPaciente/${encodeURIComponent('José Pérez Núñez')}?id=${id}`,
    );
    assert.equal(
      await row.getByRole('link', { name: 'Registrar un movimiento' }).getAttribute('href'),
      `/crearMovimiento/${id}`,
    );

    // edit: add a ficha, change a field
    await row.getByRole('link', { name: 'Editar' }).click();
    await page.waitForURL(new RegExp(`/editarPaciente/${id}$`));
    await page.getByRole('heading', { name: 'Editar Paciente' }).waitFor();
    await page.waitForFunction(() => document.querySelector('#nombreCompleto')?.value === 'José Pérez Núñez');
    await fichaCount(page, 1);
    assert.equal(await field(ficha(page, 1), 'Esférico cerca derecho').inputValue(), '+0,75');
    const eliminarFicha = page.getByRole('button', { name: 'Eliminar última ficha' });
    assert.ok(await eliminarFicha.isDisabled(), 'one ficha left: cannot remove');

    await page.getByRole('button', { name: 'Agregar ficha' }).click();
    await fichaCount(page, 2);
    await field(ficha(page, 1), 'Puente').fill('19');
    await field(ficha(page, 1), 'Esférico lejos izquierdo').fill('-0,5');
    await field(ficha(page, 1), 'Adición izquierdo').fill('1,75');
    assert.equal(await field(ficha(page, 1), 'Esférico cerca izquierdo').inputValue(), '+1,25');
    // a third one, removed again after the confirmation (same date: the one listed first goes)
    await page.getByRole('button', { name: 'Agregar ficha' }).click();
    await fichaCount(page, 3);
    await eliminarFicha.click();
    await page.locator('.swal2-popup').waitFor();
    assert.equal((await page.locator('.swal2-title').textContent())?.trim(), '¿Estás seguro?');
    await page.getByRole('button', { name: 'Sí, eliminar' }).click();
    await page.locator('.swal2-popup').waitFor({ state: 'hidden' });
    await fichaCount(page, 2);
    assert.equal(await field(ficha(page, 1), 'Puente').inputValue(), '19');

    await page.fill('#medico', 'Dr. Sosa');
    assert.equal(
      await page.getByRole('link', { name: 'Ver compras' }).getAttribute('href'),
      `/adminitrarCajaPaciente/${encodeURIComponent('José Pérez Núñez')}?id=${id}`,
    );
    console.log('screenshot:', await screenshot(page, 'editar-paciente'));
    await clickToAlert(page, page.getByRole('button', { name: 'Editar Paciente', exact: true }), {
      title: 'PACIENTE EDITADO',
      text: 'El paciente ha sido actualizado correctamente.',
    });
    await page.waitForURL(new RegExp(`/crearMovimiento/${id}$`));

    const edited = await server.api('GET', `/api/pacientes/id/${id}`, token);
    assert.equal(edited.status, 200);
    assert.equal(edited.body.medico, 'Dr. Sosa');
    assert.equal(edited.body.historialFichas.length, 2);
    const segunda = edited.body.historialFichas.find((f) => f.puente === 19);
    assert.ok(segunda, 'the new ficha was saved');
    assert.equal(grad(segunda, 'IZQUIERDO', 'LEJOS').esferico, -0.5);
    assert.equal(grad(segunda, 'IZQUIERDO', 'CERCA').esferico, 1.25);
    assert.equal(segunda.adicionIzquierdo, 1.75);
    const vieja = edited.body.historialFichas.find((f) => f.id === primera.id);
    assert.equal(grad(vieja, 'DERECHO', 'CERCA').esferico, 0.75, 'the first ficha is kept');
  }));
