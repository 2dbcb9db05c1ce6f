// Why a figure of the scaling curve grows (docs/scaling.md "The scaling curve"): the statements the api's own
// repositories send for it, each run once under EXPLAIN (ANALYZE, BUFFERS) on a size's database (tracker_scale_<n>,
// seeded by bench/scale/run.mjs), then for real. Plans go to bench/.out/explain-<devices>-<job>.txt; the summary
// (execution time, shared buffers hit and read, the plan's biggest row counts) is printed.
//
//   node bench/scale/explain.mjs [--devices 1000000] [--jobs daily,search,stats,timeline] [--set name=value]
//                                [--database tracker_bench_stats]
//
// After `npx tsc -b tsconfig.json` (libs/server/dist).
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchDatabase, ROOT } from '../lib.mjs';

const { values: opts } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000000' },
    jobs: { type: 'string', default: 'daily,search' },
    // a setting for every connection, to try a fix (e.g. --set max_parallel_workers_per_gather=0)
    set: { type: 'string' },
    // another database of the local stack than tracker_scale_<devices> (e.g. bench/stats's fleet)
    database: { type: 'string' },
  },
});
const DEVICES = Number(opts.devices);
const { databaseUrl } = await benchDatabase(opts.database ?? `tracker_scale_${DEVICES}`);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const { PgPool } = await import('../../libs/server/dist/core/db.js');
Object.assign(pool, { rows: PgPool.prototype.rows, transaction: PgPool.prototype.transaction });

// every statement of a client, while `capture` is set, runs first under EXPLAIN (ANALYZE, BUFFERS)
let capture = null;
pool.on('connect', (client) => {
  const query = client.query.bind(client);
  if (opts.set) query(`SET ${opts.set.replace('=', ' = ')}`);
  client.query = (cfg, ...rest) => {
    const text = typeof cfg === 'string' ? cfg : cfg?.text;
    const values = typeof cfg === 'string' ? (Array.isArray(rest[0]) ? rest[0] : undefined) : cfg?.values;
    const explain = capture && text && !/^\s*(BEGIN|COMMIT|ROLLBACK|SET|RESET|SELECT now\(\))/i.test(text);
    if (!explain) return query(cfg, ...rest);
    const plans = capture;
    const first = query({ text: `EXPLAIN (ANALYZE, BUFFERS) ${text}`, values }).then((r) => plans.push({ text, plan: r.rows.map((x) => x['QUERY PLAN']).join('\n') }));
    const cb = typeof rest[rest.length - 1] === 'function' ? rest.pop() : null;
    if (cb) {
      first.then(() => query(cfg, ...rest, cb), cb);
      return undefined;
    }
    return first.then(() => query(cfg, ...rest));
  };
});

/** The shared buffers (hit + read) of a plan's top node: the pages a statement touched, whatever the machine's load. */
const buffersOf = (plan) => {
  const m = /Buffers: shared(?: hit=(\d+))?(?: read=(\d+))?/.exec(plan);
  return m ? Number(m[1] ?? 0) + Number(m[2] ?? 0) : 0;
};

async function explained(job, fn, { quiet = false } = {}) {
  capture = [];
  await fn();
  const plans = capture;
  capture = null;
  mkdirSync(`${ROOT}/bench/.out`, { recursive: true });
  const file = `${ROOT}/bench/.out/explain-${DEVICES}-${job}.txt`;
  writeFileSync(file, plans.map((p) => `-- ${p.text}\n\n${p.plan}\n`).join('\n\n'));
  if (quiet) return plans;
  console.log(`\n## ${job} at ${DEVICES.toLocaleString('en')} devices: ${plans.length} statements (${file})`);
  for (const p of plans) {
    const time = /Execution Time: ([\d.]+) ms/.exec(p.plan)?.[1];
    const buffers = /Buffers: (shared [^\n]*)/.exec(p.plan)?.[1];
    const big = [...p.plan.matchAll(/^\s*(?:->\s*)?([A-Z][^(\n]*?)\s+\(cost=[^)]*\) \(actual time=[\d.]+\.\.([\d.]+) rows=(\d+) loops=(\d+)\)/gm)]
      .map((m) => ({ node: m[1].trim(), ms: Number(m[2]) * Number(m[4]), rows: Number(m[3]) * Number(m[4]) }))
      .sort((a, b) => b.rows - a.rows)
      .slice(0, 6);
    console.log(`- ${time} ms, ${buffers}; ${p.text.replace(/\s+/g, ' ').slice(0, 100)}...`);
    for (const b of big) console.log(`    ${b.node}: ${b.rows.toLocaleString('en')} rows, ${b.ms.toFixed(0)} ms`);
  }
  return plans;
}

