#!/usr/bin/env node
// `npm run build`: the Prisma client, the server-side build (tsc -b: contract, server, api, worker) and the console
// bundle — what the benchmarks and `node apps/api/dist/main.js` need. `npm start` and `npm test` do this themselves.
import { buildConsole, buildServer, ensureDependencies } from './lib/prepare.mjs';

ensureDependencies();
buildServer();
buildConsole();
console.log('[build] done');
