import { defineConfig } from 'vitest/config';
import { serverTestConfig } from '../../vitest.shared.js';

/** fleet-sim against a clone of the seeded test template (its watches are the seeded devices), used through the
 *  server's real Twilio adapter. */
export default defineConfig({
  ...serverTestConfig,
  test: {
    name: 'fleet-sim',
    root: new URL('../..', import.meta.url).pathname,
    include: ['apps/fleet-sim/src/**/*.spec.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    globalSetup: ['apps/fleet-sim/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