const jobs = opts.jobs.split(',');
const day = (ms) => new Date(ms).toISOString().slice(0, 10);
if (jobs.includes('daily')) {
  // the daily report's first read of a week: the roll of its seven days from the raw tables
  const { DailyReportRepository } = await import('../../libs/server/dist/reports/daily-report.repository.js');
  const last = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  await explained('daily', () => new DailyReportRepository(pool).roll('Europe/Berlin', day(Date.parse(`${last}T00:00:00Z`) - 6 * 86_400_000), last));
}
if (jobs.includes('search')) {
  // an exact IMEI and the prefixes bench/scale measures (IMEI 8, IMSI 10, phone 9 digits after the +) through the
  // api's search service, as an administrator
  const { SearchService } = await import('../../libs/server/dist/search/search.service.js');
  const { SearchRepository } = await import('../../libs/server/dist/search/search.repository.js');
  const search = new SearchService(new SearchRepository(pool));
  const [d] = (await pool.query('select imei, imsi, gsm_number from device where imsi is not null and gsm_number is not null order by id offset $1 limit 1', [Math.floor(DEVICES / 2)])).rows;
  await explained('search', async () => {
    await search.search({ role: 1 }, { filter: 'imei', query: d.imei, page: 0, count: 25 });
    await search.search({ role: 1 }, { filter: 'imei', query: d.imei.slice(0, 8), page: 0, count: 25 });
    await search.search({ role: 1 }, { filter: 'imsi', query: d.imsi.slice(0, 10), page: 0, count: 25 });
    await search.search({ role: 1 }, { filter: 'gsm_number', query: d.gsm_number.slice(0, 10), page: 0, count: 25 });
  });
}
if (jobs.includes('timeline')) {
  // the device page's timeline (50 entries) of the run's sample devices (bench/scale/run.mjs: owned, spread by id)
  const { DeviceTimelineService } = await import('../../libs/server/dist/device-workspace/device-timeline.service.js');
  const { DeviceTimelineRepository } = await import('../../libs/server/dist/device-workspace/device-timeline.repository.js');
  const { timelineQuery } = await import('../../libs/contract/dist/index.js');
  const timeline = new DeviceTimelineService({ device: async () => undefined }, new DeviceTimelineRepository(pool), null);
  const ids = (await pool.query('select id from device where owner_id is not null and id % greatest(1, $1::int / 10) = 0 order by id limit 3', [DEVICES])).rows;
  for (const { id } of ids) {
    await explained(`timeline-${id}`, () => timeline.page({ role: 1, userId: 1 }, timelineQuery.parse({ device_id: String(id), count: '50' })));
  }
}
if (jobs.includes('stats')) {
  // a month of each statistics type from the rollup (what GET /stats/list reads): the pages each read touches
  const { StatsRepository } = await import('../../libs/server/dist/stats/stats.repository.js');
  const { STATS_TYPE_KEYS } = await import('../../libs/contract/dist/index.js');
  const repo = new StatsRepository(pool);
  const scope = (type) => ({ type, from: day(Date.now() - 29 * 86_400_000), to: day(Date.now()), whiteLabels: [1, 2, 3, 4] });
  console.log(`\n## stats at ${DEVICES.toLocaleString('en')} devices: shared buffers (hit + read) and execution ms of each type's read`);
  for (const type of STATS_TYPE_KEYS) {
    const plans = await explained(`stats-${type}`, () => repo.items(scope(type)), { quiet: true });
    const ms = plans.reduce((a, p) => a + Number(/Execution Time: ([\d.]+) ms/.exec(p.plan)?.[1] ?? 0), 0);
    console.log(`| ${type} | ${plans.reduce((a, p) => a + buffersOf(p.plan), 0)} | ${ms.toFixed(2)} |`);
  }
}
await pool.end();
