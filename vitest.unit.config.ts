import { defineConfig } from 'vitest/config';
import { serverTestConfig } from './vitest.shared.js';

/** Unit specs beside the code: contract, server, seed. */
export default defineConfig({
  ...serverTestConfig,
  test: {
    name: 'unit',
    include: ['scripts/**/*.spec.mjs', 'libs/*/src/**/*.spec.ts', 'apps/api/src/**/*.spec.ts', 'apps/worker/src/**/*.spec.ts', 'seed/**/*.spec.ts'],
    environment: 'node',
  },
});
