// The physical count (inventario) against the real server: an admin starts a count of
// a branch's brand; the seller types the quantities on a phone (one column pasted), saves, and
// never sees the expected stock while it is open; a sale of a counted product is made meanwhile;
// the admin closes it, the differences show and the stock is what was counted less what was sold
// since; the report downloads. Needs the routes conteos and conteos/:id and the menu's CONTEOS.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { clickToAlert, screenshot, takeAlert } from './support/browser.mjs';
import { PHONE, useApp } from './support/fixture.mjs';
import { seeder } from './support/seed.mjs';
import { loginOn, noSideways, rowText } from './support/page.mjs';
import { TZ } from './support/days.mjs';

const withApp = useApp();

/** The shop's time zone (the server's OPTICA_TIMEZONE default). */
/** Now in the shop, `yyyy-MM-ddTHH:mm`, as a movement's date. */
function nowInShop() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: TZ,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** La Cruz with three Vulk frames (Aviator 4 at $ 1.000,50 of cost, Clubmaster 1, RB3025 2) and a
 * Ray-Ban one the brand filter leaves out; a seller there, a patient and cash. */
async function seed(server) {
  const shop = await seeder(server);
  const local = await shop.laCruz();
  await shop.local({ nombre: 'Centro', direccion: 'Mitre 2', celular: '2' });
  const vulk = await shop.marca('Vulk');
  const rayban = await shop.marca('Ray-Ban');
  const sol = await shop.categoria('Anteojos de Sol');
  const proveedor = await shop.proveedor('Opti SA', '11');
  const efectivo = await shop.metodoPago('Efectivo');
  const producto = (modelo, marca, costo, stock) =>
    shop.producto({
      modelo,
      marca: { id: marca },
      categorias: [{ id: sol }],
      costo,
      precio: 2000,
      proveedores: [{ id: proveedor }],
      productoLocales: [{ local: { id: local }, stock }],
    });
  const aviator = await producto('Aviator', vulk, 1000.5, 4);
  const clubmaster = await producto('Clubmaster', vulk, 500, 1);
  const rb3025 = await producto('RB3025', vulk, 800, 2);
  await producto('Wayfarer', rayban, 900, 5);
  const paciente = await shop.patient(local);
  await shop.vendedora(local);
  return { shop, local, efectivo, paciente, aviator, clubmaster, rb3025 };
}

/** The quantities on the open sheet, in its order. */
const quantities = (page) =>
  page
    .locator('table[aria-label="Planilla del conteo"] tbody input')
    .evaluateAll((inputs) => inputs.map((i) => i.value));

/** Pastes `text` into an input as a spreadsheet's copy would arrive. */
const pasteInto = (locator, text) =>
  locator.evaluate((input, data) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', data);
    input.focus();
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, text);

