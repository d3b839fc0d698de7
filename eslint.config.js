// Lint for the whole repository, run by `npm test`. Besides typescript-eslint and the rules of hooks,
// it holds the layers of docs/architecture.md: what each folder may import.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SHARED = 'supabase/functions/_shared';
const FEATURES = 'web/src/features';
const features = readdirSync(new URL(`./${FEATURES}`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const functionFolders = readdirSync(new URL('./supabase/functions', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== '_shared')
  .map((d) => `supabase/functions/${d.name}`);

/** Style props that name a physical side (Chakra's shorthands and CSS's own). */
const PHYSICAL_SIDE = '/^(pl|pr|ml|mr|paddingLeft|paddingRight|marginLeft|marginRight|left|right|borderLeft.*|borderRight.*|roundedLeft|roundedRight|roundedTopLeft|roundedTopRight|roundedBottomLeft|roundedBottomRight)$/';

/** I/O a pure rule must not reach for: the network, the runtime, storage, the page. */
const IO_GLOBALS = ['fetch', 'Deno', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'window', 'document', 'localStorage', 'sessionStorage', 'indexedDB', 'navigator', 'process'].map(
  (name) => ({ name, message: `${SHARED}/rules is pure: pass what it needs in instead of reaching for ${name}.` }),
);

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'web/dist/**', '.kairos/**', 'coverage/**', 'scripts/local/deno/**', 'web/src/lib/database.types.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      // A variable a closure reads before its one assignment (a shutdown handler) stays a let.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // It passes over type-only imports; scripts/lint/import-cycles.test.ts counts those too.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // The layers of _shared: rules ← db ← booking ← http; nothing in _shared reaches a function or the web.
            // The rules' English words (i18n/rules) are data the rules say their messages with: pure as they are.
            { target: `${SHARED}/rules`, from: SHARED, except: ['./rules', './i18n/rules'], message: 'rules are pure: they import only other rules.' },
            { target: `${SHARED}/i18n/rules`, from: SHARED, except: ['./i18n/rules'], message: "The rules' words are data: they import nothing of _shared." },
            { target: `${SHARED}/db`, from: [`${SHARED}/booking`, `${SHARED}/http`], message: 'db sits below booking and http.' },
            { target: `${SHARED}/booking`, from: `${SHARED}/http`, message: 'The booking module knows no HTTP: take a client or a callback instead.' },
            { target: SHARED, from: [...functionFolders, 'web', 'scripts'], message: '_shared is imported by the functions, never the other way.' },
            // The web reaches _shared through one door, lib/shared.ts, and only its pure rules.
            { target: 'web/src', from: 'supabase', except: [`./functions/_shared/rules`], message: 'The web may use only the pure rules of _shared.' },
            { target: 'web/src', from: SHARED, message: 'Import _shared through web/src/lib/shared.ts.', except: [] },
            // Web layers: app → features → components/lib.
            { target: ['web/src/lib', 'web/src/components'], from: ['web/src/features', 'web/src/app'], message: 'lib and components are below features.' },
            { target: FEATURES, from: 'web/src/app', message: 'Features do not import the app shell.' },
            // Features use each other only through the other feature's index.ts.
            ...features.map((name) => ({
              target: `${FEATURES}/${name}`,
              from: FEATURES,
              except: [`./${name}`, ...features.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
              message: 'Use another feature through its index.ts, not its internals.',
            })),
          ],
        },
      ],
    },
  },
  {
    // The one door: only lib/shared.ts may import _shared (the zone above forbids it everywhere in web/src).
    files: ['web/src/lib/shared.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: [`${SHARED}/rules/**/*.ts`, `${SHARED}/i18n/rules/**/*.ts`],
    ignores: [`${SHARED}/rules/**/*.test.ts`, `${SHARED}/rules/test-helpers.ts`],
    rules: {
      'no-restricted-globals': ['error', ...IO_GLOBALS],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./|\\.\\./i18n/rules/|zod$|zod/mini$|date-fns$|date-fns-tz$|libphonenumber-js$)',
              message: `${SHARED}/rules imports only other rules, zod (or zod/mini), date-fns(-tz) and libphonenumber-js: no I/O.`,
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${SHARED}/booking/**/*.ts`],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['Request', 'Response', 'Headers', 'fetch', 'Deno'].map((name) => ({ name, message: 'The booking module knows no HTTP and no runtime: the caller passes clients in.' })),
      ],
    },
  },
  {
    files: ['supabase/functions/**/*.ts'],
    languageOptions: { globals: { Deno: 'readonly' } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Arabic reads right to left: a side is the start or the end of the line, never left or right
      // (Chakra's ps/pe, ms/me, borderInlineStart…, insetStart), so the layout mirrors with `dir`.
      'no-restricted-syntax': [
        'error',
        {
          selector: `JSXAttribute[name.name=${PHYSICAL_SIDE}]`,
          message: 'Use the logical side (ps, pe, ms, me, borderInlineStart…, borderInlineEnd…, insetStart, insetEnd) so right-to-left pages mirror.',
        },
        {
          selector: 'JSXAttribute[name.name="textAlign"][value.value=/^(left|right)$/]',
          message: 'Use textAlign="start" or "end" so right-to-left pages mirror.',
        },
      ],
    },
  },
);
