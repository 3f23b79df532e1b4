import { builtinModules } from 'node:module';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// The web app (src/) and the server (server/) never import each other, not even types: what both use lives in the
// top-level common/ folder, which both import and which imports neither. Each no-restricted-imports below repeats the
// pattern of its side, since a later block's options for a rule replace an earlier block's for the same files.
const WEB_IMPORTS_NO_SERVER = {
  group: ['**/server/**', '**/server'],
  message: 'The web app imports no server code: move what both sides use to common/.',
};
const SERVER_IMPORTS_NO_WEB = {
  group: ['**/src/**', '**/src'],
  message: 'The server imports no web code: move what both sides use to common/.',
};
const COMMON_IMPORTS_NEITHER_SIDE = {
  group: ['**/src/**', '**/src', '**/server/**', '**/server', 'node:*', ...builtinModules],
  message: 'common/ is plain TypeScript for the web app and the server alike: it imports neither side, nor Node.',
};

// A feature folder (src/features/<name>/) depends on app/, api/, lib/, components/, content/ and common/, never on
// another feature: what several features read (the session, brands, categories, the cart, the shop) lives in src/app/,
// shared texts in src/content/, and a page hands one feature's part to another through props. The rule resolves each
// relative import (static, dynamic or re-export) from the importing file, so no spelling of the path slips through.
const FEATURES_DIR = path.resolve(import.meta.dirname, 'src/features');
const featureOf = (file) => {
  const relative = path.relative(FEATURES_DIR, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep)[0];
};
const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const own = featureOf(context.filename);
    if (!own) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const other = featureOf(path.resolve(path.dirname(context.filename), source.value));
      if (other && other !== own)
        context.report({
          node: source,
          message: `Feature '${own}' imports feature '${other}': move what both use to src/app/ or src/content/, or let the page pass it in through props.`,
        });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  { ignores: ['dist', 'build', 'data', 'node_modules', 'coverage', 'bench/results.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [WEB_IMPORTS_NO_SERVER] }] },
  },
  // Layers of the web app (src/CONVENTIONS.md): lib/ and components/ hold no app state, so they import no
  // feature (a component that needs a slice belongs to its feature) and no page; features never import pages.
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/pages/**'],
              message: 'Shared code imports no feature or page: move what needs a slice into its feature.',
            },
            WEB_IMPORTS_NO_SERVER,
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    plugins: { layers: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      'layers/feature-boundaries': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/pages/**'], message: 'Features import no page: pages compose features.' },
            WEB_IMPORTS_NO_SERVER,
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_IMPORTS_NO_WEB] }] },
  },
  // Neither a browser's nor Node's own objects in common/: both sides run it.
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [COMMON_IMPORTS_NEITHER_SIDE] }],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage', 'XMLHttpRequest'].map(
          (name) => ({ name, message: 'A browser object: common/ runs on the server too.' }),
        ),
        ...['process', 'Buffer', 'require', 'module', '__dirname', '__filename', 'global'].map((name) => ({
          name,
          message: 'A Node object: common/ runs in the browser too.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'MetaProperty', message: 'import.meta differs between Vite and Node: common/ runs on both.' },
      ],
    },
  },
  // Server modules (server/modules/<name>/) reach each other only through a module's public index.ts, never its
  // repository, service or routes; code outside the modules likewise. The module list that mounts the routes is the
  // one exception. A module of several resources (catalogue/) keeps each in a folder of its own: they import each
  // other's files freely, and another module's only through its index.ts, two levels up.
  {
    files: ['server/modules/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./][^/]*/.+',
              message: "Import another module through its index.ts ('../orders'), never its files.",
            },
            SERVER_IMPORTS_NO_WEB,
          ],
        },
      ],
    },
  },
  // A module's own folders (payments/paymob/, catalogue/products/) are one level deeper: another module is two
  // folders up.
  {
    files: ['server/modules/*/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./[^./][^/]*/.+',
              message: "Import another module through its index.ts ('../../orders'), never its files.",
            },
            SERVER_IMPORTS_NO_WEB,
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/modules/**', 'server/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules/[^/]+/.+',
              message: "Import a module through its index.ts ('../modules/orders'), never its files.",
            },
            SERVER_IMPORTS_NO_WEB,
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'tests/server/**/*.ts', 'tests/e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A lazily injected slice adds itself to the root state's type by declaration merging (app/rootReducer.ts):
      // `interface LazyLoadedSlices extends WithSlice<typeof slice> {}`.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
);
