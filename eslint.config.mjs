// One ESLint config for the whole monorepo (`npm run lint`).
// typescript-eslint's recommended rules everywhere; type-aware promise rules
// where a forgotten await loses work (backend, tests); the rules of hooks in
// the two React apps.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import adminPower from './scripts/eslint/admin-power.mjs';
import boundaries from './scripts/eslint/boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/coverage/**',
      '.data/**',
      'test/test-results/**',
      'test/playwright-report/**',
      'backend/openapi.d.ts',
    ],
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
    // Administrator power from the admin token kind, decided in one helper (scripts/eslint/admin-power.mjs).
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/common/auth/admin-power.ts'],
    plugins: { 'admin-power': adminPower },
    rules: { 'admin-power/from-token-kind': 'error' },
  },
  {
    // SQL runs in repositories (and migrations, seeds) only: services and controllers call a repository.
    // Owed commands (job-catalogue.ts) are owed rows, never jobs added by hand.
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
        {
          // The type rule (QueueService.enqueue takes direct commands only) has one way around it, BullMQ's untyped add().
          selector: 'CallExpression[callee.property.name=/^(add|addBulk|enqueue)$/][arguments.0.value=/^(send-email|send-password-reset|capture-payment)$/]',
          message: 'An owed command is written with tx.owe(...) in the transaction that decides it (events/owed-commands.service.ts), never enqueued directly.',
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
  {
    // The console's records are typed from the API's schemas (web-admin/src/api/types.ts: UserRecord, PaymentRecord...),
    // never react-admin's untyped RaRecord, so a renamed API field breaks the screen's types instead of the screen.
    files: ['web-admin/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-admin', importNames: ['RaRecord'], message: 'Type records from the API schemas (web-admin/src/api/types.ts).' }],
        },
      ],
    },
  },
  {
    // bulletproof-react's rule: a screen gets server data only through its feature's api/ hooks (useX in
    // features/<feature>/api or src/api/hooks), which own the query key, the invalidation and the call; never a
    // useQuery or useMutation with inline keys, nor a raw api() call, in a component.
    files: ['web-learner/src/**/*.tsx'],
    ignores: ['web-learner/src/**/__tests__/**', 'web-learner/src/**/*.test.tsx', 'web-learner/src/**/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useQuery', 'useQueries', 'useSuspenseQuery', 'useInfiniteQuery', 'useMutation', 'useQueryClient'],
              message: "Components read and change server data through their feature's api/ hooks (features/<feature>/api/useX.ts).",
            },
          ],
          patterns: [
            {
              group: ['**/api/client'],
              importNames: ['api', 'apiFile'],
              message: "Components read and change server data through their feature's api/ hooks (features/<feature>/api/useX.ts).",
            },
          ],
        },
      ],
    },
  },
);
