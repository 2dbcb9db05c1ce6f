// The daily report counted at write time (docs/statistics.md "Daily report", docs/benchmarks.md "Daily report
// counts"): what the counting triggers cost the writes that feed them, and what a read and a fold cost, each against a
// baseline measured in the same run.
//
//   node bench/daily/run.mjs [--rounds 20] [--batch 1000] [--white-labels 20,200]
//
// 1. Writes: rounds of the SMS path's statements for `batch` messages (insert waiting, then sent, then delivered, as
//    the worker and the delivery reports do) and a communication of each device, alternately with the counting
//    triggers enabled and disabled; Postgres's CPU per message (bench/lib.mjs postgresCpu) and the ratio.
// 2. Reads: a week counted for N white labels (and the deltas of 5 minutes not folded yet), read for the fleet and for
//    one white label through the api's repository, against the same week read from the rollup (the path of days before
//    a zone counts); the fold of the deltas a busy 5 minutes leaves, per delta row.
// After `npm run build` (libs/server/dist). Runs in its own database of the local dev stack (tracker_bench_daily).
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchDatabase, loadAverage, postgresCpu } from '../lib.mjs';
import { migrate } from '../../scripts/lib/prepare.mjs';

const { values: opts } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    batch: { type: 'string', default: '1000' },
    'white-labels': { type: 'string', default: '20,200' },
  },
});
const ROUNDS = Number(opts.rounds);
const BATCH = Number(opts.batch);
const TZ = 'Europe/Berlin';

const { databaseUrl } = await benchDatabase('tracker_bench_daily', { fresh: true });
await migrate(databaseUrl);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const { PgPool } = await import('../../libs/server/dist/core/db.js');
Object.assign(pool, { rows: PgPool.prototype.rows, transaction: PgPool.prototype.transaction });
const { DailyReportRepository } = await import('../../libs/server/dist/reports/daily-report.repository.js');
const { countTriggers } = await import('../../libs/server/dist/reports/daily-report-counts.js');
const repo = new DailyReportRepository(pool);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x, d = 3) => x.toFixed(d);
console.log(`load ${loadAverage()}; ${ROUNDS} rounds of ${BATCH} messages`);

await pool.query(`INSERT INTO device_type (id, name) VALUES (1, 'bench') ON CONFLICT DO NOTHING`);
// a fleet of BATCH devices over 20 white labels, one owner each; the zone in use counts from now
const wls = (await pool.query(`INSERT INTO white_label (name) SELECT 'bench ' || i FROM generate_series(1, 20) i RETURNING id`)).rows.map((r) => r.id);
const owners = (
  await pool.query(`INSERT INTO owner (email, white_label_vendor_id) SELECT 'b' || i || '@bench.test', ($1::int[])[1 + i % 20] FROM generate_series(1, $2::int) i RETURNING id`, [wls, BATCH])
).rows.map((r) => r.id);
const devices = (
  await pool.query(`INSERT INTO device (imei, device_type_id, owner_id) SELECT (990000000000000 + i)::text, 1, ($1::int[])[i] FROM generate_series(1, $2::int) i RETURNING id`, [owners, BATCH])
).rows.map((r) => r.id);
await pool.query(`INSERT INTO daily_report_zone (tz) VALUES ($1) ON CONFLICT DO NOTHING`, [TZ]);

// 1. the writes, with the triggers on and off in turns
const client = await pool.connect();
const cpu = await postgresCpu(client);
const triggers = countTriggers();
const setTriggers = async (on) => {
  for (const t of triggers) await client.query(`ALTER TABLE "${t.table}" ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${t.name}`);
};
async function round() {
  const ids = (
    await client.query(`INSERT INTO sms_message (message, device_id, direction, status) SELECT 'LOCATE', d, 'OUTBOUND', 0 FROM unnest($1::int[]) d RETURNING id`, [devices])
  ).rows.map((r) => r.id);
  await client.query(`UPDATE sms_message SET status = 1 WHERE id = ANY($1::bigint[])`, [ids]);
  // delivery reports arrive in batches of ten
  for (let i = 0; i < ids.length; i += 10) await client.query(`UPDATE sms_message SET status = 2 WHERE id = ANY($1::bigint[])`, [ids.slice(i, i + 10)]);
  await client.query(`INSERT INTO device_communication (device_id, time, kind) SELECT d, now(), 'heartbeat' FROM unnest($1::int[]) d`, [devices]);
}
const per = { on: [], off: [] };
for (let i = 0; i < 4; i++) await round(); // warm
for (let r = 0; r < ROUNDS; r++) {
  const on = r % 2 === 0;
  await setTriggers(on);
  const before = cpu();
  await round();
  per[on ? 'on' : 'off'].push((cpu() - before) / BATCH);
}
await setTriggers(true);
client.release();
const on = median(per.on);
const off = median(per.off);
console.log(`\n## writes: Postgres CPU per message (insert, sent, delivered in tens, a communication), median of ${ROUNDS / 2} rounds each`);
console.log(`counting triggers off ${fmt(off)} ms, on ${fmt(on)} ms: ${fmt(on / off, 2)}x, +${fmt(on - off)} ms per message (load ${loadAverage()})`);

