// Dashboard search benchmark: p50/p95 per filter through the api, beside the same queries run directly against
// Postgres (same service code, no HTTP, no auth) in the same run, at each concurrency given; with the CPU each search
// cost the api, Postgres and the benchmark's own client (the machine is shared: latency alone says little).
//
//   node bench/search/run.mjs [--devices 1000000] [--concurrency 1,50] [--requests 200,1000] [--filters a,b]
//                             [--profile DIR] [--help]
//
// Uses (and on first run seeds) the database `tracker_bench` in the local stack; needs `npm run build` first.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrate, seed } from '../../scripts/lib/prepare.mjs';
import { adminToken, benchDatabase, closedLoop, freePort, loadAverage, postgresCpu, procCpuMs, productionEnv, searchQueries, startApp, waitForApi, warmUp } from '../lib.mjs';

const { values: opts } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '200,1000' },
    concurrency: { type: 'string', default: '1,50' },
    filters: { type: 'string' },
    profile: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (opts.help) {
  console.log(`node bench/search/run.mjs [--devices 1000000] [--concurrency 1,50] [--requests 200,1000] [--filters imei,email]
                          [--profile DIR]

Seeds (once) the database tracker_bench with --devices devices, then for each concurrency (the i-th of --requests
searches per filter at the i-th of --concurrency clients; one --requests value serves all) and each search filter
sends the searches twice: direct (the api's search service over a plain pg pool, no HTTP) and through the built api
(run 'npm run build' first). Prints p50/p95 of both, their ratio, the searches per second and the CPU ms per search
of the api process, of Postgres and of the benchmark's client, with the load average (docs/benchmarks.md).
--filters keeps the filters whose name contains one of the words; --profile DIR runs the api with --cpu-prof there.`);
  process.exit(0);
}
const DEVICES = Number(opts.devices);
const CONCURRENCIES = opts.concurrency.split(',').map(Number);
const REQUESTS = opts.requests.split(',').map(Number);
const requestsAt = (i) => REQUESTS[Math.min(i, REQUESTS.length - 1)];
const POOL = Math.max(...CONCURRENCIES);

const { stack, databaseUrl } = await benchDatabase('tracker_bench');
await migrate(databaseUrl);
const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL });
const have = Number((await pool.query('select count(*) from device')).rows[0].count);
if (have < DEVICES) {
  console.log(`seeding ${DEVICES} devices into tracker_bench (have ${have})`);
  seed(databaseUrl, ['--devices', String(DEVICES), '--reset']);
}
// vacuum as well: index-only scans (the e-mail trigram walk) need the visibility map a fresh load has not set yet,
// which autovacuum sets in time on a live database
await pool.query('vacuum analyze');

// ---- queries per filter, drawn from the data so each one has hits (the same sequence for each path and run)
const { filters: ALL_FILTERS, reseed } = await searchQueries(pool);
const FILTERS = Object.fromEntries(
  Object.entries(ALL_FILTERS).filter(([name]) => !opts.filters || opts.filters.split(',').some((w) => name.toLowerCase().includes(w.toLowerCase()))),
);

// ---- the direct baseline: the api's own search service over a plain pg pool
const { SearchService } = await import('../../libs/server/dist/search/search.service.js');
const { SearchRepository } = await import('../../libs/server/dist/search/search.repository.js');
const direct = new SearchService(new SearchRepository(pool));
const adminSession = { role: 1 };

// ---- the api
const port = await freePort();
const api = startApp(
  'api',
  productionEnv({ databaseUrl, redisUrl: stack.redisUrl, port, DB_POOL_SIZE: String(POOL) }),
  'ignore',
  opts.profile ? ['--cpu-prof', '--cpu-prof-dir', opts.profile] : [],
);
// a failed run (a refused request throws) must not leave the api running
process.on('exit', () => api.kill('SIGTERM'));
const base = `http://127.0.0.1:${port}/api`;
await waitForApi(base);
const token = await adminToken(base, databaseUrl);
const headers = { 'content-type': 'application/json', 'request-origin': 'backoffice-console' };
const authHeaders = { ...headers, authorization: `Bearer ${token}` };

