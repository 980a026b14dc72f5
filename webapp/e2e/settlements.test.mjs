// Liquidaciones against the real server: an admin presents this month's covered sale of OSDE,
// records the obra social's transfer with a rejected part (débito) typed as es-AR writes it, bills
// that part to the patient, and the same liquidación reads on a phone without sideways scrolling.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { acceptConfirm, screenshot, takeAlert } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { TZ, dayFromToday, ddmmyyyy } from './support/days.mjs';
import { loginOn, noSideways, rowText } from './support/page.mjs';
import { pago, seeder } from './support/seed.mjs';

const withApp = useApp();
const LAPTOP = { viewport: { width: 1366, height: 768 } };

test('an admin presents the month of OSDE, records its transfer with a débito and bills it to the patient', () =>
  withApp(async ({ server, newPage }) => {
    const shop = await seeder(server);
    const local = await shop.laCruz();
    const efectivo = await shop.metodoPago('Efectivo');
    const { osde, lente, armazon, paciente } = await shop.osdeConPaciente(local);
    // Today's sale: OSDE pays 30.000 of the lens (40 % capped) and 15.000 of the frame; Laura
    // pays the other 95.000 in cash.
    const hoy = dayFromToday(0);
    const fecha = `${hoy}T10:00`;
    const venta = await shop.venta({
      local,
      paciente,
      fecha,
      total: 140000,
      pagos: [pago(efectivo, 95000, fecha)],
      detalles: [
        { cantidad: 1, precioUnitario: 80000, subtotal: 80000, producto: { id: lente } },
        { cantidad: 1, precioUnitario: 60000, subtotal: 60000, producto: { id: armazon } },
      ],
      cobertura: {
        obraSocialId: osde,
        plan: '210',
        afiliado: '61 123456 7',
        medico: 'Dra. Paz',
        matricula: 'MP 1234',
        fechaReceta: dayFromToday(-5),
      },
    });

    const admin = await newPage({ ...LAPTOP, timezoneId: TZ });
    await loginOn(admin, server.url, 'admin', server.adminPassword);
    await admin.goto(`${server.url}/obrasSociales`);
    await admin.getByRole('heading', { name: 'OBRAS SOCIALES', exact: true }).waitFor();
    const deben = 'Lo que deben las obras sociales';
    await admin.locator(`table[aria-label="${deben}"]`).getByText('OSDE').waitFor();
    assert.equal(
      await rowText(admin, deben, 'OSDE'),
      `OSDE | 1 | $ 45.000,00 | $ 45.000,00 | ${ddmmyyyy(hoy)}`,
      'all of it not presented yet',
    );

    // The month's sale, checked, with what OSDE pays.
    await admin.getByRole('link', { name: 'Liquidaciones', exact: true }).click();
    await admin.getByRole('heading', { name: 'LIQUIDACIONES', exact: true }).waitFor();
    await admin.locator('#liquidacionObraSocial:not([disabled])').selectOption(String(osde));
    await admin.locator('#liquidacionMes').selectOption(hoy.slice(0, 7));
    const pendientes = admin.locator('table[aria-label="Ventas sin presentar"]');
    await pendientes.getByText('Laura Díaz').waitFor();
    const [, dia, comprobante, , afiliado, plan, receta, , aCargo] = (
      await rowText(admin, 'Ventas sin presentar', 'Laura Díaz')
    ).split(' | ');
    assert.deepEqual(
      [dia, afiliado, plan, receta, aCargo],
      [ddmmyyyy(hoy), '61 123456 7', '210', `Dra. Paz · MP 1234 · ${ddmmyyyy(dayFromToday(-5))}`, '$ 45.000,00'],
    );
    assert.ok(comprobante.endsWith(`N.º ${venta}`), comprobante);
    assert.ok(await admin.getByRole('checkbox', { name: `Presentar la venta N.º ${venta}` }).isChecked());
    assert.equal(await admin.getByTestId('total-presentar').textContent(), 'Total a presentar: $ 45.000,00');
    console.log('screenshot:', await screenshot(admin, 'liquidacion-pendientes'));
    await admin.getByRole('button', { name: 'Presentar liquidación' }).click();
    const presentada = await takeAlert(admin);
    assert.equal(presentada.title, 'LIQUIDACIÓN PRESENTADA');
    const id = Number(/N\.º (\d+)/.exec(presentada.text)?.[1]);
    assert.equal(presentada.text, `La liquidación N.º ${id} fue presentada.`);
    await admin.waitForURL(new RegExp(`/obrasSociales/liquidaciones/${id}$`));
    await admin.getByRole('heading', { name: `Liquidación N.º ${id}` }).waitFor();

    // Back in the list, the sale is no longer pending and the liquidación is listed.
    await admin.getByRole('link', { name: 'Volver' }).click();
    await admin.getByText('No hay ventas con cobertura de este mes sin presentar.').waitFor();
    const mes = `${hoy.slice(5, 7)}/${hoy.slice(0, 4)}`;
    assert.equal(
      await rowText(admin, 'Liquidaciones', mes, { dropLast: true }),
      `${mes} | ${id} | ${ddmmyyyy(hoy)} | 1 | $ 45.000,00 | $ 0,00 | $ 0,00 | $ 45.000,00 | Presentada`,
    );
    await admin.getByRole('link', { name: `Ver la liquidación N.º ${id}` }).click();
    await admin.getByRole('heading', { name: `Liquidación N.º ${id}` }).waitFor();
    assert.equal(await admin.getByTestId('estado').first().textContent(), 'Presentada');
    assert.equal(await admin.getByTestId('liquidacion-pendiente').textContent(), '$ 45.000,00');

    // The workbook and the PDF answer with the session's token.
    for (const [tipo, contentType] of [
      ['excel', 'spreadsheetml'],
      ['pdf', 'application/pdf'],
    ]) {
      const file = await fetch(`${server.url}/api/liquidaciones/${id}/${tipo}`, {
        headers: { Authorization: `Bearer ${shop.token}` },
      });
      assert.equal(file.status, 200, tipo);
      assert.ok(file.headers.get('content-type')?.includes(contentType), file.headers.get('content-type'));
    }

    // OSDE transfers 20.000 and rejects 1.000 of the sale.
    const cobro = admin.getByRole('form', { name: 'Registrar cobro' });
    assert.equal(await admin.inputValue('#cobroFecha'), ddmmyyyy(hoy));
    await admin.fill('#cobroReferencia', 'TRF 0045');
    await admin.fill('#cobroMonto', '20.000');
    await cobro.getByRole('button', { name: 'Agregar débito' }).click();
    assert.equal(await admin.inputValue('#debito-1-venta'), String(venta), 'the one sale comes chosen');
    await admin.fill('#debito-1-monto', '1.000,00');
    await admin.fill('#debito-1-motivo', 'Falta el troquel');
    await admin.getByTestId('queda-pendiente').getByText('$ 24.000,00').waitFor();
    console.log('screenshot:', await screenshot(admin, 'liquidacion-cobro'));
    await cobro.getByRole('button', { name: 'Registrar cobro' }).click();
    assert.deepEqual(await takeAlert(admin), { title: 'COBRO REGISTRADO', text: 'El cobro fue registrado.' });
    await admin.getByTestId('liquidacion-pendiente').getByText('$ 24.000,00').waitFor();
    assert.equal(await admin.getByTestId('estado').first().textContent(), 'Cobrada en parte');
    assert.equal(await admin.getByTestId('liquidacion-debitado').textContent(), '$ 1.000,00');
    assert.equal(await rowText(admin, 'Cobros', 'TRF 0045'), `1 | ${ddmmyyyy(hoy)} | TRF 0045 | $ 20.000,00`);
    assert.equal(await admin.inputValue('#cobroMonto'), '', 'a blank form for the next transfer');

    // The rejected 1.000 is billed to Laura.
    await admin.getByRole('button', { name: `Facturar al paciente $ 1.000,00 de la venta N.º ${venta}` }).click();
    const pregunta = await acceptConfirm(admin);
    assert.equal(pregunta.title, `¿Facturar al paciente $ 1.000,00 de la venta N.º ${venta}?`);
    assert.deepEqual(await takeAlert(admin), {
      title: 'DÉBITO FACTURADO',
      text: `Se facturó al paciente $ 1.000,00 de la venta N.º ${venta}.`,
    });
    await admin.getByTestId('liquidacion-facturado').getByText('$ 1.000,00').waitFor();
    const item = admin.locator('table[aria-label="Ventas de la liquidación"] tbody tr', { hasText: 'Laura Díaz' });
    await item.getByText('Facturado al paciente').waitFor();
    assert.equal(await item.getByRole('button', { name: /Facturar al paciente/ }).count(), 0);
    console.log('screenshot:', await screenshot(admin, 'liquidacion-detalle'));

    const lista = await server.api('GET', '/api/movimientos/lista?page=0&size=5', shop.token);
    const vendida = lista.body.content.find((m) => m.id === venta);
    assert.equal(vendida?.deuda, 1000, 'Laura owes the rejected part');
    const deudas = await server.api('GET', '/api/obrasSociales/deudas', shop.token);
    assert.deepEqual(
      deudas.body.map((d) => [d.obraSocial, d.monto, d.sinPresentar]),
      [['OSDE', 24000, 0]],
    );

    // The same liquidación on a phone.
    const phone = await newPage({ ...PHONE, timezoneId: TZ });
    await loginOn(phone, server.url, 'admin', server.adminPassword);
    await phone.goto(`${server.url}/obrasSociales/liquidaciones/${id}`);
    await phone.getByRole('heading', { name: `Liquidación N.º ${id}` }).waitFor();
    await phone.getByRole('form', { name: 'Registrar cobro' }).getByRole('button', { name: 'Agregar débito' }).click();
    await noSideways(phone, 'a liquidación on a phone');
    console.log('screenshot:', await screenshot(phone, 'liquidacion-telefono'));
    await phone.goto(`${server.url}/obrasSociales/liquidaciones?obraSocial=${osde}&mes=${hoy.slice(0, 7)}`);
    await phone.locator('table[aria-label="Liquidaciones"]').getByText('Cobrada en parte').waitFor();
    await noSideways(phone, 'the liquidaciones on a phone');
  }));
