// Every staff screen of the menu, as an admin sees it with a shop's data, on a 1366 × 768 laptop
// and on a 390 px phone: nothing scrolls sideways, neither the page nor a table inside it, so every
// button and link of the screen is in sight; the customers' WhatsApp button is not there; and
// axe-core finds nothing serious or critical (contrast among it) there nor on the login and the
// customers' pages (the catalogue, an order's status...), which fit too and do show the WhatsApp
// button. Screenshots e2e-artifacts/pantallas-{ancho}-{pantalla}.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible } from './support/a11y.mjs';
import { screenshot } from './support/browser.mjs';
import { TZ } from './support/days.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { AYER, EN_TRES_DIAS, HOY, seed as seedJobShop } from './support/jobs.mjs';
import { fitsWidth, loginOn } from './support/page.mjs';
import { pago } from './support/seed.mjs';

const withApp = useApp();

const LAPTOP = { viewport: { width: 1366, height: 768 } };
const SIZES = [
  ['1366', LAPTOP],
  ['390', PHONE],
];

/** The lab shop of the job tests (Centro, Laura Díaz's lens sale that still owes, a seller) and
 * around it something on every screen: her job at the lab, a branch Norte with a transfer on its
 * way and a reorder point reached, a count, a long sale paid two ways, an expense, and yesterday
 * closed short at Centro (the pink row of the closing); the audit has all of it. */
async function seed(server) {
  const { shop, centro, laboratorio, paciente, venta } = await seedJobShop(server);
  const tarjeta = await shop.metodoPago('Tarjeta de crédito');
  const metodos = await server.api('GET', '/api/metodoPago', shop.token);
  const efectivo = metodos.body.find((m) => m.nombre === 'Efectivo').id;
  await shop.trabajo({ movimientoId: venta, laboratorioId: laboratorio, prometido: EN_TRES_DIAS, bandeja: 'B-12' });
  const norte = await shop.local({ nombre: 'Norte', direccion: 'Av. Independencia 3400', celular: '2' });
  const productos = await server.api('GET', '/api/productos/modelo/Orma%20Blue', shop.token);
  const lente = [productos.body].flat()[0].id;
  const transfer = await server.api('POST', '/api/transferencias', shop.token, {
    origenId: centro,
    destinoId: norte,
    lineas: [{ productoId: lente, cantidad: 2 }],
    nota: 'Reposición de la semana para la vidriera del local Norte',
  });
  assert.equal(transfer.status, 201, JSON.stringify(transfer.body));
  const minimo = await server.api('PUT', `/api/productos/${lente}/minimo`, shop.token, { localId: norte, minimo: 4 });
  assert.equal(minimo.status, 200, JSON.stringify(minimo.body));
  const conteo = await server.api('POST', '/api/conteos', shop.token, { localId: centro });
  assert.equal(conteo.status, 201, JSON.stringify(conteo.body));

  const otra = await shop.patient(centro, 'María José Gómez Ruiz de los Santos', '3772 400400');
  const fecha = `${HOY}T11:00`;
  await shop.venta({
    local: centro,
    paciente: otra,
    fecha,
    descripcion: 'Anteojo multifocal con antirreflejo y filtro azul, entrega en diez días hábiles',
    total: 450000,
    adicionales: [{ descripcion: 'Armazón y cristales multifocales', subtotal: 450000 }],
    pagos: [pago(efectivo, 200000, fecha), pago(tarjeta, 150000.5, `${HOY}T11:05`)],
  });
  // Yesterday at Centro: a sale and an expense, the cash counted $ 500 short and the day closed.
  const ayer = `${AYER}T10:00`;
  await shop.venta({
    local: centro,
    paciente: otra,
    fecha: ayer,
    total: 15000,
    adicionales: [{ descripcion: 'Estuche y paño', subtotal: 15000 }],
    pagos: [pago(efectivo, 12000, ayer), pago(tarjeta, 3000, ayer)],
  });
  await shop.gasto(centro, 'Pago de luz del mes', 3500, efectivo, `${AYER}T09:00`);
  const cierre = await server.api('POST', `/api/caja/${centro}/${AYER}/cierre`, shop.token, {
    contado: [
      { metodoPagoId: efectivo, monto: 8000 },
      { metodoPagoId: tarjeta, monto: 3000 },
    ],
    motivo: 'Faltante sin identificar al contar la caja',
  });
  assert.equal(cierre.body.caja?.estado, 'CERRADA', JSON.stringify(cierre.body));
  const movimiento = await server.api('GET', `/api/movimientos/${venta}`, shop.token);
  return { centro, norte, venta, lente, paciente, codigo: movimiento.body.codigoEstado };
}