test('an admin counts a brand at a branch: the seller counts blind on a phone, a sale meanwhile, the stock adjusted', () =>
  withApp(async ({ server, newPage }) => {
    const s = await seed(server);

    // The admin starts a count of La Cruz's Vulk frames from the menu.
    const admin = await newPage({ timezoneId: TZ });
    await loginOn(admin, server.url, 'admin', server.adminPassword);
    await admin.getByRole('link', { name: 'CONTEOS' }).click();
    await admin.getByRole('heading', { name: 'CONTEOS' }).waitFor();
    await admin.getByText('No hay conteos.').waitFor();
    await admin.getByRole('button', { name: 'Nuevo conteo' }).click();
    const form = admin.getByRole('form', { name: 'Nuevo conteo' });
    await form.getByText('Elegí el local a contar.').waitFor();
    await form.getByLabel('Local').selectOption({ label: 'La Cruz' });
    await form.getByLabel('Marca (opcional)').selectOption({ label: 'Vulk' });
    console.log('screenshot:', await screenshot(admin, 'conteo-nuevo'));
    await clickToAlert(admin, form.getByRole('button', { name: 'Comenzar conteo' }), {
      title: 'CONTEO INICIADO',
      text: 'El conteo ha comenzado!',
    });
    await admin.getByRole('heading', { name: /^Conteo #\d+$/ }).waitFor();
    const id = Number(new URL(admin.url()).pathname.split('/').at(-1));
    await admin.getByText('0 de 3 contados').waitFor();
    assert.ok(await admin.getByRole('button', { name: 'Cerrar conteo' }).isDisabled());
    await admin.getByText('Faltan contar 3 productos: escribí 0 en los que no hay ninguno.').waitFor();

    // A second count of the same branch is refused in the server's words.
    await admin.goto(`${server.url}/conteos`);
    await admin.getByRole('button', { name: 'Nuevo conteo' }).click();
    await form.getByLabel('Local').selectOption({ label: 'La Cruz' });
    await clickToAlert(admin, form.getByRole('button', { name: 'Comenzar conteo' }), {
      title: 'ERROR',
      text: 'Ya hay un conteo abierto en ese local: cerralo o cancelalo antes de empezar otro.',
    });

    // The seller, on a phone, opens it from the list: one card per product, blind.
    const seller = await newPage({ ...PHONE, timezoneId: TZ });
    await loginOn(seller, server.url, 'vendedora', 'clave-vendedora');
    await seller.goto(`${server.url}/conteos`);
    await seller.getByText('Se muestran los conteos de tu local.').waitFor();
    await seller.getByRole('link', { name: `Contar conteo #${id}` }).click();
    await seller.getByRole('heading', { name: `Conteo #${id}` }).waitFor();
    const sheet = seller.getByRole('table', { name: 'Planilla del conteo' });
    assert.deepEqual(
      (await sheet.locator('thead th').allTextContents()).map((t) => t.trim()),
      ['Marca', 'Modelo', 'Contado'],
    );
    assert.equal(await sheet.locator('tbody tr').count(), 3, 'the brand filter left Wayfarer out');
    assert.equal(await seller.getByText('Esperado', { exact: true }).count(), 0, 'no expected column while open');
    assert.deepEqual(await quantities(seller), ['', '', '']);

    // Typed and saved.
    await seller.fill('#contado-' + s.aviator, '3');
    await seller.getByText('1 sin guardar').waitFor();
    await clickToAlert(seller, seller.getByRole('button', { name: 'Guardar' }), {
      title: 'CANTIDADES GUARDADAS',
      text: 'Las cantidades han sido guardadas!',
    });
    await seller.getByText('1 de 3 contados').waitFor();

    // A column that does not fit the sheet is refused and changes nothing.
    await seller.getByText('Pegar columna', { exact: true }).click();
    await seller.getByRole('textbox', { name: 'Pegar columna' }).fill('2\ncero\n3');
    await seller.getByRole('button', { name: 'Pegar en la planilla' }).click();
    const refusal = await takeAlert(seller);
    assert.equal(refusal.title, 'NO SE PEGÓ LA COLUMNA');
    assert.match(refusal.text, /Línea 2 \(Clubmaster\): No es un número/);
    assert.deepEqual(await quantities(seller), ['3', '', '']);
    console.log('screenshot:', await screenshot(seller, 'conteo-pegado-rechazado'));

    // The spreadsheet's column pasted into the first quantity fills the sheet in its order
    // (Aviator typed again: 2, not 3).
    await pasteInto(seller.locator(`#contado-${s.aviator}`), '2\r\n0\r\n3\r\n');
    assert.deepEqual(await quantities(seller), ['2', '0', '3']);
    await seller.getByText('3 de 3 contados').waitFor();
    await seller.getByText('3 sin guardar').waitFor();
    await noSideways(seller, 'the sheet on a phone');
    console.log('screenshot:', await screenshot(seller, 'conteo-telefono-planilla'));
    await seller.getByRole('button', { name: 'Guardar' }).click();
    assert.equal((await takeAlert(seller)).title, 'CANTIDADES GUARDADAS');
    assert.equal(await seller.getByText(/sin guardar/).count(), 0);
    assert.equal(await seller.getByRole('button', { name: 'Cerrar conteo' }).count(), 0, 'sellers do not close');

    // Meanwhile one Aviator is sold.
    const sellerToken = await server.token('vendedora', 'clave-vendedora');
    const fecha = nowInShop();
    await s.shop.movimiento(
      {
        tipoMovimiento: 'ENTRADA',
        fecha,
        local: { id: s.local },
        paciente: { id: s.paciente },
        total: 2000,
        totalImpuesto: 2000,
        detalles: [{ cantidad: 1, precioUnitario: 2000, subtotal: 2000, producto: { id: s.aviator } }],
        detallesAdicionales: [],
        cajaMovimientos: [{ monto: 2000, montoImpuesto: 2000, metodoPago: { id: s.efectivo }, fecha }],
        estadoMovimiento: 'PEDIDO_CRISTALES',
      },
      sellerToken,
    );

    // Read again, the open sheet still shows nothing expected, nor does the server send it.
    await seller.reload();
    await seller.getByText('3 de 3 contados').waitFor();
    assert.deepEqual(await quantities(seller), ['2', '0', '3']);
    assert.equal(await seller.getByText('Esperado', { exact: true }).count(), 0);
    const blind = await server.api('GET', `/api/conteos/${id}`, sellerToken);
    assert.ok(
      blind.body.lineas.every((l) => l.esperado === null && l.diferencia === null && l.costo === null),
      JSON.stringify(blind.body),
    );

    // The admin closes it, asked first.
    await admin.goto(`${server.url}/conteos/${id}`);
    await admin.getByText('3 de 3 contados').waitFor();
    await admin.getByRole('button', { name: 'Cerrar conteo' }).click();
    assert.equal(await admin.locator('.swal2-title').textContent(), '¿Cerrar el conteo?');
    await admin.locator('.swal2-confirm').click();
    await admin.locator('.swal2-title', { hasText: 'CONTEO CERRADO' }).waitFor();
    assert.deepEqual(await takeAlert(admin), {
      title: 'CONTEO CERRADO',
      text: 'El conteo ha sido cerrado y el stock ajustado!',
    });
    await admin.getByTestId('estado').getByText('Cerrado').waitFor();

    // The differences against the stock when the count started, at cost.
    const table = 'Diferencias del conteo';
    await admin.getByRole('table', { name: table }).waitFor();
    assert.equal(await rowText(admin, table, 'Aviator'), 'Vulk | Aviator | 4 | 2 | -2 | -$ 2.001,00');
    assert.equal(await rowText(admin, table, 'Clubmaster'), 'Vulk | Clubmaster | 1 | 0 | -1 | -$ 500,00');
    assert.equal(await rowText(admin, table, 'RB3025'), 'Vulk | RB3025 | 2 | 3 | +1 | $ 800,00');
    assert.equal(await rowText(admin, table, 'Total'), 'Total |  | 7 | 5 | -2 | -$ 1.701,00');
    assert.equal(await admin.getByTestId('valor-diferencia').textContent(), '-$ 1.701,00');
    console.log('screenshot:', await screenshot(admin, 'conteo-diferencias'));

    // The stock: what was counted, less the Aviator sold after the count started (4 → 3, counted
    // 2 of 4: 3 - 2 = 1).
    const stock = async (producto) =>
      (await server.api('GET', `/api/productos/${producto}`, s.shop.token)).body.productoLocales.find(
        (p) => p.local.id === s.local,
      ).stock;
    assert.equal(await stock(s.aviator), 1);
    assert.equal(await stock(s.clubmaster), 0);
    assert.equal(await stock(s.rb3025), 3);

    // The report.
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Descargar informe' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), `conteo_${id}_la_cruz.xlsx`);
    const bytes = await readFile(await download.path());
    assert.equal(bytes.subarray(0, 2).toString(), 'PK', 'an xlsx is a zip');
    assert.equal((await takeAlert(admin)).title, 'ÉXITO');

    // The list: closed, with the products that differed.
    await admin.getByRole('link', { name: 'Volver' }).click();
    await admin.getByTestId(`conteo-${id}`).waitFor();
    assert.match(
      await rowText(admin, 'Conteos', `#${id}`),
      new RegExp(
        `^#${id} \\| \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} \\| La Cruz \\| Marca Vulk \\| Cerrado \\| 3 de 3 contados \\| 3 \\| Ver$`,
      ),
    );
    console.log('screenshot:', await screenshot(admin, 'conteo-lista'));

    // The seller sees the closed count's differences on the phone, without their value.
    await seller.reload();
    await seller.getByRole('table', { name: table }).waitFor();
    assert.equal(await seller.getByText('Valor al costo').count(), 0);
    assert.equal(await seller.getByRole('button', { name: 'Descargar informe' }).count(), 0);
    await noSideways(seller, 'the differences on a phone');
    console.log('screenshot:', await screenshot(seller, 'conteo-telefono-diferencias'));
  }));