const pgCpu = await postgresCpu(pool);

/** `requests` calls of `fn` from `concurrency` closed-loop clients: latency percentiles, rate, CPU per call. */
async function measure(fn, requests, concurrency) {
  reseed();
  const load = loadAverage();
  const cpu0 = { api: procCpuMs(api.pid), pg: pgCpu(), client: process.cpuUsage() };
  const { p50, p95, rate } = await closedLoop(fn, requests, concurrency);
  const client = process.cpuUsage(cpu0.client);
  const per = (ms) => ms / requests;
  return {
    p50,
    p95,
    rate,
    cpu: { api: per(procCpuMs(api.pid) - cpu0.api), pg: per(pgCpu() - cpu0.pg), client: per((client.user + client.system) / 1000) },
    load,
  };
}

const directSearch = (make) => () => direct.search(adminSession, { ...make(), page: 0, count: 25 });
const apiSearch = (make) => async () => {
  const q = make();
  const r = await fetch(`${base}/device/search?filter=${q.filter}&query=${encodeURIComponent(q.query)}&page=0&count=25`, { headers: authHeaders });
  if (r.status !== 200) throw new Error(`${r.status} ${await r.text()}`);
  await r.arrayBuffer();
};

const tables = [];
for (const [i, concurrency] of CONCURRENCIES.entries()) {
  const requests = requestsAt(i);
  const rows = [];
  const loadBefore = loadAverage();
  for (const [name, make] of Object.entries(FILTERS)) {
    // warm up both paths at the phase's concurrency: every pooled connection open with its statements prepared
    // and planned (a pool grown from one connection to 50 inside the measured phase counted 49 backend starts and
    // their first plans against the first filter), caches and the api's JIT warm
    await warmUp(directSearch(make), concurrency);
    await warmUp(apiSearch(make), concurrency);
    const d = await measure(directSearch(make), requests, concurrency);
    const a = await measure(apiSearch(make), requests, concurrency);
    rows.push({ filter: name, a, d });
  }
  tables.push({ concurrency, requests, rows, loadBefore, loadAfter: loadAverage() });
}
api.kill('SIGTERM');
await pool.end();

const f = (n) => n.toFixed(1);
const f2 = (n) => n.toFixed(2);
console.log(`\nDashboard search, ${DEVICES.toLocaleString('en')} devices`);
for (const t of tables) {
  console.log(`\n${t.requests} searches per filter and path at ${t.concurrency} concurrent (load average ${f(t.loadBefore)} before, ${f(t.loadAfter)} after)`);
  console.log('| filter | api p50 ms | api p95 ms | direct p50 ms | direct p95 ms | api/direct p95 | api /s | direct /s |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { filter, a, d } of t.rows) {
    console.log(`| ${filter} | ${f(a.p50)} | ${f(a.p95)} | ${f(d.p50)} | ${f(d.p95)} | ${(a.p95 / d.p95).toFixed(2)}x | ${Math.round(a.rate)} | ${Math.round(d.rate)} |`);
  }
  console.log('\nCPU ms per search (api: api process + Postgres + the bench\'s HTTP client; direct: Postgres + the bench\'s pg client and service code)');
  console.log('| filter | api: api | api: Postgres | api: client | api: total | direct: Postgres | direct: client | direct: total | load |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { filter, a, d } of t.rows) {
    const at = a.cpu.api + a.cpu.pg + a.cpu.client;
    const dt = d.cpu.pg + d.cpu.client;
    console.log(`| ${filter} | ${f2(a.cpu.api)} | ${f2(a.cpu.pg)} | ${f2(a.cpu.client)} | ${f2(at)} | ${f2(d.cpu.pg)} | ${f2(d.cpu.client)} | ${f2(dt)} | ${f(d.load)}/${f(a.load)} |`);
  }
}
process.exit(0);