/** The staff screens of the menu: path, heading, what shows the screen loaded (or a step that
 * fills it), and the screenshot's name. */
const screens = ({ centro, norte, venta, lente, paciente }) => [
  ['/adminitrarCaja', 'LISTADO DE MOVIMIENTOS', (p) => p.getByText('Anteojo multifocal', { exact: false }), 'caja'],
  ['/productos/page/0', 'NUESTRO CATÁLOGO', (p) => p.getByText('Orma Blue').first(), 'productos'],
  ['/adminitrarPaciente', 'LISTADO DE PACIENTES', (p) => p.getByText('Laura Díaz').first(), 'pacientes'],
  ['/trabajos', 'TRABAJOS', (p) => p.locator('main tbody tr').first(), 'trabajos'],
  ['/recordatorios', 'RECORDATORIOS', null, 'recordatorios'],
  ['/transferencias', 'TRANSFERENCIAS', (p) => p.locator('main tbody tr', { hasText: 'Enviada' }), 'transferencias'],
  ['/conteos', 'CONTEOS', (p) => p.getByText(/de \d+ contados/).first(), 'conteos'],
  [
    `/cierreCaja?local=${centro}&fecha=${AYER}`,
    'CIERRE DE CAJA',
    (p) => p.getByRole('table', { name: 'Resultado del conteo' }),
    'cierre',
  ],
  ['/cuentasCorrientes', 'CUENTAS CORRIENTES', (p) => p.getByTestId('total-adeudado'), 'cuentas'],
  ['/estadistica', 'ESTADÍSTICAS', statistics, 'estadisticas'],
  ['/rentabilidad', 'RENTABILIDAD', (p) => p.getByRole('button', { name: 'Ver', exact: true }), 'rentabilidad'],
  ['/auditoria', 'AUDITORÍA', (p) => p.locator('main tbody tr').first(), 'auditoria'],
  ['/usuarios', 'USUARIOS', (p) => p.getByText('vendedora').first(), 'usuarios'],
  ['/reponer', 'REPONER', (p) => reorder(p, norte), 'reponer'],
  ['/adminitrarLocal', null, (p) => p.getByText('Av. Independencia 3400').first(), 'locales'],
  // Beyond the menu: a sale's page (its receipt number under the title), a product's (its stock
  // per branch and ledger) and a patient's (fichas), each with the audit panel below.
  [`/editarMovimiento/${venta}`, 'Editar Movimiento', (p) => p.getByTestId('comprobante'), 'venta'],
  [`/editarProducto/${lente}`, 'Editar Producto', (p) => p.getByRole('table', { name: 'Libro de stock' }), 'producto'],
  [`/editarPaciente/${paciente}`, 'Editar Paciente', (p) => p.getByRole('table', { name: 'Historial' }), 'paciente'],
];

/** The statistics of this month: the filters applied, the cards and the charts drawn. */
async function statistics(page) {
  const [y, m] = HOY.split('-');
  await page.fill('#fechaInicio', `01/${m}/${y}`);
  await page.fill('#fechaFin', HOY.split('-').reverse().join('/'));
  await page.getByRole('button', { name: 'Aplicar Filtros' }).click();
  await page.getByLabel('Cantidad vendida').waitFor();
  return page.locator('.recharts-surface').first();
}

