// Dashboard search benchmark: p50/p95 per filter at 50 concurrent requests through the api, beside the same
// queries run directly against Postgres (same service code, no HTTP, no auth) in the same run.
//
//   node bench/search/run.mjs [--devices 1000000] [--requests 1000] [--concurrency 50] [--help]
//
// Uses (and on first run seeds) the database `tracker_bench` in the local stack; needs `npm run build` first.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrate, seed } from '../../scripts/lib/prepare.mjs';
import { adminToken, benchDatabase, freePort, productionEnv, startApp, waitForApi } from '../lib.mjs';

const { values: opts } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '50' },
    help: { type: 'boolean', default: false },
  },
});
if (opts.help) {
  console.log(`node bench/search/run.mjs [--devices 1000000] [--requests 1000] [--concurrency 50]

Seeds (once) the database tracker_bench with --devices devices, then for each search filter sends --requests
searches from --concurrency clients twice: direct (the api's search service over a plain pg pool, no HTTP) and
through the built api (run 'npm run build' first). Prints p50/p95 of both and their ratio (docs/benchmarks.md).`);
  process.exit(0);
}
const DEVICES = Number(opts.devices);
const REQUESTS = Number(opts.requests);
const CONCURRENCY = Number(opts.concurrency);

const { stack, databaseUrl } = await benchDatabase('tracker_bench');
await migrate(databaseUrl);
const pool = new pg.Pool({ connectionString: databaseUrl, max: CONCURRENCY });
const have = Number((await pool.query('select count(*) from device')).rows[0].count);
if (have < DEVICES) {
  console.log(`seeding ${DEVICES} devices into tracker_bench (have ${have})`);
  seed(databaseUrl, ['--devices', String(DEVICES), '--reset']);
}
// vacuum as well: index-only scans (the e-mail trigram walk) need the visibility map a fresh load has not set yet,
// which autovacuum sets in time on a live database
await pool.query('vacuum analyze');

// ---- queries per filter, drawn from the data so each one has hits
const pick = async (sql) => (await pool.query(sql)).rows;
const sampleDevices = await pick(`select imei, imsi, gsm_number from device tablesample system (0.5) where imsi is not null and gsm_number is not null limit 200`);
const sampleOwners = await pick(`select email, first_name, last_name from owner tablesample system (0.5) where first_name is not null limit 200`);
const rnd = (arr) => arr[Math.floor(Math.random() * arr.length)];
const FILTERS = {
  'exact IMEI': () => ({ filter: 'imei', query: rnd(sampleDevices).imei }),
  'IMEI prefix (8)': () => ({ filter: 'imei', query: rnd(sampleDevices).imei.slice(0, 8) }),
  'IMSI prefix (10)': () => ({ filter: 'imsi', query: rnd(sampleDevices).imsi.slice(0, 10) }),
  'phone prefix (9)': () => ({ filter: 'gsm_number', query: rnd(sampleDevices).gsm_number.slice(0, 10) }),
  'e-mail part': () => ({ filter: 'email', query: rnd(sampleOwners).email.split('@')[0].slice(0, 6) }),
  'name part': () => ({ filter: 'user_name', query: rnd(sampleOwners).last_name.slice(0, 4) }),
};

// ---- the direct baseline: the api's own search service over a plain pg pool
const { DeviceSearchService } = await import('../../libs/server/dist/devices/device-search.service.js');
const { DeviceSearchRepository } = await import('../../libs/server/dist/devices/device-search.repository.js');
const direct = new DeviceSearchService(new DeviceSearchRepository(pool));
const adminSession = { role: 1 };

// ---- the api
const port = await freePort();
const api = startApp('api', productionEnv({ databaseUrl, redisUrl: stack.redisUrl, port, DB_POOL_SIZE: String(CONCURRENCY) }));
// a failed run (a refused request throws) must not leave the api running
process.on('exit', () => api.kill('SIGTERM'));
const base = `http://127.0.0.1:${port}/api`;
await waitForApi(base);
const token = await adminToken(base, databaseUrl);
const headers = { 'content-type': 'application/json', 'request-origin': 'backoffice-console' };
const authHeaders = { ...headers, authorization: `Bearer ${token}` };

async function measure(fn) {
  const times = [];
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      next++;
      const t = process.hrtime.bigint();
      await fn();
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length * 0.5)], p95: times[Math.floor(times.length * 0.95)] };
}

const rows = [];
for (const [name, make] of Object.entries(FILTERS)) {
  // warm up both paths
  for (let i = 0; i < 20; i++) await direct.search(adminSession, { ...make(), page: 0, count: 25 });
  const d = await measure(() => direct.search(adminSession, { ...make(), page: 0, count: 25 }));
  const a = await measure(async () => {
    const q = make();
    const r = await fetch(`${base}/device/search?filter=${q.filter}&query=${encodeURIComponent(q.query)}&page=0&count=25`, { headers: authHeaders });
    if (r.status !== 200) throw new Error(`${r.status} ${await r.text()}`);
    await r.arrayBuffer();
  });
  rows.push({ filter: name, api_p50: a.p50, api_p95: a.p95, sql_p50: d.p50, sql_p95: d.p95, ratio_p95: a.p95 / d.p95 });
}
api.kill('SIGTERM');
await pool.end();

const f = (n) => n.toFixed(1);
console.log(`\nDashboard search, ${DEVICES.toLocaleString('en')} devices, ${REQUESTS} requests per filter at ${CONCURRENCY} concurrent`);
console.log('| filter | api p50 ms | api p95 ms | direct p50 ms | direct p95 ms | api/direct p95 |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.filter} | ${f(r.api_p50)} | ${f(r.api_p95)} | ${f(r.sql_p50)} | ${f(r.sql_p95)} | ${r.ratio_p95.toFixed(2)}x |`);
process.exit(0);
