import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';

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
          depConstraints: [
            { sourceTag: 'scope:contract', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:contract'] },
            { sourceTag: 'type:server-app', onlyDependOnLibsWithTags: ['scope:contract', 'scope:server'] },
            { sourceTag: 'type:console', onlyDependOnLibsWithTags: ['scope:contract'] },
            { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['scope:contract'] },
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
    files: ['apps/*/test/**', 'apps/*/vitest.config.ts', 'apps/e2e/**'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
