// What the browser tests read off a page and do on it the same way: log in on a page of its own,
// a table row's cells, the phone's width, a downloaded PDF's text, the movement form's steps.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { takeAlert } from './browser.mjs';

/** Logs `page` in through the login screen; answers the welcome alert, dismissed. */
export async function loginOn(page, url, username, password) {
  await page.goto(`${url}/login`);
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
  return takeAlert(page);
}

/** A cell's text with its white space folded. */
const folded = (cell) => cell.replace(/\s+/g, ' ').trim();

/** The cells of a table row, once it is on screen. */
export async function cellsOf(row) {
  await row.waitFor();
  return (await row.locator('td').allTextContents()).map(folded);
}

/** The cells of the first row of table `table` (its aria-label) that reads `text`, joined by
 * ' | ' (`dropLast`: without the last cell, the row's buttons). */
export async function rowText(page, table, text, { dropLast = false } = {}) {
  const cells = await page
    .locator(`table[aria-label="${table}"] tbody tr`, { hasText: text })
    .first()
    .locator('td')
    .allTextContents();
  return (dropLast ? cells.slice(0, -1) : cells).map(folded).join(' | ');
}

/** The page scrolls no wider than a 390 px phone. */
export async function noSideways(page, what) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `${what}: no sideways scrolling (${width} px)`);
}

/** The text of a downloaded PDF as poppler's pdftotext reads it, white space folded. */
export async function pdfText(download) {
  const bytes = await readFile(await download.path());
  assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
  const out = spawnSync('pdftotext', ['-layout', '-', '-'], { input: bytes });
  assert.equal(out.status, 0, 'pdftotext could not read the PDF');
  return out.stdout.toString('utf8').replace(/\s+/g, ' ');
}

// The movement form's steps, as a seller takes them.

/** Finds model `modelo` and adds the found product `id` to the sale. */
export async function addProduct(page, modelo, id) {
  await page.fill('#buscarModelo', modelo);
  await page.locator('form[aria-label="Buscar por modelo"]').getByRole('button', { name: 'Buscar' }).click();
  await page.locator('#productoEncontrado').selectOption(String(id));
  await page.getByRole('button', { name: 'Agregar producto' }).click();
}

/** Adds an additional line (a service, a lens) of `subtotal` as typed. */
export async function addDetail(page, descripcion, subtotal) {
  await page.fill('#adicionalDescripcion', descripcion);
  await page.fill('#adicionalSubtotal', subtotal);
  await page.getByRole('button', { name: 'Agregar detalle' }).click();
}

/** Adds payment row `index` by method `metodo` and, when given, types its `monto`. */
export async function addPayment(page, index, metodo, monto) {
  await page.getByRole('button', { name: 'Agregar pago' }).click();
  await page.locator(`#metodoPago-${index}`).selectOption({ label: metodo });
  if (monto !== undefined) await page.fill(`#monto-${index}`, monto);
}

/** The page scrolls no wider than its window, whatever the window's width. */
export async function fitsWidth(page, what) {
  const [width, window] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(width <= window, `${what}: no sideways scrolling (${width} px in a ${window} px window)`);
}