/** 'Reponer' of Norte, where the lens is below its point. */
async function reorder(page, norte) {
  await page.locator('#reponerLocal').selectOption(String(norte));
  return page.getByText('Orma Blue').first();
}

/** What keeps a cashier from an action: the page scrolling sideways, a table scrolling inside its
 * box, or a visible button or link of the screen beyond the window's sides. */
async function sidewaysTrouble(page) {
  return page.evaluate(() => {
    const trouble = [];
    const width = window.innerWidth;
    const page = document.documentElement.scrollWidth;
    if (page > width) trouble.push(`la página mide ${page} px en una ventana de ${width} px`);
    for (const box of document.querySelectorAll('main .table-responsive, main table')) {
      if (box.scrollWidth > box.clientWidth + 1)
        trouble.push(`${box.getAttribute('aria-label') ?? box.className}: ${box.scrollWidth} px en ${box.clientWidth}`);
    }
    for (const control of document.querySelectorAll('main button, main a')) {
      const r = control.getBoundingClientRect();
      if (r.width <= 1 || !control.checkVisibility({ visibilityProperty: true })) continue;
      if (r.left < -1 || r.right > width + 1) {
        const name = control.textContent?.trim() || control.getAttribute('aria-label') || control.tagName;
        trouble.push(`«${name}» entre ${Math.round(r.left)} y ${Math.round(r.right)} px`);
      }
    }
    return trouble;
  });
}

test('every staff screen fits a 1366 px laptop and a 390 px phone, with no WhatsApp button and readable contrast', () =>
  withApp(async ({ server, newPage }) => {
    const shop = await seed(server);
    for (const [ancho, options] of SIZES) {
      const page = await newPage({ ...options, timezoneId: TZ });
      await loginOn(page, server.url, 'admin', server.adminPassword);
      for (const [path, heading, ready, name] of screens(shop)) {
        const what = `${name} a ${ancho} px`;
        await page.goto(`${server.url}${path}`);
        if (heading) await page.getByRole('heading', { name: heading, exact: true }).waitFor();
        if (ready) await (await ready(page)).waitFor();
        await page.waitForLoadState('networkidle');
        assert.deepEqual(await sidewaysTrouble(page), [], what);
        await fitsWidth(page, what);
        assert.equal(await page.getByTestId('whatsapp').count(), 0, `${what}: no WhatsApp button for staff`);
        await assertAccessible(page, what);
        console.log('screenshot:', await screenshot(page, `pantallas-${ancho}-${name}`));
      }
    }
  }));

test("the login and the customers' pages: readable and fitting, WhatsApp on the customers' pages only", () =>
  withApp(async ({ server, newPage }) => {
    const { codigo } = await seed(server);
    for (const [ancho, options] of SIZES) {
      const page = await newPage({ ...options, timezoneId: TZ });
      for (const [path, heading, name, whatsapp] of [
        ['/login', 'Iniciar Sesión', 'login', false],
        ['/catalogo/page/0', 'NUESTRO CATÁLOGO', 'catalogo', true],
        [`/estadoCompra/${codigo}`, 'Estado de tu pedido', 'pedido', true],
        ['/cristaleria', 'CRISTALERÍA', 'cristaleria', true],
        ['/sobreNosotros', 'SOBRE NOSOTROS', 'sobre-nosotros', true],
        ['/visitanos', 'VISITANOS', 'visitanos', true],
      ]) {
        const what = `${name} a ${ancho} px`;
        await page.goto(`${server.url}${path}`);
        await page.getByRole('heading', { name: heading }).waitFor();
        await page.waitForLoadState('networkidle');
        if (whatsapp) await page.getByTestId('whatsapp').waitFor();
        else assert.equal(await page.getByTestId('whatsapp').count(), 0, `${what}: no WhatsApp button`);
        assert.deepEqual(await sidewaysTrouble(page), [], what);
        await assertAccessible(page, what);
        console.log('screenshot:', await screenshot(page, `pantallas-${ancho}-${name}`));
      }
    }
  }));
