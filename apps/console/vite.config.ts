import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => decodeURIComponent(new URL(p, import.meta.url).pathname);

/** Shared by the build, the dev server and vitest: the contract is used from source, no build step. */
export const contractAlias = { '@tracker/contract': here('../../libs/contract/src/index.ts') };

export default defineConfig({
  root: here('.'),
  base: '/',
  plugins: [react()],
  resolve: { alias: contractAlias },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    // no source maps in dist: the api serves dist publicly (docs/console.md, "Bundle budget")
    sourcemap: false,
    rolldownOptions: {
      output: {
        // modules run in import order across chunks: main.tsx's first import (lib/zod-jitless) must run before the
        // contract's schemas, which end up in another chunk
        strictExecutionOrder: true,
        // long-lived vendor code in its own files so a console release does not bust the browser cache for it;
        // Leaflet and ECharts get their own chunks, loaded only by the map and chart components (import())
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ },
            { name: 'leaflet', test: /node_modules[\\/]leaflet[\\/]/ },
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/ },
          ],
        },
      },
    },
  },
});
