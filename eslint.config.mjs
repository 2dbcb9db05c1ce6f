import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/generated/**',
      '.data/**',
      '.test-results/**',
      '.nx/**',
      'apps/console/dist/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // imports flow contract <- server <- apps; the console reaches only the contract
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          // the project graph sees the api specs' dynamic import() of server modules; the lazy-loading check is
          // meant for lazily loaded routes and does not apply to Node packages
          checkDynamicDependenciesExceptions: ['@tracker/*'],
          depConstraints: [
            { sourceTag: 'scope:contract', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:contract'] },
            // scope:sim is fleet-sim (the simulated gateway and watches): the api's tests start it in-process
            { sourceTag: 'type:server-app', onlyDependOnLibsWithTags: ['scope:contract', 'scope:server', 'scope:sim'] },
            { sourceTag: 'type:console', onlyDependOnLibsWithTags: ['scope:contract'] },
            { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['scope:contract'] },
          ],
        },
      ],
    },
  },
  {
    // the rules of hooks, checked (a hook called conditionally or with missing dependencies is a bug)
    files: ['apps/console/**/*.ts', 'apps/console/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // console features do not import each other: what two features share moves down into components/ or lib/
  ...[1, 2, 3, 4].map((depth) => ({
    files: [`apps/console/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}[^./]|/features/`,
              message: 'A feature does not import another feature: move what they share into components/ or lib/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/console/src/components/**/*.{ts,tsx}', 'apps/console/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '/features/', message: 'Shared components and lib do not depend on a feature.' }] },
      ],
    },
  },
  // house rule "Data access" (docs/architecture.md): the pool and Prisma's client are reached only from repositories
  // (*.repository.ts), stores (*.store.ts) and core/db.ts, which declares them and the repository bases; types (Tx,
  // Queryable, PrismaDb) may be imported anywhere. Each exception below says why it must hold the pool itself.
  {
    files: ['libs/server/src/**/*.ts'],
    ignores: [
      'libs/server/src/**/*.repository.ts',
      'libs/server/src/**/*.store.ts',
      'libs/server/src/**/*.spec.ts',
      'libs/server/src/core/db.ts',
      // the package's public surface: the apps and their tests take the pool from it
      'libs/server/src/index.ts',
      // registers PgPool and PrismaService as the process's providers
      'libs/server/src/core/core.module.ts',
      // the readiness probe asks the pool itself (SELECT 1 on a connection of it)
      'libs/server/src/core/health/health.service.ts',
      // the pool's own gauges (total, idle, waiting, max)
      'libs/server/src/core/metrics/metrics.service.ts',
      // the export hash store (Prisma, table csv_export) is a store named before the rule; `ExportStore`
      'libs/server/src/core/exports/export-store.ts',
      // the COPY ... TO STDOUT helper that export repositories call with their pool (pg-copy-streams)
      'libs/server/src/core/exports/copy-csv.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'pg', allowTypeImports: true, message: 'Raw SQL lives in a repository (extend SqlRepository from core/db.ts).' },
            { name: 'pg-copy-streams', message: 'COPY lives in a repository.' },
            { name: 'pg-query-stream', message: 'Streaming reads live in a repository.' },
            { name: '@prisma/adapter-pg', message: 'Only core/db.ts builds the Prisma client.' },
          ],
          patterns: [
            {
              regex: '(^|/)db\\.js$',
              importNames: ['PgPool', 'PrismaService'],
              allowTypeImports: true,
              message: 'Only repositories (*.repository.ts, extending SqlRepository or PrismaRepository) and stores hold the pool or Prisma; a service calls them and passes their `tx`.',
            },
          ],
        },
      ],
    },
  },
  {
    // tests may use loose typing on response bodies
    files: ['**/*.spec.ts', '**/*.spec.tsx', 'apps/api/test/**', 'apps/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // test infrastructure reaches the shared test scripts and configs at the repository root
    files: ['apps/*/test/**', 'apps/*/src/test/**', 'apps/*/vitest.config.ts', 'apps/e2e/**'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
