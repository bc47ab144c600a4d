// One ESLint config for the whole monorepo (`npm run lint`).
// typescript-eslint's recommended rules everywhere; type-aware promise rules
// where a forgotten await loses work (backend, tests); the rules of hooks in
// the two React apps.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint/boundaries.mjs';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', '.data/**', 'test/test-results/**', 'test/playwright-report/**', 'backend/openapi.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Module and feature import boundaries (scripts/eslint/boundaries.mjs).
    files: ['backend/src/**/*.ts', 'web-learner/src/**/*.{ts,tsx}', 'web-admin/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/imports': 'error' },
  },
  {
    // SQL runs in repositories (and migrations, seeds) only: services and controllers call a repository.
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/**/*.repository.ts', 'backend/src/database/migrations/**', 'backend/src/**/seed/**', 'backend/src/database/seeds/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='query']", message: 'SQL belongs in a *.repository.ts (see database/sql.repository.ts).' },
        {
          selector: 'CallExpression[callee.name=/^(queryRows|queryOne|execute)$/]',
          message: 'SQL belongs in a *.repository.ts (see database/sql.repository.ts).',
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['backend/**/*.ts', 'test/**/*.ts'],
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // An untyped value (a raw query result, a parsed body) must be given a type before the application uses it.
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
    },
  },
  {
    files: ['web-learner/**/*.{ts,tsx}', 'web-admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
