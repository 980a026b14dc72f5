// The one way the browser tests open the app: one browser per test file; per test, a server with
// a fresh database and a browser context whose pages must raise no JavaScript error, break no
// rule of the Content-Security-Policy and carry no class whose style the build dropped.
import { after, before } from 'node:test';
import { launchBrowser } from './browser.mjs';
import { TZ } from './days.mjs';
import { loginOn } from './page.mjs';
import { startServer } from './server.mjs';
import { recordClasses, unstyledClasses } from './styles.mjs';

/** A phone at the counter: 390 × 844 CSS pixels, touch. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

export function useApp() {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  /** Runs `fn` against a fresh server; `serverOptions` are startServer's (its `env`). */
  return async function withApp(fn, serverOptions) {
    const server = await startServer(serverOptions);
    const contexts = [];
    const errors = [];
    /** A page in a context of its own: a user of their own browser, logged out. `options` are
     * the context's (a phone: `PHONE`). */
    const newPage = async (options = {}) => {
      // A shop's browser is in Argentina: its clock's day is the shop's day (the server's
      // OPTICA_TIMEZONE), whatever the machine running the tests says, also after 21:00 there.
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        locale: 'es-AR',
        timezoneId: TZ,
        ...options,
      });
      contexts.push(context);
      await recordClasses(context);
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      // The last API answers, for the message of a step that timed out (see takeAlert).
      // Requests sent and failed are listed too: a step that timed out tells a request never
      // sent from one the server never answered.
      const note = (request, what) => {
        if (!request.url().includes('/api/') && !request.url().includes('/oauth/')) return;
        const seen = (page.apiAnswers ??= []);
        seen.push(`${request.method()} ${new URL(request.url()).pathname} ${what}`);
        if (seen.length > 12) seen.shift();
      };
      page.on('request', (r) => note(r, 'enviada'));
      page.on('response', (r) => note(r.request(), String(r.status())));
      page.on('requestfailed', (r) => note(r, `falló (${r.failure()?.errorText ?? '?'})`));
      // The server's Content-Security-Policy must not block anything the app does.
      page.on('console', (m) => {
        if (m.type() === 'error' && m.text().includes('Content Security Policy')) errors.push(m.text());
      });
      return page;
    };
    try {
      const page = await newPage();
      /** Opens a path of the app. */
      const open = (path) => page.goto(`${server.url}${path}`);
      /** Logs in through the login screen; answers the welcome alert, dismissed. */
      const login = (username, password) => loginOn(page, server.url, username, password);
      await fn({ server, page, open, login, newPage });
      const unstyled = await unstyledClasses(contexts);
      if (unstyled.length) errors.push(`clases sin estilo (la compilación quitó sus reglas): ${unstyled.join(', ')}`);
      if (errors.length) throw new Error(`errores de JavaScript en la página: ${errors.join('; ')}`);
    } catch (error) {
      // What the pages threw and what the server wrote, to tell a broken screen from a slow one.
      const log = server.logTail();
      if (error instanceof Error) {
        if (errors.length) error.message += `\nerrores de JavaScript en la página: ${errors.join('; ')}`;
        if (log) error.message += `\nlo último que escribió el servidor:\n${log}`;
      }
      throw error;
    } finally {
      for (const context of contexts) await context.close();
      await server.stop();
    }
  };
}
