// Bootstrap's style sheet is the first load's largest file after React, and most of it styles
// components and utilities the app never names. Its rules whose selectors need a class that no
// source file mentions are dropped at build time, before Vite hashes the file: a new class used
// in the code changes the sheet and so its name, and a cached sheet is never stale.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every run of class-name characters in the given texts: a class the app applies is written
 * whole somewhere (the code composes class lists from whole names, never `btn-${kind}`), or,
 * when a template does compose one, its prefix ends in '-' and keeps the whole family. */
/** @param {string[]} texts @returns {(name: string) => boolean} */
export function classWords(texts) {
  /** @type {Set<string>} */
  const words = new Set();
  for (const text of texts) for (const m of text.matchAll(/[A-Za-z0-9_-]+/g)) words.add(m[0]);
  const prefixes = [...words].filter((w) => w.length >= 3 && w.endsWith('-') && /^[a-z]/.test(w));
  return (name) => words.has(name) || prefixes.some((p) => name.startsWith(p));
}

/** Skips a quoted string or a comment starting at `i`; the index after it, or `i` when neither. */
/** @param {string} css @param {number} i */
function skipOpaque(css, i) {
  const c = css[i];
  if (c === '"' || c === "'") {
    let j = i + 1;
    while (j < css.length && css[j] !== c) j += css[j] === '\\' ? 2 : 1;
    return j + 1;
  }
  if (c === '/' && css[i + 1] === '*') {
    const end = css.indexOf('*/', i + 2);
    return end < 0 ? css.length : end + 2;
  }
  return i;
}

/** The index of the first of `stops` at nesting depth 0 from `i`, outside strings and comments. */
/** @param {string} css @param {number} i @param {string} stops */
function scanTo(css, i, stops) {
  let depth = 0;
  while (i < css.length) {
    const skipped = skipOpaque(css, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const c = css[i];
    if (depth === 0 && stops.includes(c)) return i;
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    i++;
  }
  return css.length;
}

/** A selector list split at its top-level commas. */
/** @param {string} prelude */
function selectors(prelude) {
  /** @type {string[]} */
  const out = [];
  let from = 0;
  for (let i = scanTo(prelude, 0, ','); i < prelude.length; i = scanTo(prelude, from, ',')) {
    out.push(prelude.slice(from, i));
    from = i + 1;
  }
  out.push(prelude.slice(from));
  return out;
}

/** The classes an element must carry for the selector to match it. What sits inside `:not()`,
 * `:is()`, `:where()` or `:has()`, and attribute values, is left out: it never requires a class. */
/** @param {string} selector @returns {string[]} */
export function requiredClasses(selector) {
  let plain = '';
  for (let i = 0; i < selector.length;) {
    const fn = /^:(not|is|where|has)\(/.exec(selector.slice(i));
    if (fn) {
      const open = i + fn[0].length - 1;
      i = scanTo(selector, open + 1, ')') + 1;
      continue;
    }
    if (selector[i] === '[') {
      i = scanTo(selector, i + 1, ']') + 1;
      continue;
    }
    plain += selector[i++];
  }
  return [...plain.matchAll(/\.((?:\\.|[A-Za-z0-9_-])+)/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
}

/** The style sheet without the rules no element of the app can match (`used` says which class
 * names the app may apply). At-rules that hold rules are filtered inside and dropped when left
 * empty; every other at-rule (keyframes, font faces) is kept whole. */
/** @param {string} css @param {(name: string) => boolean} used @returns {string} */
export function dropUnusedRules(css, used) {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const skipped = skipOpaque(css, i);
    if (skipped !== i || /\s/.test(css[i])) {
      i = skipped !== i ? skipped : i + 1;
      continue;
    }
    const stop = scanTo(css, i, '{;');
    const prelude = css.slice(i, stop).trim();
    if (stop >= css.length || css[stop] === ';') {
      out += `${prelude};`;
      i = stop + 1;
      continue;
    }
    const close = scanTo(css, stop + 1, '}');
    const body = css.slice(stop + 1, close);
    i = close + 1;
    if (/^@(media|supports|container|layer)\b/.test(prelude)) {
      const inner = dropUnusedRules(body, used);
      if (inner) out += `${prelude}{${inner}}`;
    } else if (prelude.startsWith('@')) {
      out += `${prelude}{${body}}`;
    } else {
      const kept = selectors(prelude).filter((s) => requiredClasses(s).every(used));
      if (kept.length) out += `${kept.join(',')}{${body}}`;
    }
  }
  return out;
}

/** The texts of the app's source files and its page, where every class it applies is written.
 * @param {string} root the web app's folder @returns {string[]} */
export function sourceTexts(root) {
  return [...filesUnder(join(root, 'src')), readFileSync(join(root, 'index.html'), 'utf8')];
}

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(tsx?|html)$/.test(name) ? [readFileSync(path, 'utf8')] : [];
  });
}

/** Drops the unused rules of Bootstrap's sheet in a build (the development server keeps it whole). */
/** @returns {import('vite').Plugin} */
export function unusedBootstrapRules() {
  let root = '.';
  return {
    name: 'optica-unused-bootstrap-rules',
    apply: 'build',
    enforce: 'pre',
    /** @param {import('vite').ResolvedConfig} config */
    configResolved(config) {
      root = config.root;
    },
    /** @param {string} code @param {string} id */
    transform(code, id) {
      if (!/[\\/]bootstrap[\\/]dist[\\/]css[\\/]bootstrap(\.min)?\.css$/.test(id)) return null;
      const used = classWords(sourceTexts(root));
      return { code: dropUnusedRules(code, used), map: null };
    },
  };
}
