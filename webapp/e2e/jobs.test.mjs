// Lab jobs and customer notices through the screens, against the real server and a
// real SMTP server (aiosmtpd, scripts/lib/smtp.sh): the seller orders the job of a sale with
// lenses from the sale's page (a promised day before today is refused in the server's words; the
// page shows the sale's receipt number), finds no notice offered before the glasses are ready (the
// server refuses one too), moves the job through 'Control de calidad' (a move with a stale
// version, sent with the page's session, is refused: 409), 'Rehacer' (the reason asked first; the
// server refuses it without one too) and 'Anteojo Terminado' (the server mails the
// customer by itself: 'Enviado' once the maildir has it), sees the history with the time in each
// state, tells the customer by WhatsApp (the wa.me chat opens with the patient's Argentine number;
// the notice reads 'Abierto en WhatsApp'), is asked '¿Enviar otro correo?' before a second mail
// (cancelled: none sent; accepted: sent), downloads the work order and, from the cash list (the
// row shows the receipt number), the receipt, as the browser does (read with pdftotext, their
// first pages drawn with pdftoppm: trabajos-orden.png, trabajos-recibo.png), finds the job in
// 'Recordatorios' and delivers it; the public order page follows the job's state. The counter's
// phone and the admin's labs: jobs-phone.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clickToAlert, screenshot, takeAlert } from './support/browser.mjs';
import { useApp } from './support/fixture.mjs';
import { cellsOf, loginOn } from './support/page.mjs';
import { TZ, ddmmyyyy } from './support/days.mjs';
import {
  AYER,
  CELULAR,
  COMPROBANTE,
  CORREO,
  EN_TRES_DIAS,
  HOY,
  TIEMPO,
  WA_ME,
  includesAll,
  moveTo,
  readPdf,
  seed,
  startSmtpSink,
} from './support/jobs.mjs';

const withApp = useApp();

