// Statistics benchmark (docs/statistics.md, docs/benchmarks.md): every type's answer for the last 30 days from the
// rollup (what GET /stats/list reads) beside the same figures computed from the raw tables, which must be equal;
// the rollup's backfill time; and the active devices export's rate and memory (repository level; bench/exports
// measures the api).
//
//   node bench/stats/run.mjs [--devices 20000] [--events 2000000] [--runs 5] [--raw-runs N] [--daily-only] [--help]
//   (--daily-only: the daily report alone, after growing the fleet)
//
// Uses (and grows, set-based in SQL: bench/stats/fleet.mjs) the database tracker_bench_stats in the local stack;
// needs `npx tsc -b tsconfig.json` (libs/server/dist) first. --events are half locations, half communications of
// random owned devices over the last 60 days. The scale is --devices 1000000 --events 50000000.
import { Writable } from 'node:stream';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { statsFleet } from './fleet.mjs';

const { values: opts } = parseArgs({
  options: {
    devices: { type: 'string', default: '20000' },
    events: { type: 'string', default: '2000000' },
    runs: { type: 'string', default: '5' },
    'raw-runs': { type: 'string' },
    'skip-raw': { type: 'boolean', default: false },
    'keep-rollup': { type: 'boolean', default: false },
    'daily-only': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (opts.help) {
  console.log('node bench/stats/run.mjs [--devices 20000] [--events 2000000] [--runs 5] [--raw-runs N] [--skip-raw] [--keep-rollup] [--daily-only]   (docs/benchmarks.md "Statistics")');
  process.exit(0);
}
const DEVICES = Number(opts.devices);
const RUNS = Number(opts.runs);
const RAW_RUNS = Number(opts['raw-runs'] ?? opts.runs);
const EVENTS = Number(opts.events);
const DAILY_ONLY = opts['daily-only'];
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');

console.log(`load average ${load()}`);
const { pool, sizes } = await statsFleet({ devices: DEVICES, events: EVENTS });
console.log(JSON.stringify(sizes));

// the api's own repository and rollup over a plain pool with PgPool's two methods
const { PgPool } = await import('../../libs/server/dist/core/db.js');
const { StatsRepository } = await import('../../libs/server/dist/stats/stats.repository.js');
const { StatsRollup, STATS_SNAPSHOT_MS } = await import('../../libs/server/dist/stats/stats-rollup.service.js');
const { ReportsRepository } = await import('../../libs/server/dist/reports/reports.repository.js');
const { STATS_TYPE_KEYS, statsTypeDef } = await import('../../libs/contract/dist/index.js');
Object.assign(pool, { rows: PgPool.prototype.rows, transaction: PgPool.prototype.transaction });
const repo = new StatsRepository(pool);
const rollup = new StatsRollup(repo, { warn: console.warn, info: () => {} });

const day = (ms) => new Date(ms).toISOString().slice(0, 10);
const scope = (type) => ({ type, from: day(Date.now() - 29 * 86_400_000), to: day(Date.now()), whiteLabels: [1, 2, 3, 4] });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time(fn, runs = RUNS) {
  const ms = [];
  let out;
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    out = await fn();
    ms.push(performance.now() - s);
  }
  return { ms: median(ms), out };
}

/**
 * The daily report (GET /reports/daily): a week in Berlin's zone, the whole fleet and one white label, every day from
 * its rollup (daily_report_rollup): the first read rolls the seven days; the worker's roll of today and the two days
 * before it (every 5 minutes) is timed apart; the reads beside the whole week from the raw tables, which must be
 * equal. Returns how many differ.
 */
async function dailyReport() {
  const { DailyReportRepository } = await import('../../libs/server/dist/reports/daily-report.repository.js');
  const daily = new DailyReportRepository(pool);
  const last = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const first = day(Date.parse(`${last}T00:00:00Z`) - 6 * 86_400_000);
  let differ = 0;
  await pool.query(`delete from daily_report_rollup where tz = 'Europe/Berlin'`);
  for (const whiteLabels of [null, [1]]) {
    const scope = { first, last, tz: 'Europe/Berlin', whiteLabels, today: last };
    const s = performance.now();
    await daily.days(scope);
    const firstMs = performance.now() - s;
    const r = await time(() => daily.days(scope));
    const raw = await time(() => daily.raw(scope), RAW_RUNS);
    const equal = JSON.stringify(r.out) === JSON.stringify(raw.out);
    if (!equal) differ++;
    console.log(
      `daily report, 7 days, ${whiteLabels ? 'one white label' : 'whole fleet'}: ${r.ms.toFixed(1)} ms from the rollup (median of ${RUNS}; the first read, rolling the seven days, ${firstMs.toFixed(0)} ms), ${raw.ms.toFixed(0)} ms from the raw tables; equal ${equal ? 'yes' : 'NO'}; devices active yesterday ${r.out[1].devices_active}`,
    );
  }
  const roll = await time(() => daily.roll('Europe/Berlin', day(Date.parse(`${last}T00:00:00Z`) - 2 * 86_400_000), last), Math.min(RUNS, 3));
  console.log(`the worker's roll of today and the two days before (every 5 minutes, in the worker): ${roll.ms.toFixed(0)} ms (median of ${Math.min(RUNS, 3)})`);
  return differ;
}

if (DAILY_ONLY) {
  const differ = await dailyReport();
  await pool.end();
  if (differ) console.error(`${differ} daily report scopes differ between the rollup and the raw tables`);
  process.exit(differ ? 1 : 0);
}

let t0;
if (!opts['keep-rollup']) {
  await pool.query('truncate daily_statistic, stats_rollup_state');
  t0 = performance.now();
  const rows = await rollup.roll(Date.now());
  const backfillMs = performance.now() - t0;
  console.log(`backfill (400 days, every type): ${rows} rollup rows in ${(backfillMs / 1000).toFixed(1)} s`);
}
t0 = performance.now();
const today = new Date().toISOString().slice(0, 10);
await rollup.rollDays(today, today);
console.log(`today of every daily type rolled again (the schedule's roll of a new day, or its safety roll): ${((performance.now() - t0) / 1000).toFixed(2)} s`);

// the writes' path (docs/statistics.md "The rollup"): what the statement triggers cost a writer, and what the sweep of
// the marked days costs, at this scale
const [{ id: deviceId }] = (await pool.query('select id from device where owner_id is not null order by id limit 1')).rows;
await pool.query('delete from stats_dirty');
{
  // one-row inserts with the trigger and without (session_replication_role = replica), in alternating rounds so that
  // the machine's load falls on both alike
  const ROUNDS = 10;
  const PER_ROUND = 200;
  const withTrigger = await pool.connect();
  const without = await pool.connect();
  await without.query('set session_replication_role = replica');
  const insert = (c) => c.query(`insert into location (device_id, time, latitude, longitude, reason, source) values ($1, now(), 48, 11, 1, 1)`, [deviceId]);
  const ms = { with: [], without: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const [key, c] of [['with', withTrigger], ['without', without]]) {
      const s = performance.now();
      for (let i = 0; i < PER_ROUND; i++) await insert(c);
      ms[key].push((performance.now() - s) / PER_ROUND);
    }
  }
  await without.query('reset session_replication_role');
  withTrigger.release();
  without.release();
  const marks = Number((await pool.query('select count(*) as n from stats_dirty')).rows[0].n);
  const a = median(ms.with);
  const b = median(ms.without);
  console.log(
    `one-row location inserts (median of ${ROUNDS} alternating rounds of ${PER_ROUND}): ${a.toFixed(2)} ms with the statistics trigger, ${b.toFixed(2)} ms without (${(a / b).toFixed(2)}x); ${marks} marks`,
  );
  await pool.query(`insert into owner (email, white_label_vendor_id) values ('bench-now-' || extract(epoch from now()) || '@stats.bench', 1)`);
  const s = performance.now();
  const swept = await rollup.rollDirty({ throttle: false });
  console.log(`the sweep of those marks (today's location types and new_registrations rolled again): ${((performance.now() - s) / 1000).toFixed(2)} s, ${swept} rollup rows`);
}

// the writes above (a new owner) change snapshot figures, which the writes do not re-take: the schedule takes today's
// snapshots again every STATS_SNAPSHOT_MS (5 minutes); taken here as it would, so rollup and raw read the same fleet
{
  const s = performance.now();
  let rows = 0;
  for (const type of STATS_TYPE_KEYS) if (statsTypeDef(type).kind === 'snapshot') rows += await repo.rollSnapshot(type, today);
  console.log(`today's snapshots taken again (the schedule's every ${STATS_SNAPSHOT_MS / 60_000} minutes): ${((performance.now() - s) / 1000).toFixed(2)} s, ${rows} rollup rows`);
}

console.log(`\nload average ${load()}\n| type | rollup ms (median) | raw ms (median) | raw / rollup | items | equal | under 200 ms |\n|---|---|---|---|---|---|---|`);
let unequal = 0;
let slow = 0;
for (const type of STATS_TYPE_KEYS) {
  const r = await time(() => repo.items(scope(type)));
  const raw = opts['skip-raw'] ? { ms: NaN, out: r.out } : await time(() => repo.raw(scope(type)), RAW_RUNS);
  const equal = JSON.stringify(r.out) === JSON.stringify(raw.out);
  if (!equal) unequal++;
  if (r.ms >= 200) slow++;
  console.log(`| ${type} | ${r.ms.toFixed(1)} | ${raw.ms.toFixed(1)} | ${(raw.ms / r.ms).toFixed(0)}x | ${r.out.length} | ${equal ? 'yes' : 'NO'} | ${r.ms < 200 ? 'yes' : 'NO'} |`);
}
console.log(`load average ${load()}; ${STATS_TYPE_KEYS.length - slow} of ${STATS_TYPE_KEYS.length} types under 200 ms`);

unequal += await dailyReport();

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
await pool.query('delete from report_active_device where run_id = $1', [run]);
await pool.query('delete from report_run where id = $1', [run]);
await pool.end();
// a type whose rollup differs from the raw tables fails the benchmark (exit 1)
if (unequal) {
  console.error(`${unequal} types differ between the rollup and the raw tables`);
  process.exit(1);
}
console.log(`every type (${STATS_TYPE_KEYS.length}) equal between the rollup and the raw tables`);
