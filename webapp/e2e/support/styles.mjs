// The build drops Bootstrap's rules that need a class no source file names
// (build/unusedCss.mjs). This check holds it to its premise: every Bootstrap class an element of
// the app carries at any moment of a browser test (dropdowns open, dialogs, alerts, a list's
// pages) is written in the sources, so no rule that could match it was dropped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { classWords, sourceTexts } from '../../build/unusedCss.mjs';

const webapp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let bootstrap;
let written;
/** Whether the build kept the rules of a class: not one of Bootstrap's, or written in the sources. */
function styled(name) {
  bootstrap ??= new Set(
    [
      ...readFileSync(path.join(webapp, 'node_modules/bootstrap/dist/css/bootstrap.css'), 'utf8').matchAll(
        /\.(-?[A-Za-z_][\w-]*)/g,
      ),
    ].map((m) => m[1]),
  );
  written ??= classWords(sourceTexts(webapp));
  return !bootstrap.has(name) || written(name);
}

/** Makes every page of the context remember each class any of its elements carried. */
export function recordClasses(context) {
  return context.addInitScript(() => {
    const seen = new Set();
    window.__opticaClasses = seen;
    const add = (el) => {
      if (el.classList) for (const c of el.classList) seen.add(c);
    };
    new MutationObserver((changes) => {
      for (const change of changes) {
        add(change.target);
        for (const node of change.addedNodes) {
          if (node.nodeType !== 1) continue;
          add(node);
          node.querySelectorAll('[class]').forEach(add);
        }
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
}

/** The classes the open pages' elements carried whose rules the build dropped. */
export async function unstyledClasses(contexts) {
  const carried = new Set();
  for (const context of contexts) {
    for (const page of context.pages()) {
      const classes = await page.evaluate(() => [...(window.__opticaClasses ?? [])]).catch(() => []);
      for (const c of classes) carried.add(c);
    }
  }
  return [...carried].filter((c) => !styled(c)).sort();
}
