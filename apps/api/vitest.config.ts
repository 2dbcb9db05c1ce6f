import { defineConfig } from 'vitest/config';
import { serverTestConfig } from '../../vitest.shared.js';

/** Api integration specs against real Postgres (a template clone per file) and Redis. */
export default defineConfig({
  ...serverTestConfig,
  test: {
    name: 'integration',
    root: new URL('../..', import.meta.url).pathname,
    include: ['apps/api/test/**/*.spec.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    globalSetup: ['apps/api/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
