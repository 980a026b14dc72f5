// Accessibility as axe-core judges it: its source injected into the page and run with the WCAG 2
// A and AA rules; what matters is what it calls serious or critical (unreadable contrast, a
// control without a name), each told with its elements and, for contrast, the ratio it measured.
import assert from 'node:assert/strict';
import axe from 'axe-core';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const GRAVE = new Set(['serious', 'critical']);

/** The serious or critical violations of the page now on screen: `{ id, impact, help, nodes }`,
 * each node with its selector, its HTML and axe's summary (the contrast ratio among it). */
export async function seriousViolations(page) {
  // Evaluated rather than added as a <script>: the server's Content-Security-Policy refuses inline
  // scripts, and the test must not break it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    (tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    WCAG_AA,
  );
  return violations.violations
    .filter((v) => GRAVE.has(v.impact))
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.join(' '),
        html: n.html.slice(0, 160),
        summary: n.failureSummary,
      })),
    }));
}

/** One line per element of each violation, to read in a failed assertion or a log. */
export const describeViolations = (violations) =>
  violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target}: ${n.summary?.replace(/\s+/g, ' ')}`),
  );

/** Asserts the page has no serious or critical violation; `what` names the screen. */
export async function assertAccessible(page, what) {
  const found = await seriousViolations(page);
  assert.deepEqual(describeViolations(found), [], `${what}: axe-core finds serious or critical violations`);
}
