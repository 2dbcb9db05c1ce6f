import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contractAlias } from './vite.config.ts';

const here = (p: string) => decodeURIComponent(new URL(p, import.meta.url).pathname);

/** Console component and unit specs (jsdom). Only `fetch` is mocked. */
export default defineConfig({
  root: here('.'),
  plugins: [react()],
  resolve: { alias: contractAlias },
  test: {
    name: 'console',
    include: ['src/**/*.spec.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 15_000,
  },
});
