import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// One zone per feature, read from the tree so a new feature is fenced in the day it is created:
// a feature may use the shared layers (src/session, src/realtime, src/olympiad, src/components,
// src/account, src/staff, src/services, shared/) and its own folder, never another feature.
const FEATURES = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = FEATURES.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'A feature imports no other feature: move what both need to a shared layer (src/session, src/realtime, src/olympiad, src/components, src/account, src/staff).',
}));
// The shared layers sit below every feature and below the app shell and the sagas that wire them.
const SHARED_LAYERS = ['./src/session', './src/realtime', './src/olympiad', './src/components', './src/account', './src/staff'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', '.tmp/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin, 'react-hooks': reactHooks, 'check-file': checkFile },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { 'import/resolver': { typescript: { project: ['tsconfig.json', 'tsconfig.server.json'], noWarnOnMultipleProjects: true } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import/no-cycle': 'error',
      // One naming convention for files: kebab-case (sagas end in .saga.ts).
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      // No barrel files in the SPA: an import names the module that holds the thing.
      'check-file/filename-blocklist': ['error', { 'src/**/index.{ts,tsx}': '*.ts' }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // Features never reach into the app shell, and the server never into the SPA.
            { target: './src/features', from: './src/app' },
            ...featureZones,
            ...SHARED_LAYERS.map((layer) => ({ target: layer, from: ['./src/features', './src/sagas'] })),
            // The typed hooks need the store's types, and nothing else of the app shell.
            ...SHARED_LAYERS.map((layer) => ({ target: layer, from: './src/app', except: ['./store.ts'] })),
            { target: './src/services', from: ['./src/features', './src/app', './src/sagas', './src/session', './src/realtime', './src/olympiad', './src/components', './src/staff'] },
            { target: './shared', from: ['./src/app', './src/features', './src/services', './src/sagas', './server'] },
            { target: './server', from: ['./src/app', './src/features', './src/services', './src/sagas', './src/components'] },
          ],
        },
      ],
    },
  },
  {
    // The API contract's TypeBox schemas are the server's; the SPA takes only their types (or the
    // schema-free `*-values` files), so the schema library never ships to the browser.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/shared/api/*', '!**/shared/api/*-values', '!**/shared/api/realtime-events'],
              allowTypeImports: true,
              message: 'Import only types from the API schemas; plain values live in shared/api/*-values.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
