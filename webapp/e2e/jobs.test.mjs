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
// 'Recordatorios' and delivers it; the public order page follows the job's state. A second test,
// without a mail server, on the counter's phone: the job page fits 390 px and the mail notice of
// a finished job is refused in the server's words; the admin's labs.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { artifactsDir, clickToAlert, screenshot, takeAlert } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { pago, seeder } from './support/seed.mjs';
import { cellsOf, loginOn, noSideways } from './support/page.mjs';
import { TZ, dayFromToday, ddmmyyyy } from './support/days.mjs';
import { freePort } from './support/server.mjs';

const withApp = useApp();

const HOY = dayFromToday(0);
const AYER = dayFromToday(-1);
const EN_TRES_DIAS = dayFromToday(3);

/** The patient's phone as the counter writes it, and the number wa.me gets (549 + area + number). */
const CELULAR = '0379 15 4123456';
const WA_ME = 'https://wa.me/5493794123456';
const CORREO = 'laura@cliente.test';

// --------------------------------------------------------------------------- the SMTP server

const canConnect = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** aiosmtpd on a free port, storing what it receives in a maildir; `messages()` reads it. */
async function startSmtpSink() {
  const python = process.env.OPTICA_SMTP_SINK_PYTHON;
  assert.ok(python, 'OPTICA_SMTP_SINK_PYTHON no está definido (scripts/lib/smtp.sh lo define)');
  const port = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'optica-e2e-smtp-'));
  const maildir = path.join(dir, 'maildir');
  let output = '';
  const child = spawn(
    python,
    ['-m', 'aiosmtpd', '-n', '-l', `127.0.0.1:${port}`, '-c', 'aiosmtpd.handlers.Mailbox', maildir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  while (!(await canConnect(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`el servidor SMTP no arrancó:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const messages = async () => {
    const texts = [];
    for (const sub of ['new', 'cur']) {
      const files = await readdir(path.join(maildir, sub)).catch(() => []);
      for (const f of files) texts.push(await readFile(path.join(maildir, sub, f), 'utf8'));
    }
    return texts;
  };
  /** Waits up to 20 s for `n` messages. */
  const waitFor = async (n) => {
    const until = Date.now() + 20_000;
    for (;;) {
      const found = await messages();
      if (found.length >= n) return found;
      if (Date.now() > until) throw new Error(`el servidor SMTP recibió ${found.length} mensajes, no ${n}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  return { port, messages, waitFor, stop };
}

// --------------------------------------------------------------------------------- the shop

/** Centro with a lens (category Cristal) and a frame, the lab, Laura Díaz with a ficha of 2024, a
 * phone and an email, a seller at Centro, and her sale of both. */
async function seed(server) {
  const shop = await seeder(server);
  const centro = await shop.local({ nombre: 'Centro', direccion: 'Junín 1200', celular: '3794 000000' });
  const efectivo = await shop.metodoPago('Efectivo');
  const essilor = await shop.marca('Essilor');
  const rayBan = await shop.marca('Ray-Ban');
  const cristal = await shop.categoria('Cristal');
  const receta = await shop.categoria('Receta');
  const proveedor = await shop.proveedor('Opti', '1');
  const lente = await shop.modelo(centro, 'Orma Blue', {
    marca: essilor,
    categoria: cristal,
    proveedor,
    precio: 30000,
    stock: 10,
  });
  const armazon = await shop.modelo(centro, 'RB5154', {
    marca: rayBan,
    categoria: receta,
    proveedor,
    precio: 50000,
    stock: 3,
  });
  const laboratorio = await shop.laboratorio('Lab Sur', '3794 555555');
  const grad = (ojo, tipo, esferico, cilindrico, eje) => ({ ojo, tipo, esferico, cilindrico, eje });
  const paciente = await shop.paciente({
    nombreCompleto: 'Laura Díaz',
    celular: CELULAR,
    correo: CORREO,
    genero: 'Mujer',
    local: { id: centro },
    historialFichas: [
      {
        fecha: '2024-05-02',
        dnpDerecho: 31.5,
        dnpIzquierdo: 31,
        alturaPupilarDerecho: null,
        alturaPupilarIzquierdo: null,
        alturaPelicula: null,
        puente: 18,
        diagonalMayor: null,
        largo: null,
        alturaArmazon: null,
        adicionDerecho: 2,
        adicionIzquierdo: 2,
        graduaciones: [
          grad('DERECHO', 'LEJOS', -1.25, -0.5, 90),
          grad('IZQUIERDO', 'LEJOS', -1, 0, 0),
          grad('DERECHO', 'CERCA', 0.75, -0.5, 90),
          grad('IZQUIERDO', 'CERCA', 1, 0, 0),
        ],
        cristales: [],
      },
    ],
  });
  await shop.seller('vendedora', 'clave-vendedora', centro);
  const vendedora = await server.token('vendedora', 'clave-vendedora');
  const fecha = `${HOY}T10:00`;
  const venta = await shop.venta(
    {
      local: centro,
      paciente,
      fecha,
      total: 80000,
      detalles: [
        { cantidad: 1, precioUnitario: 30000, subtotal: 30000, producto: { id: lente } },
        { cantidad: 1, precioUnitario: 50000, subtotal: 50000, producto: { id: armazon } },
      ],
      pagos: [pago(efectivo, 30000, fecha)],
    },
    vendedora,
  );
  return { shop, centro, laboratorio, paciente, venta, vendedora };
}

/** Moves the job on its page to `estado` (with `motivo`), answering the success alert. */
async function moveTo(page, estado, motivo) {
  await page.locator('#trabajoNuevoEstado').selectOption(estado);
  if (motivo !== undefined) await page.fill('#trabajoMotivo', motivo);
  await clickToAlert(page, page.getByRole('button', { name: 'Cambiar estado' }), {
    title: 'ESTADO ACTUALIZADO',
    text: 'El estado del trabajo ha sido actualizado!',
  });
}

const TIEMPO = /^\d+ (min|h|día|días)$/;

/** A sale's receipt number: branch, then number (per branch, without gaps). */
const COMPROBANTE = /Comprobante N° (\d{4}-\d{8})/;

/** A downloaded PDF: its bytes (checked to be one), its text as `pdftotext -layout` reads it with
 * the spaces folded, and its first page drawn at 60 dpi into e2e-artifacts/`name`.png. */
async function readPdf(download, name) {
  const file = await download.path();
  const bytes = await readFile(file);
  assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
  const text = spawnSync('pdftotext', ['-layout', file, '-']);
  assert.equal(text.status, 0, `pdftotext could not read ${name}: ${text.stderr}`);
  await mkdir(artifactsDir, { recursive: true });
  const png = path.join(artifactsDir, name);
  const drawn = spawnSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, png]);
  assert.equal(drawn.status, 0, `pdftoppm could not draw ${name}: ${drawn.stderr}`);
  console.log('pdf page:', `${png}.png`);
  return text.stdout.toString('utf8').replace(/\s+/g, ' ');
}

const includesAll = (text, expected) => {
  for (const e of expected) assert.ok(text.includes(e), `${e} in ${text}`);
};

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
        await page.getByRole('heading', { name: `Trabajo #${venta}` }).waitFor();
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
        await page.getByRole('heading', { name: `Trabajo #${venta}` }).waitFor();
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
          `#${venta}`,
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
          [`#${venta}`, 'Laura Díaz', CELULAR, 'Centro', 'WhatsApp'],
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
        await page.getByRole('heading', { name: `Trabajo #${venta}` }).waitFor();
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
    await phone.getByRole('heading', { name: `Trabajo #${venta}` }).waitFor();
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
