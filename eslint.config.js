// ESLint: type-aware typescript-eslint, the rules of hooks for the React UI, no import cycles, and
// the layer boundaries of docs (contract ← server, contract ← streams ← src). Formatting is Prettier's.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

const TS_FILES = ['**/*.ts', '**/*.tsx'];
const JS_FILES = ['**/*.js', '**/*.mjs'];

export default defineConfig(
  globalIgnores(['dist/', 'data/', 'coverage/', 'tests/artifacts/', 'public/', '.vite/']),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: TS_FILES,
    rules: {
      // The valuable ones, as errors: a promise nobody awaits or catches loses its failure.
      '@typescript-eslint/no-floating-promises': 'error',
      // Async event handlers (onSubmit, onClick) are the UI's pattern and catch their own failures
      // (the streams layer has shown the refusal); other misused promises stay errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // `_name` marks a parameter or binding kept for its position or to drop a key from a rest.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Noise here: async functions that stand in for a Promise-returning interface (fetch doubles,
      // route handlers, stores) without awaiting anything are deliberate.
      '@typescript-eslint/require-await': 'off',
      // Streams expose intents and per-key streams as closures typed with method syntax, and Leaflet
      // handlers are passed with their `this`: the unbound-method findings are all false.
      '@typescript-eslint/unbound-method': 'off',
      // A rejection passed through from another promise keeps its own reason.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // Its fixes broke the typecheck (module augmentation, the `gc` global, generic inference the
      // linter's program sees differently), and the casts on test doubles say what they stand in for.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // String(x) is applied on purpose to socket data (Buffer) and to free-form JSON detail values.
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },

  // Tests and benches read parsed JSON and socket frames as `any` and assert on them; the assertions,
  // not the types, check their shape.
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', '**/test-support/**', '**/testing/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },

  // Plain JavaScript (node scripts) is outside the TypeScript project.
  {
    files: JS_FILES,
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly' },
    },
  },

  // Import cycles, across the whole tree.
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.mjs', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },

  // Layer boundaries.
  {
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src', from: './server', message: 'The UI reaches the server through streams/, never by importing it.' },
            { target: './server', from: './src', message: 'The server does not import the UI.' },
            { target: './server', from: './streams', message: 'What server and browser share belongs in contract/.' },
            { target: './streams', from: './src', message: 'streams/ is framework-free: it must not import the UI.' },
            { target: './contract', from: './', except: ['./contract', './node_modules'], message: 'contract/ imports only contract/ and npm packages.' },
          ],
        },
      ],
    },
  },
  {
    files: ['streams/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // Anchored: a bare `react` pattern would also match `@chakra-ui/react`.
            { regex: '^react(-dom)?(/.*)?$', message: 'streams/ is framework-free: no React.' },
            { group: ['@chakra-ui/*'], message: 'streams/ is framework-free: no Chakra.' },
            { group: ['observable-hooks'], message: 'streams/ is framework-free: React hooks over observables belong in src/.' },
          ],
        },
      ],
    },
  },

  // React UI.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  prettier,
);
