// Export benchmark (docs/benchmarks.md "Exports"): one active devices report of every device of the fleet downloaded
// through the built api (GET /api/csv/active_devices, the one export mechanism's COPY path), with the api's RSS
// sampled during the download, beside two baselines in the same run on the same rows:
// - raw COPY: the report's query as PostgreSQL's own CSV (COPY ... TO STDOUT (FORMAT csv), no formula guard) to a sink;
// - JS writer: the path the exports took before (a pg cursor through writeCsv's csv-stringify) to a sink.
//
//   node bench/exports/run.mjs [--devices 1000000] [--events 2000000] [--rounds 3] [--skip-js]
//
// After `npm run build`. Uses the statistics benchmark's database (bench/stats/fleet.mjs): events are spread evenly
// over the owned devices, so with at least two per device every owned device is in the 60-day report.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import QueryStream from 'pg-query-stream';
import { to as copyTo } from 'pg-copy-streams';
import { adminToken, freePort, procMemory, productionEnv, startApp, waitForApi } from '../lib.mjs';
import { statsFleet } from '../stats/fleet.mjs';

const { values: opts } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000000' },
    events: { type: 'string', default: '2000000' },
    'skip-js': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '3' },
    help: { type: 'boolean', default: false },
  },
});
if (opts.help) {
  console.log('node bench/exports/run.mjs [--devices 1000000] [--events 2000000] [--rounds 3] [--skip-js]   (docs/benchmarks.md "Exports")');
  process.exit(0);
}
const ROUNDS = Number(opts.rounds);
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
console.log(`load average ${load()}`);
const { pool, databaseUrl, stack } = await statsFleet({ devices: Number(opts.devices), events: Number(opts.events) });

// the report: every device that communicated in the last 60 days, generated once by the api's repository
const { ReportsRepository } = await import('../../libs/server/dist/reports/reports.repository.js');
const { PgPool } = await import('../../libs/server/dist/core/db.js');
const { writeCsv } = await import('../../libs/server/dist/core/exports/index.js');
Object.assign(pool, { rows: PgPool.prototype.rows, transaction: PgPool.prototype.transaction });
const day = (ms) => new Date(ms).toISOString().slice(0, 10);
const run = (
  await pool.query(
    `insert into report_run (kind, params, created_by)
     values ('active_devices', jsonb_build_object('from', $1::text, 'to', $2::text), (select id from backoffice_user where username = 'admin')) returning id`,
    [day(Date.now() - 60 * 86_400_000), day(Date.now())],
  )
).rows[0].id;
const t = performance.now();
const total = await new ReportsRepository(pool).generate(run);
console.log(`report ${run}: ${total} devices generated in ${((performance.now() - t) / 1000).toFixed(1)} s`);

// the same columns as the report's export (reports.repository.ts), without the guard: PostgreSQL's CSV as it is
const iso = (col) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;
const ITEM_SQL = `SELECT r.device_id, d.imei, d.gsm_number, d.device_type_id, o.email AS owner_email, w.name AS white_label_name,
         ${iso('r.first_seen')} AS first_seen, ${iso('r.last_seen')} AS last_seen, r.communications
    FROM report_active_device r JOIN device d ON d.id = r.device_id
    LEFT JOIN owner o ON o.id = d.owner_id LEFT JOIN white_label w ON w.id = o.white_label_vendor_id
   WHERE r.run_id = ${Number(run)} ORDER BY r.device_id`;

function sink() {
  let bytes = 0;
  return {
    stream: new Writable({
      write(chunk, _enc, cb) {
        bytes += chunk.length;
        cb();
      },
    }),
    bytes: () => bytes,
  };
}
const rate = (rows, ms) => Math.round(rows / (ms / 1000));
/** CPU seconds (user + system) of a process so far: this one, or another from /proc (clock ticks of 10 ms). */
const cpuOf = (pid) => {
  if (pid === undefined) {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  }
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};

