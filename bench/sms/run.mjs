// Bulk SMS benchmark: one campaign to N devices (default 100,000) through the real path: POST /api/sms/sendBulk to the
// built api (set-based checks, one INSERT ... SELECT, chunks queued), the built worker sending through the twilio SDK
// to fleet-sim (in this process) at the gateway's rate, fleet-sim's signed callbacks and the watches' replies back to
// the api's webhooks. Reports accept+store and enqueue times, the achieved send rate against the gateway's limit, and
// the worker's RSS.
//
//   node bench/sms/run.mjs [--devices 100000] [--rate 1000]
//
// Uses a fresh database `tracker_bench_sms` in the local stack (a small seeded fleet plus N generated watches of type
// 1); needs `npm run build` (or `npx tsc -b tsconfig.json`) first.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrate, seed } from '../../scripts/lib/prepare.mjs';
import { adminToken, benchDatabase, freePort, procMemory, ROOT, startApp, waitForApi } from '../lib.mjs';

const { values: opts } = parseArgs({ options: { devices: { type: 'string', default: '100000' }, rate: { type: 'string', default: '1000' } } });
const N = Number(opts.devices);
const RATE = Number(opts.rate);

const { stack, databaseUrl } = await benchDatabase('tracker_bench_sms', { fresh: true });
await migrate(databaseUrl);
seed(databaseUrl, ['--quiet', '--devices', '600']);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
// N watches of type 1 with numbers of their own (+1999...), and the development gateway at RATE messages/s
await pool.query(
  `INSERT INTO device (imei, device_type_id, gsm_number, enabled)
   SELECT '35999' || lpad(i::text, 10, '0'), 1, '+1999' || lpad(i::text, 7, '0'), true FROM generate_series(1, $1) AS i`,
  [N],
);
await pool.query('UPDATE sms_gateway SET rate_per_second = $1 WHERE id = 1', [RATE]);
await pool.query('ANALYZE device');
const ids = (await pool.query(`SELECT id FROM device WHERE gsm_number LIKE '+1999%' ORDER BY id`)).rows.map((r) => r.id);

const out = `${ROOT}/bench/.out`;
mkdirSync(out, { recursive: true });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const { startFleetSim } = await import('../../apps/fleet-sim/dist/index.js');
const sim = await startFleetSim({
  databaseUrl,
  inboundUrl: `${base}/api/sms/webhook/inbound`,
  knobs: { latencyMs: { min: 0, max: 50 }, ratePerSecond: 0 },
});
const env = {
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  REDIS_URL: stack.redisUrl,
  PORT: String(port),
  LOG_LEVEL: 'warn',
  REDIS_KEY_PREFIX: `bench-sms-${port}:`,
  TWILIO_ACCOUNT_SID: sim.accountSid,
  TWILIO_AUTH_TOKEN: sim.authToken,
  TWILIO_API_URL: sim.url,
  SMS_WEBHOOK_BASE_URL: base,
};
const apiLog = `${out}/sms-api.log`;
rmSync(apiLog, { force: true });
// info: the api's line with the campaign's store and enqueue times (and every request's line, to a file)
const api = startApp('api', { ...env, LOG_LEVEL: 'info', LOG_FILE: apiLog });
const worker = startApp('worker', env, 'inherit');
await waitForApi(`${base}/api`);
const token = await adminToken(`${base}/api`, databaseUrl);

const rss = () => procMemory(worker.pid);
await new Promise((r) => setTimeout(r, 2000));
const idle = rss();

const body = JSON.stringify({ command_key: 'LOCATE', message: '', devices: ids, device_type: 1 });
const t0 = performance.now();
const res = await fetch(`${base}/api/sms/sendBulk`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'request-origin': 'backoffice-console', authorization: `Bearer ${token}` },
  body,
});
const accepted = await res.json();
const acceptMs = performance.now() - t0;
if (res.status !== 200) throw new Error(`sendBulk: ${res.status} ${JSON.stringify(accepted).slice(0, 300)}`);
const bulk = accepted.model.bulk_id;

// until every message has left status 0 (sent, received or error), sampling the worker's RSS
const samples = [];
for (;;) {
  const r = (await pool.query(`SELECT count(*) FILTER (WHERE status = 0)::int AS waiting, count(*) FILTER (WHERE status = 3)::int AS errors FROM sms_message WHERE bulk_id = $1`, [bulk])).rows[0];
  samples.push(rss().now);
  if (r.waiting === 0) break;
  await new Promise((r2) => setTimeout(r2, 1000));
}
const mem = rss();
const times = (await pool.query(
  `SELECT extract(epoch FROM sent_at) * 1000 AS t FROM sms_message WHERE bulk_id = $1 AND sent_at IS NOT NULL ORDER BY sent_at`,
  [bulk],
)).rows.map((r) => Number(r.t));
const errors = (await pool.query(`SELECT count(*)::int AS n FROM sms_message WHERE bulk_id = $1 AND status = 3`, [bulk])).rows[0].n;
const line = readFileSync(apiLog, 'utf8').split('\n').find((l) => l.includes('sms campaign stored and queued'));
const { storeMs, enqueueMs } = line ? JSON.parse(line) : {};
api.kill('SIGTERM');
worker.kill('SIGTERM');
await sim.close();
await pool.end();

// the rate over the middle 90 % of the sends (the first and last 5 % are the ramp)
const lo = times[Math.floor(times.length * 0.05)];
const hi = times[Math.floor(times.length * 0.95) - 1];
const steady = ((Math.floor(times.length * 0.95) - 1 - Math.floor(times.length * 0.05)) / ((hi - lo) / 1000));
const overall = times.length / ((times[times.length - 1] - times[0]) / 1000);
console.log(`\nBulk SMS to ${N.toLocaleString('en')} devices, gateway limit ${RATE}/s`);
console.log('| step | figure |');
console.log('|---|---|');
console.log(`| POST /sms/sendBulk answered (checks, store, enqueue, progress) | ${(acceptMs / 1000).toFixed(2)} s |`);
console.log(`| of which stored (campaign + one INSERT ... SELECT + counters + audit) | ${storeMs} ms |`);
console.log(`| of which enqueued (${Math.ceil(N / 1000)} jobs of 1,000 ids) | ${enqueueMs} ms |`);
console.log(`| send rate, middle 90 % | ${steady.toFixed(0)}/s (${((steady / RATE) * 100).toFixed(1)} % of the limit) |`);
console.log(`| send rate, first to last | ${overall.toFixed(0)}/s |`);
console.log(`| sent | ${times.length.toLocaleString('en')}, errors ${errors} |`);
console.log(`| worker RSS | idle ${idle.now.toFixed(0)} MB, during the send ${Math.min(...samples).toFixed(0)}-${Math.max(...samples).toFixed(0)} MB, peak ${mem.peak.toFixed(0)} MB |`);
process.exit(0);