test('a job from the order to the notices and the delivery, with a real mail server', async () => {
  const smtp = await startSmtpSink();
  try {
    await withApp(
      async ({ server, newPage }) => {
        const { shop, venta, vendedora } = await seed(server);
        const page = await newPage({ timezoneId: TZ });
        // The wa.me chat the notice opens: answered here (the network is closed).
        await page
          .context()
          .route('https://wa.me/**', (route) =>
            route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }),
          );
        await loginOn(page, server.url, 'vendedora', 'clave-vendedora');

        // The sale's page: no job yet; a promised day before today is refused by the server.
        await page.goto(`${server.url}/editarMovimiento/${venta}`);
        const seccion = page.getByTestId('trabajo-venta');
        await seccion.getByRole('heading', { name: 'Trabajo de laboratorio' }).waitFor();
        // The sale's receipt number, under its title.
        const [, comprobante] = (await page.getByTestId('comprobante').textContent()).match(COMPROBANTE) ?? [];
        assert.ok(comprobante, 'the sale has a receipt number');
        const encargo = page.getByRole('form', { name: 'Encargar al laboratorio' });
        await encargo.waitFor();
        const encargar = encargo.getByRole('button', { name: 'Encargar' });
        assert.ok(await encargar.isDisabled());
        await page.locator('#encargoLaboratorio').selectOption({ label: 'Lab Sur' });
        await page.fill('#encargoPrometido', ddmmyyyy(AYER));
        await page.fill('#encargoBandeja', 'B-07');
        await page.fill('#encargoNotas', 'Antirreflejo azul');
        await clickToAlert(page, encargar, {
          title: 'ERROR DE VALIDACIÓN',
          text: 'La fecha prometida no puede ser anterior al día del pedido.',
        });
        await page.fill('#encargoPrometido', ddmmyyyy(EN_TRES_DIAS));
        console.log('screenshot:', await screenshot(page, 'trabajos-venta-encargar'));
        await clickToAlert(page, encargar, {
          title: 'TRABAJO ENCARGADO',
          text: 'El trabajo ha sido encargado al laboratorio!',
        });
        await seccion.getByTestId('estado').getByText('Pidiendo Cristales').waitFor();
        console.log('screenshot:', await screenshot(page, 'trabajos-venta'));
        await seccion.getByRole('link', { name: 'Ver trabajo' }).click();

        // The job: the order, the frozen prescription, the frame and the lens.
        await page.waitForURL(`${server.url}/trabajos/${venta}`);
        await page.getByRole('heading', { name: `Trabajo de la venta ${comprobante}` }).waitFor();
        const receta = page.getByRole('table', { name: 'Receta' });
        await receta.waitFor();
        const filas = (await receta.locator('tbody tr').allTextContents()).map((t) => t.trim());
        assert.deepEqual(filas, [
          'LejosOD-1,25-0,5090',
          'LejosOI-1,000,000',
          'CercaOD+0,75-0,5090',
          'CercaOI+1,000,000',
        ]);
        const medidas = await page.getByTestId('medidas').textContent();
        assert.match(medidas, /Adición OD:\+2,00/);
        assert.match(medidas, /DNP OD:31,5/);
        assert.equal((await page.getByTestId('cristales').textContent()).trim(), 'Orma Blue Essilor');
        assert.equal((await page.getByTestId('armazon').textContent()).trim(), 'RB5154 Ray-Ban');
        assert.equal(await page.locator('#pedidoBandeja').inputValue(), 'B-07');
        assert.equal(await page.locator('#pedidoPrometido').inputValue(), ddmmyyyy(EN_TRES_DIAS));

        // No notice before the glasses are ready: both buttons wait and say why; the server refuses too.
        const porque = "El trabajo todavía no está terminado: avisá cuando esté en 'Anteojo Terminado'.";
        await page.getByText(porque).waitFor();
        assert.ok(await page.getByRole('button', { name: 'Avisar por correo' }).isDisabled());
        assert.ok(await page.getByRole('button', { name: 'Avisar por WhatsApp' }).isDisabled());
        const temprano = await server.api('POST', `/api/trabajos/${venta}/avisos`, vendedora, { canal: 'EMAIL' });
        assert.equal(temprano.status, 400, JSON.stringify(temprano.body));
        assert.deepEqual(temprano.body, { errors: [porque] });

        // Control de calidad; 'Rehacer' asks for the reason first, and the server refuses it too.
        await moveTo(page, 'CONTROL_CALIDAD');
        await page.getByTestId('estado').getByText('Control de calidad').waitFor();

        // A move from a screen left behind (a version before the job's) is refused, and moves nothing:
        // sent from the page's request context with the page's own session token.
        const sesion = await page.evaluate(() => sessionStorage.getItem('optica.token'));
        assert.ok(sesion, 'the page holds its session token');
        const comoPagina = { Authorization: `Bearer ${sesion}` };
        const leido = await page.request.get(`${server.url}/api/trabajos/${venta}`, { headers: comoPagina });
        assert.equal(leido.status(), 200);
        const { version, estado: antes } = await leido.json();
        assert.equal(antes, 'CONTROL_CALIDAD');
        const viejo = await page.request.post(`${server.url}/api/trabajos/${venta}/estado`, {
          headers: comoPagina,
          data: { estado: 'ENTREGADO', version: version - 1 },
        });
        assert.equal(viejo.status(), 409, await viejo.text());
        assert.deepEqual(await viejo.json(), {
          mensaje:
            'El trabajo fue modificado por otra persona desde que se abrió. Vuelva a cargarlo para ver los cambios.',
        });
        const despues = await (
          await page.request.get(`${server.url}/api/trabajos/${venta}`, { headers: comoPagina })
        ).json();
        assert.equal(despues.estado, 'CONTROL_CALIDAD');
        assert.equal(despues.version, version);
        const sinMotivo = await server.api('POST', `/api/trabajos/${venta}/estado`, shop.token, { estado: 'REHACER' });
        assert.equal(sinMotivo.status, 400, JSON.stringify(sinMotivo.body));
        assert.deepEqual(sinMotivo.body, { errors: ['Para rehacer un trabajo indicá el motivo.'] });
        await page.locator('#trabajoNuevoEstado').selectOption('REHACER');
        await page.getByText('Para rehacer un trabajo indicá el motivo.').waitFor();
        assert.ok(await page.getByRole('button', { name: 'Cambiar estado' }).isDisabled());
        await moveTo(page, 'REHACER', 'Cristal rayado');
        await page.getByTestId('estado').getByText('Rehacer').waitFor();

        // Anteojo Terminado: WhatsApp is offered first; the server mails the customer by itself
        // (the notices table asks again until the mail went).
        await moveTo(page, 'ANTEOJO_TERMINADO');
        const listo = page.getByTestId('avisos-acciones');
        await listo.getByText('¡Anteojo terminado! Avisale al cliente que puede retirarlo.').waitFor();
        assert.equal(await page.getByText(porque).count(), 0);
        const [mail] = await smtp.waitFor(1);
        assert.ok(mail.includes(CORREO), 'the mail goes to the patient');
        const avisos = page.locator('table[aria-label="Avisos"] tbody tr');
        const correo = avisos.filter({ hasText: 'Correo' }).first();
        await correo.getByText('Enviado').waitFor({ timeout: 20_000 });
        const [canal, destinatario, solicitado, estadoAviso] = await cellsOf(correo);
        assert.deepEqual([canal, destinatario, estadoAviso], ['Correo', CORREO, 'Enviado']);
        assert.match(solicitado, new RegExp(`^${ddmmyyyy(HOY)} \\d{2}:\\d{2}$`));

        // The history: each state since when, who, why, and for how long.
        const historial = page.locator('table[aria-label="Historial"] tbody tr');
        const pasos = [];
        for (let i = 0; i < (await historial.count()); i++) pasos.push(await cellsOf(historial.nth(i)));
        assert.deepEqual(
          pasos.map(([estado, , usuario, motivo]) => [estado, usuario, motivo]),
          [
            ['Pidiendo Cristales', 'vendedora', ''],
            ['Control de calidad', 'vendedora', ''],
            ['Rehacer', 'vendedora', 'Cristal rayado'],
            ['Anteojo Terminado', 'vendedora', ''],
          ],
        );
        for (const [, desde, , , tiempo] of pasos) {
          assert.match(desde, new RegExp(`^${ddmmyyyy(HOY)} \\d{2}:\\d{2}$`));
          assert.match(tiempo, TIEMPO);
        }

        // 'Avisar por WhatsApp': recorded, then the chat opens with the patient's number.
        const [chat] = await Promise.all([
          page.context().waitForEvent('page'),
          listo.getByRole('button', { name: 'Avisar por WhatsApp' }).click(),
        ]);
        await chat.waitForLoadState();
        assert.ok(chat.url().startsWith(WA_ME), chat.url());
        await chat.close();
        await avisos.filter({ hasText: 'WhatsApp' }).first().waitFor();
        const whatsappAviso = await cellsOf(avisos.filter({ hasText: 'WhatsApp' }).first());
        assert.deepEqual(
          [whatsappAviso[0], whatsappAviso[1], whatsappAviso[3]],
          ['WhatsApp', CELULAR, 'Abierto en WhatsApp'],
        );

        // Another mail is asked first (the customer has one): cancelled, nothing is asked of the
        // server; accepted, it goes.
        const avisosAntes = await avisos.count();
        const otroCorreo = async () => {
          await page.getByRole('button', { name: 'Avisar por correo' }).click();
          await page.locator('.swal2-popup').waitFor();
          assert.equal((await page.locator('.swal2-title').textContent())?.trim(), '¿Enviar otro correo?');
          assert.equal(
            (await page.locator('.swal2-html-container').textContent())?.trim(),
            'El cliente ya tiene un correo de este trabajo.',
          );
          assert.equal((await page.locator('.swal2-confirm').textContent())?.trim(), 'Sí, enviar');
        };
        await otroCorreo();
        await page.locator('.swal2-cancel', { hasText: 'Cancelar' }).click();
        await page.locator('.swal2-popup').waitFor({ state: 'hidden' });
        await page.reload();
        await page.getByRole('heading', { name: `Trabajo de la venta ${comprobante}` }).waitFor();
        await avisos.nth(avisosAntes - 1).waitFor();
        assert.equal(await avisos.count(), avisosAntes);
        assert.equal((await smtp.messages()).length, 1);
        await otroCorreo();
        await page.locator('.swal2-confirm').click();
        // The answer follows in the same popup.
        await page.waitForFunction(
          () => document.querySelector('.swal2-title')?.textContent !== '¿Enviar otro correo?',
        );
        assert.deepEqual(await takeAlert(page), {
          title: 'AVISO REGISTRADO',
          text: 'El aviso por correo quedó en camino.',
        });
        await smtp.waitFor(2);
        await page.waitForFunction(
          () =>
            [...document.querySelectorAll('table[aria-label="Avisos"] tbody tr')].filter(
              (r) => r.textContent.includes('Correo') && r.textContent.includes('Enviado'),
            ).length === 2,
          null,
          { timeout: 20_000 },
        );
        console.log('screenshot:', await screenshot(page, 'trabajos-detalle'));

        // The work order PDF, downloaded as the browser does: the job's number, the lab, the tray.
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Orden de trabajo (PDF)' }).click(),
        ]);
        assert.equal(download.suggestedFilename(), `orden_trabajo_${venta}.pdf`);
        assert.deepEqual(await takeAlert(page), {
          title: 'ÉXITO',
          text: 'La orden de trabajo se ha descargado correctamente.',
        });
        const ordenTexto = await readPdf(download, 'trabajos-orden');
        includesAll(ordenTexto, [
          `Orden de trabajo N° ${venta}`,
          `Comprobante de la venta: N° ${comprobante}`,
          'Laboratorio: Lab Sur',
          'Bandeja: B-07',
          'Laura Díaz',
          'Antirreflejo azul',
        ]);

        // The public order page follows the job: the glasses are ready.
        const enlace = await page.getByRole('link', { name: 'Ver estado del pedido' }).getAttribute('href');
        assert.match(enlace, new RegExp(`^${server.url}/estadoCompra/[^/]+$`));
        const visitante = await newPage({ timezoneId: TZ });
        await visitante.goto(enlace);
        await visitante.getByRole('heading', { name: 'Anteojo Terminado' }).waitFor();

        // The open jobs, from the menu.
        await page.getByRole('button', { name: 'LABORATORIO' }).click();
        await page.getByRole('link', { name: 'TRABAJOS' }).click();
        await page.getByRole('heading', { name: 'TRABAJOS' }).waitFor();
        const fila = page.getByTestId(`trabajo-${venta}`);
        const celdas = await cellsOf(fila);
        assert.deepEqual(celdas.slice(0, 5), [
          comprobante,
          'Laura Díaz',
          'Lab Sur',
          ddmmyyyy(EN_TRES_DIAS),
          'Anteojo Terminado',
        ]);
        assert.match(celdas[5], TIEMPO);
        console.log('screenshot:', await screenshot(page, 'trabajos-lista'));

        // Reminders: her check-up is due (ficha of 2024) and the glasses wait (0 days).
        await page.getByRole('button', { name: 'LABORATORIO' }).click();
        await page.getByRole('link', { name: 'RECORDATORIOS' }).click();
        await page.getByRole('heading', { name: 'RECORDATORIOS' }).waitFor();
        assert.equal(await page.locator('#recordatorioMeses').inputValue(), '12');
        assert.equal(await page.locator('#recordatorioDias').inputValue(), '7');
        await page.getByText('No hay anteojos sin retirar.').waitFor();
        const control = page.getByRole('table', { name: 'Controles vencidos' }).locator('tbody tr', {
          hasText: 'Laura Díaz',
        });
        assert.deepEqual((await cellsOf(control)).slice(0, 3), ['Laura Díaz', CELULAR, '02/05/2024']);
        const aviso = control.getByRole('link', { name: 'WhatsApp a Laura Díaz' });
        assert.ok((await aviso.getAttribute('href')).startsWith(WA_ME));
        assert.equal(await aviso.getAttribute('target'), '_blank');
        await page.fill('#recordatorioDias', '0');
        const sinRetirar = page.getByTestId(`sin-retirar-${venta}`);
        const retiro = await cellsOf(sinRetirar);
        assert.deepEqual(
          [retiro[0], retiro[1], retiro[2], retiro[4], retiro[5]],
          [comprobante, 'Laura Díaz', CELULAR, 'Centro', 'WhatsApp'],
        );
        assert.ok(
          (await sinRetirar.getByRole('link', { name: 'WhatsApp a Laura Díaz' }).getAttribute('href')).startsWith(
            WA_ME,
          ),
        );
        console.log('screenshot:', await screenshot(page, 'trabajos-recordatorios'));

        // The cash list: the sale's receipt number in its row, and its receipt, downloaded as the
        // browser does: the number, not an invoice, the lines, what is owed and the status link.
        await page.goto(`${server.url}/adminitrarCaja`);
        const caja = page.locator('tbody tr', { hasText: 'Laura Díaz' });
        await caja.getByText(`Comprobante N° ${comprobante}`).waitFor();
        const pdfCliente = caja.getByRole('button', { name: 'PDF Comprobante' });
        assert.equal(await pdfCliente.getAttribute('title'), 'Comprobante para el cliente');
        const [recibo] = await Promise.all([page.waitForEvent('download'), pdfCliente.click()]);
        assert.equal(recibo.suggestedFilename(), `reporte_movimiento_cliente_${venta}.pdf`);
        const reciboTexto = await readPdf(recibo, 'trabajos-recibo');
        includesAll(reciboTexto, [
          `Comprobante N° ${comprobante}`,
          'Documento no válido como factura',
          'Paciente: Laura Díaz',
          'Cant.',
          'P. unitario',
          'Subtotal',
          'Orma Blue Essilor',
          'Total: $ 80.000,00',
          'Adeuda: $ 50.000,00',
          '/estadoCompra/',
        ]);
        assert.ok(reciboTexto.includes(enlace), `the status link ${enlace} in ${reciboTexto}`);

        // Delivered: out of the open jobs; the public page says so.
        await page.goto(`${server.url}/trabajos/${venta}`);
        await page.getByRole('heading', { name: `Trabajo de la venta ${comprobante}` }).waitFor();
        await moveTo(page, 'ENTREGADO');
        await page.getByTestId('estado').getByText('Entregado').waitFor();
        await page.getByRole('link', { name: 'Volver' }).click();
        await page.getByText('No hay trabajos.').waitFor();
        await page.locator('#trabajoEstado').selectOption('ENTREGADO');
        await page.getByTestId(`trabajo-${venta}`).getByText('Entregado').waitFor();
        await visitante.reload();
        await visitante.getByRole('heading', { name: 'Entregado' }).waitFor();
        // Two mails in all: the one on 'Anteojo Terminado' and the one asked for.
        assert.equal((await smtp.messages()).length, 2);
      },
      {
        env: {
          OPTICA_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          OPTICA_SMTP_FROM: 'Óptica <avisos@optica.test>',
          OPTICA_PUBLIC_URL: (url) => url,
        },
      },
    );
  } finally {
    await smtp.stop();
  }
});
