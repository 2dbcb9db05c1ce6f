import { defineConfig } from 'vitest/config';
import { serverTestConfig } from '../../vitest.shared.js';
import { integrationInclude } from './test/features.js';

/**
 * Api integration specs against real Postgres (a template clone per file) and Redis. INTEGRATION_AREA=<area> (set by
 * `nx run @tracker/api:integration --configuration=<area>`) runs one feature area's files (test/features.ts).
 */
export default defineConfig({
  ...serverTestConfig,
  test: {
    name: 'integration',
    root: new URL('../..', import.meta.url).pathname,
    include: integrationInclude(process.env.INTEGRATION_AREA),
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    globalSetup: ['apps/api/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
