import { defineConfig } from 'vitest/config';

/** End-to-end journeys: the built console and api, driven in the system Chromium by playwright-core. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['apps/e2e/src/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    globalSetup: ['apps/e2e/src/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
