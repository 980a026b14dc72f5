// What the browser transfers on the first load of the web app, and what each screen's code adds
// when it is first opened: the built files' sizes as served (brotli, written beside each file by
// the build), printed as a Markdown table. A figure, never a pass/fail test: scripts/bench prints
// it, and scripts/test runs it once so it cannot break unseen.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('falta webapp/dist: compile la aplicación web primero (npm run build)');
  process.exit(1);
}

const size = (path) => statSync(path).size;
/** The size as served: the brotli copy when the build wrote one. */
const served = (path) => (existsSync(`${path}.br`) ? size(`${path}.br`) : size(path));
const kib = (bytes) => (bytes / 1024).toFixed(1);

const html = readFileSync(join(dist, 'index.html'), 'utf8');
// The page, and every script and style sheet it names (the entry, its preloads, its CSS).
const named = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const first = ['index.html', ...named];
const firstBytes = first.reduce((sum, f) => sum + served(join(dist, f)), 0);
const firstRaw = first.reduce((sum, f) => sum + size(join(dist, f)), 0);

console.log('| what | files | raw KiB | served KiB (brotli) |');
console.log('|---|---:|---:|---:|');
console.log(`| first load (the login page) | ${first.length} | ${kib(firstRaw)} | ${kib(firstBytes)} |`);

// A screen's code: the chunks loaded later, largest first (a feature's chunk is named after it).
const assets = join(dist, 'assets');
const later = readdirSync(assets)
  .filter((f) => /\.(js|css)$/.test(f) && !named.includes(`assets/${f}`))
  .map((f) => ({
    name: f.replace(/-[\w-]{8}\.(js|css)$/, '.$1'),
    raw: size(join(assets, f)),
    br: served(join(assets, f)),
  }))
  .sort((a, b) => b.br - a.br);
for (const c of later.slice(0, 20)) console.log(`| later: ${c.name} | 1 | ${kib(c.raw)} | ${kib(c.br)} |`);
const rest = later.slice(20);
if (rest.length) {
  const [raw, br] = rest.reduce(([r, b], c) => [r + c.raw, b + c.br], [0, 0]);
  console.log(`| later: ${rest.length} smaller shared chunks | ${rest.length} | ${kib(raw)} | ${kib(br)} |`);
}
