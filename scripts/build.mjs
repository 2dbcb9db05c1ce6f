#!/usr/bin/env node
// `npm run build`: the Nx build targets of every project (the Prisma client, tsc for contract, server, api and
// worker, the console bundle), from the local cache when nothing changed: what the benchmarks and
// `node apps/api/dist/main.js` need. `npm start` and `npm test` do this themselves.
import { ensureDependencies, nx } from './lib/prepare.mjs';

ensureDependencies();
nx(['run-many', '-t', 'build']);
console.log('[build] done');
