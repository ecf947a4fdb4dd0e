import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // *.tmp.* : scratch files agents create and delete while lint runs must not crash it.
  { ignores: ['dist', 'build', 'node_modules', 'coverage', 'training-notes', 'public/ort', '.scratch', '**/*.tmp.*'] },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // The command line's entry: CommonJS (bin/riichi-lens.cjs says why)
  {
    files: ['bin/*.cjs'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'commonjs', globals: { ...globals.node } },
  },
  // The service worker template: vite.config.ts replaces __SHELL__ / __HEAVY__ with file lists at build time.
  {
    files: ['src/app/offline/sw-template.js'],
    languageOptions: { globals: { ...globals.serviceworker, __SHELL__: 'readonly', __HEAVY__: 'readonly' } },
  },
  // One direction of flow: the engine and vision layers are pure and never import upward.
  {
    files: ['src/engine/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/vision/**', '**/worker/**', '**/app/**', '**/cli/**', 'react', 'sharp', 'node:*'] }] },
  },
  {
    files: ['src/vision/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/worker/**', '**/app/**', '**/cli/**', 'react', 'sharp', 'node:*'] }] },
  },
  {
    files: ['src/worker/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/app/**', '**/cli/**', 'react', 'sharp', 'node:*'] }] },
  },
  // The app runs in the browser: never the command line, nor Node's own modules or sharp.
  {
    files: ['src/app/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/cli/**', 'sharp', 'node:*'] }] },
  },
);
