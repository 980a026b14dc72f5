// Starts the real optica server on a free port against a fresh database of its own.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const bin = process.env.OPTICA_BIN ?? path.join(root, 'target/debug/optica');

function databaseUrl(name) {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL no está definido (scripts/test lo define)');
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function psql(sql) {
  await run('psql', [databaseUrl('postgres'), '-v', 'ON_ERROR_STOP=1', '-qc', sql]);
}

/** A TCP port nobody listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Waits until the server answers and every event is in the read models: an account created
 * at start-up or with the command line can log in only once it is projected. */
async function waitHealthy(url, child, log) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok && (await res.json()).projector_lag === 0) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`el servidor no respondió a tiempo:\n${log()}`);
}

/** The shop's WhatsApp number the test servers answer in GET /api/tienda (a made-up one). */
export const SHOP_WHATSAPP = '5493772499999';

/** A running server: its base URL, the admin's password, helpers, and stop(). `env` adds to or
 * overrides its environment (a variable set to undefined is left out; a function is called with
 * the server's base URL, for a setting that names the server itself). */
export async function startServer({ env: extra = {} } = {}) {
  const dbName = `optica_e2e_${randomBytes(6).toString('hex')}`;
  await psql(`create database ${dbName}`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl(dbName),
    OPTICA_ADMIN_PASSWORD: `admin-${randomBytes(6).toString('hex')}`,
    OPTICA_JWT_SECRET: randomBytes(32).toString('hex'),
    // OPTICA_E2E_WEBAPP_DIR: a build of one's own, when another run may rebuild webapp/dist meanwhile.
    OPTICA_WEBAPP_DIR: process.env.OPTICA_E2E_WEBAPP_DIR ?? path.join(root, 'webapp/dist'),
    RUST_LOG: process.env.RUST_LOG ?? 'warn',
    OPTICA_SHOP_WHATSAPP: SHOP_WHATSAPP,
    ...extra,
  };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete env[name];
    else if (typeof value === 'function') env[name] = value(url);
  }
  let output = '';
  const child = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  await waitHealthy(url, child, () => output);

  return {
    url,
    adminPassword: env.OPTICA_ADMIN_PASSWORD,
    /** The last lines the server printed (its warnings and errors), for a failed test's report. */
    logTail: (lines = 20) => output.trimEnd().split('\n').slice(-lines).join('\n'),
    /** An access token from the token endpoint, as the web app gets it. */
    async token(username, password) {
      const res = await fetch(`${url}/oauth/token`, {
        method: 'POST',
        headers: { Authorization: `Basic ${btoa('optica.webapp:')}` },
        body: new URLSearchParams({ username, password, grant_type: 'password' }),
      });
      if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
      return (await res.json()).access_token;
    },
    /** A JSON API call with a bearer token. */
    async api(method, apiPath, token, body) {
      const res = await fetch(`${url}${apiPath}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    /** Creates a staff account with the command line, as an operator would. */
    async addUser(username, password, roles, localId) {
      const args = ['user', 'add', '--username', username, '--password', password];
      for (const role of roles) args.push('--role', role);
      if (localId !== undefined) args.push('--local', String(localId));
      await this.cli(args);
    },
    /** Runs an `optica` command against this server's database, and waits until the server's
     * read models have what it wrote. */
    async cli(args) {
      await run(bin, args, { env });
      await waitHealthy(url, child, () => output);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await psql(`drop database if exists ${dbName} with (force)`);
    },
  };
}
