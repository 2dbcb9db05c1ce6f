// Bulk SMS benchmark: campaigns through the real path: POST /api/sms/sendBulk to the built api (set-based checks,
// one INSERT ... SELECT, chunks queued), the built worker sending through the twilio SDK to fleet-sim (in this
// process) at the gateway's rate, fleet-sim's signed callbacks and the watches' replies back to the api's webhooks.
//
//   node bench/sms/run.mjs [--sizes 10000,100000] [--rate 1000] [--window 60] [--slow-rate 10] [--slow-window 30]
//
// In one run: first one small campaign at `--slow-rate` (the default 10/s) for `--slow-window` seconds; then, for
// each campaign size, the store's floor (the same INSERT ... SELECT into a copy of sms_message with
// its primary key alone), the campaign's accept, store and enqueue times, then its sends at `--rate` (set on the
// gateway row and as fleet-sim's own limit, FLEET_SIM_RATE; the default rate leaves fleet-sim at its default) for `--window` seconds: the achieved rate against the
// limit, the CPU each process spent per 1,000 messages (worker, api, fleet-sim, Postgres) and the worker's RSS, and
// Postgres's CPU during the store. What is left of a campaign after its window is set aside
// (status 3) so the next one is measured alone. Prints the load average at the start and the end: the machine is
// shared.
//
// With pg_stat_statements loaded in the stack's cluster (shared_preload_libraries; docs/benchmarks.md "Bulk SMS"),
// each window also counts the pipeline's top-level statements per message sent (api, worker; not fleet-sim's or
// the bench's own) and the Postgres time they took (execution and planning, lock waits included).
//
// Uses a fresh database `tracker_bench_sms` in the local stack (a small seeded fleet plus the generated watches of
// type 1); needs `npm run build` (or `npx tsc -b tsconfig.json`) first.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrate, seed } from '../../scripts/lib/prepare.mjs';
import { adminToken, benchDatabase, fleetSimEnv, freePort, procMemory, productionEnv, ROOT, startApp, waitForApi } from '../lib.mjs';

const { values: opts } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    rate: { type: 'string', default: '1000' },
    window: { type: 'string', default: '60' },
    'slow-rate': { type: 'string', default: '10' },
    'slow-window': { type: 'string', default: '30' },
    // a directory: the api and the worker write CPU profiles there (node --cpu-prof), fleet-sim's is this process's
    profile: { type: 'string' },
  },
});
const SIZES = opts.sizes.split(',').map(Number);
const RATE = Number(opts.rate);
const WINDOW_S = Number(opts.window);
const SLOW_RATE = Number(opts['slow-rate']);
const SLOW_WINDOW_S = Number(opts['slow-window']);
const SLOW_SIZE = Math.ceil(SLOW_RATE * SLOW_WINDOW_S * 2);
/** how long a window's callbacks and replies may take to be answered before the next campaign starts */
const SETTLE_S = 180;
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const loadAtStart = loadavg();

const { stack, databaseUrl } = await benchDatabase('tracker_bench_sms', { fresh: true });
await migrate(databaseUrl);
seed(databaseUrl, ['--quiet', '--devices', '600']);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
// watches of type 1 with numbers of their own (+1999...), enough for every campaign
const TOTAL = SIZES.reduce((a, b) => a + b, 0) + SLOW_SIZE;
await pool.query(
  `INSERT INTO device (imei, device_type_id, gsm_number, enabled)
   SELECT '35999' || lpad(i::text, 10, '0'), 1, '+1999' || lpad(i::text, 7, '0'), true FROM generate_series(1, $1) AS i`,
  [TOTAL],
);
await pool.query('ANALYZE device');
// pg_stat_statements, when the cluster loads it: the statements of each window (see the header)
const statements = (await pool.query('SHOW shared_preload_libraries')).rows[0].shared_preload_libraries.includes('pg_stat_statements');
if (statements) await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
const dbid = (await pool.query('SELECT oid FROM pg_database WHERE datname = current_database()')).rows[0].oid;
/** The pipeline's statements since the last reset: fleet-sim's (written in lower case) and the bench's own (marked) left out. */
const pipelineStatements = async () => {
  if (!statements) return null;
  const r = (await pool.query(
    `/* bench */ SELECT coalesce(sum(calls), 0)::float AS calls, coalesce(sum(total_exec_time + total_plan_time), 0)::float AS ms FROM pg_stat_statements
     WHERE dbid = $1 AND toplevel AND query NOT LIKE '%/* bench */%' AND query !~ '^[a-z]'`,
    [dbid],
  )).rows[0];
  return r;
};
const resetStatements = async () => {
  if (statements) await pool.query('/* bench */ SELECT pg_stat_statements_reset(0, $1, 0)', [dbid]);
};
const allIds = (await pool.query(`SELECT id FROM device WHERE gsm_number LIKE '+1999%' ORDER BY id`)).rows.map((r) => r.id);
let taken = 0;
const nextIds = (n) => allIds.slice(taken, (taken += n));

