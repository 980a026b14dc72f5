// One browser per test file; one server with a fresh database and one browser context per test.
import { after, before } from 'node:test';
import { launchBrowser } from './browser.mjs';
import { startServer } from './server.mjs';

export function useApp() {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return async function withApp(fn) {
    const server = await startServer();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-AR' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The server's Content-Security-Policy must not block anything the app does.
    page.on('console', (m) => {
      if (m.type() === 'error' && m.text().includes('Content Security Policy')) errors.push(m.text());
    });
    try {
      await fn({ server, page });
      if (errors.length) throw new Error(`errores de JavaScript en la página: ${errors.join('; ')}`);
    } finally {
      await context.close();
      await server.stop();
    }
  };
}
