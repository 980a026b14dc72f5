// Lint for the web app: typescript-eslint, the rules of hooks, and the boundaries of
// webapp/README.md: a feature imports the kernel and itself, never another feature; the router
// mounts features through their index.ts; the kernel imports no feature.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'audit',
  'balances',
  'card_plans',
  'closings',
  'counts',
  'insurers',
  'jobs',
  'lookups',
  'movements',
  'pages',
  'patients',
  'products',
  'profitability',
  'settlements',
  'statistics',
  'stock',
  'transfers',
  'users',
];
const KERNEL = ['api', 'app', 'layout', 'lib', 'session', 'test', 'ui'];

/** Imports of `folders` (as `../x`, `../../x/y`...) from a file one folder below src. */
const into = (folders, inside = false) => `^(\\.\\./)+(${folders.join('|')})${inside ? '/' : '(/|$)'}`;
const forbid = (regex, message) => ({ regex, message });
const restricted = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const featureRule = (feature, { tests }) =>
  restricted(
    forbid(
      into(FEATURES.filter((f) => f !== feature)),
      'A feature imports the kernel (src/lib, api, app, session, ui, layout, test) and itself, not another feature: let the router compose them.',
    ),
    ...(tests ? [] : [forbid(into(['routing']), 'Only the router mounts screens; a feature does not import it.')]),
  );

export default tseslint.config(
  { ignores: ['dist/', 'e2e-artifacts/', 'src/api/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs['recommended-latest'].rules,
  },
  {
    files: ['*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // The browser tests and the size benchmark run in Node (the tests hand functions to the page).
    files: ['e2e/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  // Boundaries.
  ...FEATURES.flatMap((feature) => [
    { files: [`src/${feature}/**/*.{ts,tsx}`], rules: featureRule(feature, { tests: false }) },
    // A test may open the whole app through its route table.
    { files: [`src/${feature}/**/*.test.{ts,tsx}`], rules: featureRule(feature, { tests: true }) },
  ]),
  {
    files: [`src/{${KERNEL.join(',')}}/**/*.{ts,tsx}`],
    rules: restricted(
      forbid(into([...FEATURES, 'routing']), 'The kernel is shared by every feature: it imports none of them.'),
    ),
  },
  {
    files: ['src/lib/**/*.ts'],
    ignores: ['src/lib/**/*.test.ts'],
    rules: restricted(forbid('^\\.\\./', 'src/lib is pure: it imports only itself.')),
  },
  {
    files: ['src/routing/**/*.{ts,tsx}'],
    rules: restricted(
      forbid(into(FEATURES, true), 'The router imports a feature through its index.ts, not its files.'),
    ),
  },
);