// the CPU time (s) of a process from /proc (utime + stime), and of every process of the Postgres cluster
const TICK = 100;
const cpuOf = (pid) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / TICK;
  } catch {
    return 0;
  }
};
const ppidOf = (pid) => {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  } catch {
    return -1;
  }
};
const backend = (await pool.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
const postmaster = ppidOf(backend);
// per process, the most seen (a backend that exits keeps what it had at the last sample)
const pgSeen = new Map();
const pgCpu = () => {
  pgSeen.set(postmaster, cpuOf(postmaster));
  for (const d of readdirSync('/proc')) if (/^\d+$/.test(d) && ppidOf(Number(d)) === postmaster) pgSeen.set(d, Math.max(pgSeen.get(d) ?? 0, cpuOf(Number(d))));
  return [...pgSeen.values()].reduce((a, b) => a + b, 0);
};
const selfCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

const out = `${ROOT}/bench/.out`;
mkdirSync(out, { recursive: true });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const { DEFAULT_KNOBS, startFleetSim } = await import('../../apps/fleet-sim/dist/index.js');
const sim = await startFleetSim({
  databaseUrl,
  inboundUrl: `${base}/api/sms/webhook/inbound`,
  knobs: { latencyMs: { min: 0, max: 50 }, ratePerSecond: RATE },
});
const env = productionEnv({ databaseUrl, redisUrl: stack.redisUrl, port, prefix: `bench-sms-${port}:`, ...fleetSimEnv(sim, base) });
const apiLog = `${out}/sms-api.log`;
rmSync(apiLog, { force: true });
// info: the api's line with the campaign's store and enqueue times (and every request's line, to a file)
const prof = opts.profile ? ['--cpu-prof', `--cpu-prof-dir=${opts.profile}`] : [];
const api = startApp('api', { ...env, LOG_LEVEL: 'info', LOG_FILE: apiLog }, 'ignore', prof);
const worker = startApp('worker', { ...env, LOG_FILE: `${out}/sms-worker.log` }, 'ignore', prof);
await waitForApi(`${base}/api`);
const token = await adminToken(`${base}/api`, databaseUrl);
await sleep(2000);
const idleRss = procMemory(worker.pid).now;

// the gateway row's limit, and fleet-sim's own (FLEET_SIM_RATE; null: its default, 100/s)
const setRate = async (rate, simRate) => {
  await pool.query('UPDATE sms_gateway SET rate_per_second = $1 WHERE id = 1', [rate]);
  sim.control.configure({ ratePerSecond: simRate ?? DEFAULT_KNOBS.ratePerSecond });
  // the worker re-reads its gateways every 5 s at the latest
  await sleep(5500);
};

/**
 * The store against its baselines, as SQL alone: the campaign's INSERT ... SELECT into copies of sms_message with its
 * primary key alone (the floor), with the 13 indexes it had before migration sms_partial_indexes, and with today's;
 * each twice, interleaved, the better of the two kept (wall time and Postgres's CPU).
 */
const BEFORE_INDEXES = [
  'UNIQUE (gateway_message_id)',
  'UNIQUE (idempotency_key)',
  '(device_id, created)',
  '(created)',
  '(gsm_number, created)',
  '(status, created)',
  'USING gin (gsm_number gin_trgm_ops)',
  'USING gin (message gin_trgm_ops)',
  '(command_key, created)',
  '(bulk_id, status)',
  '(reply_to)',
  '(claimed_at)',
];
async function storeVariants(ids) {
  const variants = {
    floor: 'CREATE TABLE bench_sms_store (LIKE sms_message INCLUDING DEFAULTS); ALTER TABLE bench_sms_store ADD PRIMARY KEY (id)',
    before: [
      'CREATE TABLE bench_sms_store (LIKE sms_message INCLUDING DEFAULTS); ALTER TABLE bench_sms_store ADD PRIMARY KEY (id)',
      ...BEFORE_INDEXES.map((d) => (d.startsWith('UNIQUE') ? `CREATE UNIQUE INDEX ON bench_sms_store ${d.slice(7)}` : `CREATE INDEX ON bench_sms_store ${d}`)),
    ].join('; '),
    now: 'CREATE TABLE bench_sms_store (LIKE sms_message INCLUDING DEFAULTS INCLUDING INDEXES)',
  };
  const best = {};
  for (const round of [0, 1]) {
    for (const [name, ddl] of round ? Object.entries(variants).reverse() : Object.entries(variants)) {
      await pool.query('DROP TABLE IF EXISTS bench_sms_store');
      await pool.query(ddl);
      const c0 = pgCpu();
      const t0 = performance.now();
      await pool.query(
        `INSERT INTO bench_sms_store (command_key, message, device_id, gsm_number, direction, status, created_by, idempotency_key, bulk_id)
         SELECT 'LOCATE', 'WHERE#', d.id, d.gsm_number, 'OUTBOUND', 0, 1, gen_random_uuid()::text, 'store'
         FROM unnest($1::int[]) AS x(id) JOIN device d ON d.id = x.id ORDER BY d.id RETURNING id`,
        [ids],
      );
      const ms = performance.now() - t0;
      const cpu = pgCpu() - c0;
      if (!best[name] || ms < best[name].ms) best[name] = { ms, cpu };
    }
  }
  await pool.query('DROP TABLE bench_sms_store');
  return { floorMs: best.floor.ms, floorCpu: best.floor.cpu, beforeMs: best.before.ms, beforeCpu: best.before.cpu, nowMs: best.now.ms, nowCpu: best.now.cpu };
}

async function campaign(ids) {
  const post = (body) =>
    fetch(`${base}/api/sms/sendBulk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'request-origin': 'backoffice-console', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const body = { command_key: 'LOCATE', message: '', devices: ids, device_type: 1 };
  // the command ledger's confirmation (docs/sms.md "Confirmations"): the first call answers the target count and a
  // token, and stores nothing; the call measured below brings the token back and stores the campaign
  const ask = await (await post(body)).json();
  if (!ask.model?.confirm_token) throw new Error(`sendBulk (confirmation): ${JSON.stringify(ask).slice(0, 300)}`);
  const c0 = pgCpu();
  const t0 = performance.now();
  const res = await post({ ...body, confirm_token: ask.model.confirm_token });
  const accepted = await res.json();
  const acceptMs = performance.now() - t0;
  // Postgres's CPU during the call: what the checks and the store cost on a machine with a core to spare
  const storeCpu = pgCpu() - c0;
  if (res.status !== 200) throw new Error(`sendBulk: ${res.status} ${JSON.stringify(accepted).slice(0, 300)}`);
  const bulk = accepted.model.bulk_id;
  let line;
  for (let i = 0; i < 50 && !line; i++, await sleep(100)) {
    line = readFileSync(apiLog, 'utf8').split('\n').find((l) => l.includes('sms campaign stored and queued') && l.includes(bulk));
  }
  const { storeMs, enqueueMs } = line ? JSON.parse(line) : {};
  return { bulk, acceptMs, storeMs, enqueueMs, storeCpu };
}

/**
 * Sends for `seconds` (or until the campaign has left status 0), then waits (up to SETTLE_S) until fleet-sim's
 * callbacks and replies of what was sent have been answered: the rate, the CPU each process spent from the window's
 * start to the settling per 1,000 messages sent, the worker's RSS.
 */
async function sendWindow(bulk, seconds, rate) {
  await resetStatements();
  const cpu0 = { worker: cpuOf(worker.pid), api: cpuOf(api.pid), sim: selfCpu(), pg: pgCpu() };
  const t0 = Date.now();
  const rss = [];
  for (;;) {
    await sleep(1000);
    rss.push(procMemory(worker.pid).now);
    pgCpu();
    const waiting = (await pool.query('/* bench */ SELECT count(*)::int AS n FROM sms_message WHERE bulk_id = $1 AND status = 0', [bulk])).rows[0].n;
    if (waiting === 0 || Date.now() - t0 > seconds * 1000) break;
  }
  const wall = (Date.now() - t0) / 1000;
  const workerCpu = cpuOf(worker.pid) - cpu0.worker;
  // set the rest aside, so the next campaign is measured alone
  await pool.query(`/* bench */ UPDATE sms_message SET status = 3, error_code = 'benchSetAside' WHERE bulk_id = $1 AND status = 0 AND claimed_at IS NULL`, [bulk]);
  const t1 = Date.now();
  await Promise.race([sim.control.settled(), sleep(SETTLE_S * 1000)]);
  const settle = (Date.now() - t1) / 1000;
  const cpu = { worker: cpuOf(worker.pid) - cpu0.worker, api: cpuOf(api.pid) - cpu0.api, sim: selfCpu() - cpu0.sim, pg: pgCpu() - cpu0.pg };
  const st = await pipelineStatements();
  const times = (await pool.query(
    `SELECT extract(epoch FROM sent_at) * 1000 AS t FROM sms_message WHERE bulk_id = $1 AND sent_at IS NOT NULL ORDER BY sent_at`,
    [bulk],
  )).rows.map((r) => Number(r.t));
  const s = (await pool.query(
    `SELECT count(*) FILTER (WHERE status = 2)::int AS received, count(*) FILTER (WHERE attempts > 1 OR next_attempt_at IS NOT NULL)::int AS retried,
       count(*) FILTER (WHERE status = 3 AND error_code <> 'benchSetAside')::int AS errors
     FROM sms_message WHERE bulk_id = $1`,
    [bulk],
  )).rows[0];
  // the steady rate: the sends after the first 5 % of the window's (the ramp), to the last
  const from = Math.floor(times.length * 0.05);
  const steady = times.length > 20 ? (times.length - 1 - from) / ((times[times.length - 1] - times[from]) / 1000) : NaN;
  const per1000 = (x) => ((x / Math.max(1, times.length)) * 1000).toFixed(1);
  return {
    sent: times.length,
    wall,
    steady,
    ofLimit: (steady / rate) * 100,
    ...s,
    cpu: `worker ${per1000(cpu.worker)}, api ${per1000(cpu.api)}, fleet-sim ${per1000(cpu.sim)}, Postgres ${per1000(cpu.pg)}`,
    cpuTotal: per1000(cpu.worker + cpu.api + cpu.sim + cpu.pg),
    settle,
    workerCpuPct: ((workerCpu / wall) * 100).toFixed(0),
    rss: `${Math.min(...rss).toFixed(0)}-${Math.max(...rss).toFixed(0)} MB`,
    statements: st ? `${(st.calls / Math.max(1, times.length)).toFixed(1)}, ${(st.ms / Math.max(1, times.length)).toFixed(2)} ms` : '-',
  };
}

const rows = [];
// the default rate first, on a quiet pipeline (the big campaigns' callbacks can outlast their settling)
await setRate(SLOW_RATE, null);
{
  const c = await campaign(nextIds(SLOW_SIZE));
  const s = await sendWindow(c.bulk, SLOW_WINDOW_S, SLOW_RATE);
  rows.push({ n: SLOW_SIZE, rate: SLOW_RATE, ...c, ...s });
}
await setRate(RATE, RATE);
for (const n of SIZES) {
  const ids = nextIds(n);
  const fl = await storeVariants(ids);
  const c = await campaign(ids);
  const s = await sendWindow(c.bulk, WINDOW_S, RATE);
  rows.push({ n, rate: RATE, ...fl, ...c, ...s });
  await sleep(3000);
}
const peak = procMemory(worker.pid).peak;
const exited = (p) => new Promise((r) => (p.exitCode !== null ? r() : p.once('exit', r)));
api.kill('SIGTERM');
worker.kill('SIGTERM');
await Promise.race([Promise.all([exited(api), exited(worker)]), sleep(15_000)]);
await sim.close();
await pool.end();

const f = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '-');
console.log(`\nBulk SMS, load average ${loadAtStart} at the start, ${loadavg()} at the end; worker idle RSS ${idleRss.toFixed(0)} MB, peak ${peak.toFixed(0)} MB`);
console.log('| campaign | limit | answered | of which stored | Postgres CPU of the call | enqueued | send rate (of the limit) | sent in window | CPU s per 1,000 sent, to settled (total) | worker CPU while sending | worker RSS | statements per message, their Postgres time |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.n.toLocaleString('en')} | ${r.rate}/s | ${f(r.acceptMs / 1000)} s | ${f(r.storeMs / 1000)} s | ${f(r.storeCpu)} s | ${f(r.enqueueMs / 1000)} s ` +
      `| ${f(r.steady, 1)}/s (${f(r.ofLimit, 1)} %) | ${r.sent.toLocaleString('en')} in ${f(r.wall, 0)} s, ${r.received} received ${f(r.settle, 0)} s later, ${r.retried} retried, ${r.errors} errors ` +
      `| ${r.cpu} (${r.cpuTotal}) | ${r.workerCpuPct} % | ${r.rss} | ${r.statements} |`,
  );
}
console.log('\nThe INSERT ... SELECT alone (best of 2; wall time, Postgres CPU):');
console.log('| rows | primary key alone (floor) | the 13 indexes before | the indexes now | now / before | now / floor |');
console.log('|---|---|---|---|---|---|');
for (const r of rows.filter((x) => x.floorMs)) {
  console.log(
    `| ${r.n.toLocaleString('en')} | ${f(r.floorMs / 1000)} s, ${f(r.floorCpu)} s | ${f(r.beforeMs / 1000)} s, ${f(r.beforeCpu)} s | ${f(r.nowMs / 1000)} s, ${f(r.nowCpu)} s ` +
      `| ${f(r.nowMs / r.beforeMs)} | ${f(r.nowMs / r.floorMs, 1)} |`,
  );
}
process.exit(0);