// the api: GET /api/csv/active_devices?hash, the body read as it comes, the api's RSS sampled every 100 ms
const port = await freePort();
const api = startApp('api', productionEnv({ databaseUrl, redisUrl: stack.redisUrl, port }));
process.on('exit', () => api.kill('SIGTERM'));
const base = `http://127.0.0.1:${port}/api`;
await waitForApi(base);
const headers = { 'request-origin': 'backoffice-console', authorization: `Bearer ${await adminToken(base, databaseUrl)}` };
const gen = await fetch(`${base}/csv/generate/active_devices?id=${run}`, { headers });
const { hash } = (await gen.json()).model;
await new Promise((r) => setTimeout(r, 1000));
const rss = { before: procMemory(api.pid).now, max: 0, after: 0 };

async function rawCopy() {
  const c = await pool.connect();
  const s = sink();
  const cpu = cpuOf();
  const t0 = performance.now();
  await pipeline(c.query(copyTo(`COPY (${ITEM_SQL}) TO STDOUT (FORMAT csv, HEADER)`)), s.stream);
  const ms = performance.now() - t0;
  c.release();
  return { ms, bytes: s.bytes(), cpu: cpuOf() - cpu };
}

async function jsWriter() {
  const c = await pool.connect();
  const s = sink();
  const cpu = cpuOf();
  const t0 = performance.now();
  await writeCsv(c.query(new QueryStream(ITEM_SQL, [], { batchSize: 1000 })), s.stream, [
    'device_id', 'imei', 'gsm_number', 'device_type_id', 'owner_email', 'white_label_name', 'first_seen', 'last_seen', 'communications',
  ]);
  const ms = performance.now() - t0;
  c.release();
  return { ms, bytes: s.bytes(), cpu: cpuOf() - cpu };
}

async function viaApi() {
  rss.max = Math.max(rss.max, procMemory(api.pid).now);
  const sampler = setInterval(() => (rss.max = Math.max(rss.max, procMemory(api.pid).now)), 100);
  const cpu = cpuOf(api.pid);
  const t0 = performance.now();
  const res = await fetch(`${base}/csv/active_devices?hash=${hash}`, { headers });
  if (!res.ok) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
  }
  const ms = performance.now() - t0;
  clearInterval(sampler);
  if (lines !== total + 1) throw new Error(`the download has ${lines} lines, the report ${total} devices`);
  return { ms, bytes, cpu: cpuOf(api.pid) - cpu };
}

// a first COPY reads the tables into the cache; then the paths in turns, each ROUNDS times
await rawCopy();
const paths = [
  { path: 'raw COPY TO STDOUT (FORMAT csv), in the bench process', fn: rawCopy, runs: [] },
  { path: 'api: GET /api/csv/active_devices (COPY path, over HTTP)', fn: viaApi, runs: [] },
  ...(opts['skip-js'] ? [] : [{ path: 'JS writer (pg cursor + csv-stringify, the path before), in the bench process', fn: jsWriter, runs: [] }]),
];
for (let round = 0; round < ROUNDS; round++) for (const p of paths) p.runs.push(await p.fn());
rss.after = procMemory(api.pid).now;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rawMs = median(paths[0].runs.map((r) => r.ms));
// CPU: of the process that writes the file (the bench process, or the api); PostgreSQL's own is not in it
console.log(`\nload average ${load()}; ${total} rows; median of ${ROUNDS} runs each\n| path | s | rows/s | MB | vs raw COPY | CPU s of the writing process |\n|---|---|---|---|---|---|`);
for (const p of paths) {
  const ms = median(p.runs.map((r) => r.ms));
  const cpu = median(p.runs.map((r) => r.cpu));
  console.log(`| ${p.path} | ${(ms / 1000).toFixed(2)} | ${rate(total, ms)} | ${(p.runs[0].bytes / 1e6).toFixed(0)} | ${(rawMs / ms).toFixed(2)} | ${cpu.toFixed(1)} |`);
}
console.log(`api RSS: ${rss.before.toFixed(0)} MB before the downloads, at most ${rss.max.toFixed(0)} MB during them, ${rss.after.toFixed(0)} MB after (peak of the process: ${procMemory(api.pid).peak.toFixed(0)} MB)`);
api.kill('SIGTERM');
await pool.query(`delete from report_active_device where run_id = $1`, [run]);
await pool.query(`delete from report_run where id = $1`, [run]);
await pool.end();
