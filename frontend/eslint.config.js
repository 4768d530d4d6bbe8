// ESLint for src/: the module boundaries of the web client, plus the recommended JavaScript and TypeScript
// rules. Formatting is not checked here.
import { readdirSync } from 'node:fs';
import path from 'node:path';

import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const here = import.meta.dirname;
// Every folder under src/features is a feature; a new one is covered without touching this file.
const features = readdirSync(path.join(here, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED = ['src/lib', 'src/components', 'src/state', 'src/api', 'src/realtime', 'src/i18n'];

export default tseslint.config(
  { ignores: ['src/api/schema.d.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The files no-cycle reads to follow imports are TypeScript, parsed as ESLint parses src/.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Relative imports without an extension, as Vite and TypeScript resolve them.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.json'] })],
    },
    rules: {
      // `_` names a value left out on purpose (a key removed by destructuring, an ignored parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // An import the boundary rule cannot resolve would slip past it unchecked: resolution must never fail.
      'import-x/no-unresolved': 'error',
      // Cycles between files made api/client and api/encryption (and the features) depend on load order.
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: here,
          zones: [
            // Features stay independent: what two of them share goes to lib/, components/ or state/, and a
            // page that combines them is composed in app/.
            ...features.map((name) => ({
              target: `src/features/${name}`,
              from: 'src/features',
              except: [`./${name}`],
              message: `A feature imports only lib/, components/, state/, api/, realtime/, i18n/ and itself (here ${name}).`,
            })),
            // Composition depends on the features, never the other way round.
            {
              target: 'src/features',
              from: ['src/app', 'src/main.tsx'],
              message: 'A feature may not import the app shell (app/): app/ composes features.',
            },
            // The shared layers sit under every feature, so they cannot know any feature or the app.
            {
              target: SHARED,
              from: ['src/features', 'src/app', 'src/house', 'src/main.tsx'],
              message: 'lib/, components/, state/, api/, realtime/ and i18n/ are shared: no feature, app or house code.',
            },
            // The house game page is a separate app (house.html) with its own store and API: it shares lib/ and
            // the i18next React binding (a leaf that imports nothing of the portal) only.
            {
              target: 'src/house',
              from: 'src',
              except: ['./house', './lib', './i18n/react.ts'],
              message: 'The house game page shares only lib/ and i18n/react.ts with the portal.',
            },
            // And the portal does not reach into the house page.
            {
              target: ['src/app', 'src/features'],
              from: 'src/house',
              message: 'The portal does not import the house game page (src/house).',
            },
          ],
        },
      ],
    },
  },
);
