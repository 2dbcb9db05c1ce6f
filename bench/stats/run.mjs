// Statistics benchmark (docs/statistics.md, docs/benchmarks.md): every type's answer for the last 30 days from the
// rollup (what GET /stats/list reads) beside the same figures computed from the raw tables, which must be equal;
// the rollup's backfill time; and the active devices export's rate and memory.
//
//   node bench/stats/run.mjs [--devices 20000] [--events 2000000] [--runs 5] [--help]
//
// Uses (and seeds when it has fewer devices) the database tracker_bench_stats in the local stack; needs
// `npx tsc -b tsconfig.json` (libs/server/dist) first. The seed gives telemetry to a sample of its devices only, so
// --events synthetic events (half locations, half communications of random owned devices, spread over the last 60
// days) are added until the tables hold that many. The scale is --devices 1000000 --events 50000000, for a
// quiet machine with room for it.
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrate, seed } from '../../scripts/lib/prepare.mjs';
import { benchDatabase } from '../lib.mjs';

const { values: opts } = parseArgs({
  options: { devices: { type: 'string', default: '20000' }, events: { type: 'string', default: '2000000' }, runs: { type: 'string', default: '5' }, help: { type: 'boolean', default: false } },
});
if (opts.help) {
  console.log('node bench/stats/run.mjs [--devices 20000] [--events 2000000] [--runs 5]   (docs/benchmarks.md "Statistics")');
  process.exit(0);
}
const DEVICES = Number(opts.devices);
const RUNS = Number(opts.runs);
const EVENTS = Number(opts.events);

const { databaseUrl } = await benchDatabase('tracker_bench_stats');
await migrate(databaseUrl);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const have = Number((await pool.query('select count(*) from device')).rows[0].count);
if (have < DEVICES) {
  console.log(`seeding ${DEVICES} devices into tracker_bench_stats (have ${have})`);
  seed(databaseUrl, ['--devices', String(DEVICES), '--reset']);
}
const events = async () => Number((await pool.query('select (select count(*) from location) + (select count(*) from device_communication) AS n')).rows[0].n);
const missing = EVENTS - (await events());
if (missing > 0) {
  console.log(`adding ${missing} synthetic events`);
  const half = Math.ceil(missing / 2);
  // random owned devices, random instants of the last 60 days; reasons, sources and validity spread like the seed's
  await pool.query(`create temp table bench_devices as select row_number() over () as n, id from device where owner_id is not null`);
  const n = Number((await pool.query('select count(*) from bench_devices')).rows[0].count);
  await pool.query(
    `insert into location (device_id, time, latitude, longitude, reason, source, is_valid)
     select d.id, now() - random() * interval '60 days', 48, 11, (array[1,1,1,2,8,22,19])[1 + floor(random() * 7)::int],
            (array[1,1,6,8,7,0])[1 + floor(random() * 6)::int], random() > 0.02
       from generate_series(1, $1) g join bench_devices d on d.n = 1 + (g % $2)`,
    [half, n],
  );
  await pool.query(
    `insert into device_communication (device_id, time, kind)
     select d.id, now() - random() * interval '60 days', 'heartbeat' from generate_series(1, $1) g join bench_devices d on d.n = 1 + (g % $2)`,
    [missing - half, n],
  );
}
await pool.query('vacuum analyze');
const count = async (t) => Number((await pool.query(`select count(*) from ${t}`)).rows[0].count);
const sizes = { devices: await count('device'), locations: await count('location'), communications: await count('device_communication'), sms: await count('sms_message') };
console.log(JSON.stringify(sizes));

// the api's own repository and rollup over a plain pool with PgPool's two methods
const { PgPool } = await import('../../libs/server/dist/core/db.js');
const { StatsRepository } = await import('../../libs/server/dist/stats/stats.repository.js');
const { StatsRollup } = await import('../../libs/server/dist/stats/stats-rollup.service.js');
const { ReportsRepository } = await import('../../libs/server/dist/reports/reports.repository.js');
const { STATS_TYPE_KEYS } = await import('../../libs/contract/dist/index.js');
Object.assign(pool, { rows: PgPool.prototype.rows, transaction: PgPool.prototype.transaction });
const repo = new StatsRepository(pool);
const rollup = new StatsRollup(repo, { warn: console.warn, info: () => {} });

await pool.query('truncate daily_statistic, stats_rollup_state');
let t0 = performance.now();
const rows = await rollup.roll(Date.now());
const backfillMs = performance.now() - t0;
t0 = performance.now();
await rollup.roll(Date.now());
const upkeepMs = performance.now() - t0;
console.log(`backfill (400 days, every type): ${rows} rollup rows in ${(backfillMs / 1000).toFixed(1)} s; the next minute's roll: ${(upkeepMs / 1000).toFixed(2)} s`);

const day = (ms) => new Date(ms).toISOString().slice(0, 10);
const scope = (type) => ({ type, from: day(Date.now() - 29 * 86_400_000), to: day(Date.now()), whiteLabels: [1, 2, 3, 4] });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time(fn) {
  const ms = [];
  let out;
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    out = await fn();
    ms.push(performance.now() - s);
  }
  return { ms: median(ms), out };
}
console.log('\n| type | rollup ms (median) | raw ms (median) | items | equal |\n|---|---|---|---|---|');
let unequal = 0;
for (const type of STATS_TYPE_KEYS) {
  const r = await time(() => repo.items(scope(type)));
  const raw = await time(() => repo.raw(scope(type)));
  const equal = JSON.stringify(r.out) === JSON.stringify(raw.out);
  if (!equal) unequal++;
  console.log(`| ${type} | ${r.ms.toFixed(1)} | ${raw.ms.toFixed(1)} | ${r.out.length} | ${equal ? 'yes' : 'NO'} |`);
}

// the active devices export: a report of the last 60 days, streamed to nowhere through the api's CSV writer
const reports = new ReportsRepository(pool);
const run = (await pool.query(`insert into report_run (kind, params) values ('active_devices', jsonb_build_object('from', $1::text, 'to', $2::text)) returning id`, [day(Date.now() - 60 * 86_400_000), day(Date.now())])).rows[0].id;
t0 = performance.now();
const total = await reports.generate(run);
const generateMs = performance.now() - t0;
let bytes = 0;
let maxRss = 0;
const sink = new Writable({
  write(chunk, _enc, cb) {
    bytes += chunk.length;
    maxRss = Math.max(maxRss, process.memoryUsage().rss);
    cb();
  },
});
const rssBefore = process.memoryUsage().rss;
t0 = performance.now();
await reports.stream(run, sink);
const exportMs = performance.now() - t0;
console.log(
  `\nactive devices report: ${total} devices generated in ${(generateMs / 1000).toFixed(2)} s; CSV ${(bytes / 1e6).toFixed(1)} MB in ${(exportMs / 1000).toFixed(2)} s = ${Math.round(total / (exportMs / 1000))} rows/s; RSS ${(rssBefore / 1e6).toFixed(0)} MB before, at most ${(maxRss / 1e6).toFixed(0)} MB while streaming`,
);
await pool.end();
if (unequal) {
  console.error(`${unequal} types differ between the rollup and the raw tables`);
  process.exit(1);
}