// 2. reads and the fold
const last = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(Date.now() - 86_400_000));
const first = new Date(Date.parse(`${last}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
const figures = (await pool.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'daily_report_day' AND data_type = 'integer' AND column_name <> 'white_label_id'`)).rows.map(
  (r) => r.column_name,
);
async function timed(fn, n = 20) {
  await fn();
  const ms = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return median(ms);
}
console.log(`\n## reads: a week (${first} to ${last}, ${TZ}) counted for N white labels, with the deltas of 5 minutes at R statements a second not folded yet`);
console.log('| white labels | unfolded delta rows | counted week, fleet ms | counted week, one white label ms | rollup week, fleet ms (baseline) | fleet ratio |');
console.log('|---|---|---|---|---|---|');
for (const n of opts['white-labels'].split(',').map(Number)) {
  for (const rate of [0, 60, 600]) {
    await pool.query('TRUNCATE daily_report_day, daily_report_delta, daily_report_rollup');
    const labels = Array.from({ length: n }, (_, i) => i + 1);
    await pool.query(`UPDATE daily_report_zone SET since = $2::date::timestamp AT TIME ZONE $1 - interval '1 day' WHERE tz = $1`, [TZ, first]);
    await pool.query(
      `INSERT INTO daily_report_day (tz, day, white_label_id, ${figures.join(', ')})
       SELECT $1, d::date, wl, ${figures.map(() => '(random() * 5000)::int').join(', ')}
         FROM generate_series($2::date, $3::date, interval '1 day') d, unnest($4::int[]) wl`,
      [TZ, first, last, labels],
    );
    const deltas = 5 * 60 * rate;
    await pool.query(
      `INSERT INTO daily_report_delta (tz, slot, white_label_id, sms_created, sms_sent, sms_received)
       SELECT '', date_bin('15 minutes', ($2::date + 1)::timestamp AT TIME ZONE $1 - interval '1 hour', TIMESTAMPTZ '1970-01-01 00:00:00+00'), 1 + i % $4, 1, (i % 3 = 1)::int, (i % 3 = 2)::int
         FROM generate_series(1, $3::int) i`,
      [TZ, last, deltas, n],
    );
    await pool.query('ANALYZE daily_report_day, daily_report_delta');
    const fleet = await timed(() => repo.days({ first, last, tz: TZ, whiteLabels: null }));
    const one = await timed(() => repo.days({ first, last, tz: TZ, whiteLabels: [1] }));
    // the baseline: the same week from the rollup (the zone counting only from after it), its rows already there
    await pool.query(`UPDATE daily_report_zone SET since = now() WHERE tz = $1`, [TZ]);
    await pool.query(
      `INSERT INTO daily_report_rollup (tz, day, white_label_id, figures) SELECT $1, d::date, wl, '{"new_owners": 1, "sms_created": 2}'::jsonb
         FROM generate_series($2::date, $3::date, interval '1 day') d, unnest($4::int[] || ARRAY[-1]) wl`,
      [TZ, first, last, labels],
    );
    const rollup = await timed(() => repo.days({ first, last, tz: TZ, whiteLabels: null }));
    console.log(`| ${n} | ${deltas.toLocaleString('en')} | ${fmt(fleet, 1)} | ${fmt(one, 1)} | ${fmt(rollup, 1)} | ${fmt(fleet / rollup, 2)}x |`);
  }
}

// the fold: the deltas of 5 busy minutes (100 messages a second through their three states: about 600 statements a
// second, each leaving a delta row per slot and white label it touched)
const deltas = 5 * 60 * 600;
await pool.query(
  `INSERT INTO daily_report_delta (tz, slot, white_label_id, sms_created, sms_sent, sms_received)
   SELECT '', date_bin('15 minutes', now(), TIMESTAMPTZ '1970-01-01 00:00:00+00'), 1 + i % 20, 1, (i % 3 = 1)::int, (i % 3 = 2)::int FROM generate_series(1, $1::int) i`,
  [deltas],
);
const t = performance.now();
await repo.fold();
const foldMs = performance.now() - t;
console.log(`\n## the fold: ${deltas.toLocaleString('en')} delta rows (5 minutes at 600 statements a second) in ${fmt(foldMs, 0)} ms, ${fmt((foldMs * 1000) / deltas, 2)} µs a row (load ${loadAverage()})`);
await pool.end();
