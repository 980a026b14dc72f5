// The lab-job browser tests' shop and tools: a real SMTP server (aiosmtpd, scripts/lib/smtp.sh)
// whose maildir the tests read, the seeded shop (a patient with a ficha, a lens sale, a lab), a
// job's move on its page, and the PDFs read as the browser downloads them.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { artifactsDir, clickToAlert } from './browser.mjs';
import { dayFromToday } from './days.mjs';
import { fichaBody, graduacion, pago, seeder } from './seed.mjs';
import { freePort } from './server.mjs';
export const HOY = dayFromToday(0);
export const AYER = dayFromToday(-1);
export const EN_TRES_DIAS = dayFromToday(3);

/** The patient's phone as the counter writes it, and the number wa.me gets (549 + area + number). */
export const CELULAR = '0379 15 4123456';
export const WA_ME = 'https://wa.me/5493794123456';
export const CORREO = 'laura@cliente.test';

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
export async function startSmtpSink() {
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
export async function seed(server) {
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
  const paciente = await shop.paciente({
    nombreCompleto: 'Laura Díaz',
    celular: CELULAR,
    correo: CORREO,
    genero: 'Mujer',
    local: { id: centro },
    historialFichas: [
      fichaBody({
        fecha: '2024-05-02',
        dnpDerecho: 31.5,
        dnpIzquierdo: 31,
        puente: 18,
        adicionDerecho: 2,
        adicionIzquierdo: 2,
        graduaciones: [
          graduacion('DERECHO', 'LEJOS', -1.25, -0.5, 90),
          graduacion('IZQUIERDO', 'LEJOS', -1, 0, 0),
          graduacion('DERECHO', 'CERCA', 0.75, -0.5, 90),
          graduacion('IZQUIERDO', 'CERCA', 1, 0, 0),
        ],
      }),
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
export async function moveTo(page, estado, motivo) {
  await page.locator('#trabajoNuevoEstado').selectOption(estado);
  if (motivo !== undefined) await page.fill('#trabajoMotivo', motivo);
  await clickToAlert(page, page.getByRole('button', { name: 'Cambiar estado' }), {
    title: 'ESTADO ACTUALIZADO',
    text: 'El estado del trabajo ha sido actualizado!',
  });
}

export const TIEMPO = /^\d+ (min|h|día|días)$/;

/** A sale's receipt number: branch, then number (per branch, without gaps). */
export const COMPROBANTE = /Comprobante N° (\d{4}-\d{8})/;

/** A downloaded PDF: its bytes (checked to be one), its text as `pdftotext -layout` reads it with
 * the spaces folded, and its first page drawn at 60 dpi into e2e-artifacts/`name`.png. */
export async function readPdf(download, name) {
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

export const includesAll = (text, expected) => {
  for (const e of expected) assert.ok(text.includes(e), `${e} in ${text}`);
};
