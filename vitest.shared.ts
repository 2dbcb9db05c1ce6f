import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import type { UserConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Server-side test config: SWC for decorator metadata (Nest DI), workspace libs from source. */
export const serverTestConfig: UserConfig = {
  plugins: [
    swc.vite({
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'es6' },
    }),
  ],
  resolve: {
    alias: {
      '@tracker/contract': here('./libs/contract/src/index.ts'),
      // the worker's entry (package.json "exports"), listed before the barrel: the first match wins
      '@tracker/server/worker': here('./libs/server/src/worker.ts'),
      '@tracker/server': here('./libs/server/src/index.ts'),
      '@tracker/fleet-sim': here('./apps/fleet-sim/src/index.ts'),
    },
  },
};
