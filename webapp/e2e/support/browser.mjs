// The system Chromium driven by playwright-core, the app's alerts and the screenshots.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const artifactsDir = process.env.OPTICA_E2E_ARTIFACTS ?? path.resolve(here, '../../e2e-artifacts');

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // No sandbox (CI runs as root); no background traffic (the network is closed).
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The sweetalert2 popup now on screen: its title and text, closed with its confirm button. */
export async function takeAlert(page) {
  const popup = page.locator('.swal2-popup');
  try {
    await popup.waitFor({ state: 'visible', timeout: 10_000 });
  } catch (error) {
    // What the page showed and asked, to tell a slow server from a silent screen.
    const body = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    const asked = (page.apiAnswers ?? []).join('; ') || 'ninguna';
    const seen = `en ${page.url()}; la página mostraba: ${body.slice(0, 400)}; últimas respuestas: ${asked}`;
    throw new Error(`no apareció ningún aviso ${seen}`, { cause: error });
  }
  const title = (await page.locator('.swal2-title').textContent())?.trim() ?? '';
  const textLocator = page.locator('.swal2-html-container');
  const text = (await textLocator.isVisible()) ? ((await textLocator.textContent())?.trim() ?? '') : '';
  await page.locator('.swal2-confirm').click();
  await popup.waitFor({ state: 'hidden', timeout: 10_000 });
  return { title, text };
}

/** Accepts the confirmation now on screen and answers its title and text. Unlike takeAlert it
 * does not wait for the popup to close: the alert the accepted action brings may take its place
 * at once, and is the caller's to take. */
export async function acceptConfirm(page) {
  await page.locator('.swal2-popup').waitFor({ state: 'visible', timeout: 10_000 });
  const title = (await page.locator('.swal2-title').textContent())?.trim() ?? '';
  const text = (await page.locator('.swal2-html-container').textContent())?.trim() ?? '';
  await page.locator('.swal2-confirm').click();
  await page.locator('.swal2-title', { hasText: title }).waitFor({ state: 'detached', timeout: 10_000 });
  return { title, text };
}

/** Saves the whole page (or, with `fullPage: false`, what the window shows) as `name`.png. */
export async function screenshot(page, name, { fullPage = true } = {}) {
  await mkdir(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/** Clicks `button` and checks the alert it brings (`{ title, text }`), dismissed. */
export async function clickToAlert(page, button, alert) {
  await button.click();
  assert.deepEqual(await takeAlert(page), alert);
}
