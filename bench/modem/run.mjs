// Modem update benchmark: N devices (default 10,000) through every task of their profile (11 standard, 13 for the
// US carrier's share) on the real path: POST /api/device/initModemUpdateProcess to the built api, the built worker
// running the steps and sending through the twilio SDK to fleet-sim (in this process) at the gateway's rate,
// fleet-sim's watches answering the modem commands (with --errors refusals and --silent unanswered messages), the
// replies moving the processes in the api's webhooks. Reports the wall time against the time the simulation imposes
// (the SMS at the gateway's rate; one device's chain of command, delivery and reply latencies; the timeouts of the
// silent), the worker's and the api's CPU and the worker's RSS.
//
//   node bench/modem/run.mjs [--devices 10000] [--rate 200] [--errors 0.01] [--silent 0.01] [--timeout-ms 60000]
//                            [--latency-ms 100-500] [--sms-concurrency 32] [--retry-ms 1000] [--error-pause-ms 100]
//
// --retry-ms is MODEM_RETRY_BASE_MS (a temporary refusal's first pause, doubling) and --error-pause-ms
// MODEM_ERROR_PAUSE_MS (the pause before an error's resend); short by default so that the run measures the machine,
// not the waits (the defaults of a deployment are 1 min and 15 s).
//
// Uses a fresh database `tracker_bench_modem` in the local stack (a small seeded fleet plus N generated watches of
// type 1, a tenth of them on the US carrier); needs `npm run build` (or `npx tsc -b tsconfig.json`) first.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrate, seed } from '../../scripts/lib/prepare.mjs';
import { adminToken, benchDatabase, fleetSimEnv, freePort, procMemory, productionEnv, startApp, waitForApi } from '../lib.mjs';

const { values: opts } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '200' },
    errors: { type: 'string', default: '0.01' },
    silent: { type: 'string', default: '0.01' },
    'timeout-ms': { type: 'string', default: '60000' },
    'latency-ms': { type: 'string', default: '100-500' },
    // each modem step sends one SMS, so each SMS job carries one message: the SMS jobs a worker runs at once bound
    // the sends in flight (the pipeline's default, 4, suits campaigns of 1,000-message chunks)
    'sms-concurrency': { type: 'string', default: '32' },
    'retry-ms': { type: 'string', default: '1000' },
    'error-pause-ms': { type: 'string', default: '100' },
  },
});
const N = Number(opts.devices);
const RATE = Number(opts.rate);
const TIMEOUT_MS = Number(opts['timeout-ms']);
const [LAT_MIN, LAT_MAX] = opts['latency-ms'].split('-').map(Number);

const { stack, databaseUrl } = await benchDatabase('tracker_bench_modem', { fresh: true });
await migrate(databaseUrl);
seed(databaseUrl, ['--quiet', '--devices', '600']);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
// N watches of type 1 with numbers and IMEIs of their own; every tenth on the US carrier (IMSI 31041...)
await pool.query(
  `INSERT INTO device (imei, imsi, device_type_id, gsm_number, enabled)
   SELECT '35998' || lpad(i::text, 10, '0'), CASE WHEN i % 10 = 0 THEN '31041' ELSE '26201' END || lpad(i::text, 10, '0'), 1,
          '+1998' || lpad(i::text, 7, '0'), true
     FROM generate_series(1, $1) AS i`,
  [N],
);
await pool.query('UPDATE sms_gateway SET rate_per_second = $1 WHERE id = 1', [RATE]);
await pool.query('ANALYZE device');
const imeis = (await pool.query(`SELECT imei FROM device WHERE gsm_number LIKE '+1998%' ORDER BY id`)).rows.map((r) => r.imei);

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const { startFleetSim } = await import('../../apps/fleet-sim/dist/index.js');
const sim = await startFleetSim({
  databaseUrl,
  inboundUrl: `${base}/api/sms/webhook/inbound`,
  knobs: { latencyMs: { min: LAT_MIN, max: LAT_MAX }, ratePerSecond: 0, modemErrorRate: Number(opts.errors), silentRate: Number(opts.silent) },
});
const env = productionEnv({
  databaseUrl,
  redisUrl: stack.redisUrl,
  port,
  prefix: `bench-modem-${port}:`,
  ...fleetSimEnv(sim, base),
  MODEM_CHECK_TIMEOUT_MS: String(TIMEOUT_MS),
  MODEM_RETRY_BASE_MS: opts['retry-ms'],
  MODEM_ERROR_PAUSE_MS: opts['error-pause-ms'],
  SMS_CONCURRENCY: opts['sms-concurrency'],
});
const api = startApp('api', env);
const worker = startApp('worker', env, 'inherit');
await waitForApi(`${base}/api`);
const token = await adminToken(`${base}/api`, databaseUrl);

/** user + system CPU seconds of a process so far (/proc/<pid>/stat, clock ticks of 1/100 s) */
const cpu = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
await new Promise((r) => setTimeout(r, 3000));
const idle = procMemory(worker.pid);
const cpu0 = { worker: cpu(worker.pid), api: cpu(api.pid), self: process.cpuUsage() };
const load0 = loadavg();

const t0 = performance.now();
const res = await fetch(`${base}/api/device/initModemUpdateProcess`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'request-origin': 'backoffice-console', authorization: `Bearer ${token}` },
  body: JSON.stringify({ IMEIs: imeis }),
});
const started = await res.json();
const initMs = performance.now() - t0;
if (res.status !== 200 || started.model.started !== N) throw new Error(`init: ${res.status} ${JSON.stringify(started).slice(0, 300)}`);

// until no process runs, sampling the worker's RSS and the progress every 5 s
const samples = [];
let last = '';
for (;;) {
  const r = (await pool.query(`SELECT count(*) FILTER (WHERE status = 'RUNNING')::int AS running, count(*) FILTER (WHERE status = 'DONE')::int AS done FROM modem_update_task WHERE id > 8`)).rows[0];
  samples.push(procMemory(worker.pid).now);
  const line = `${((performance.now() - t0) / 1000).toFixed(0)} s: ${r.done} done, ${r.running} running`;
  if (line !== last) console.error(`[bench] ${line}`);
  last = line;
  if (r.running === 0) break;
  await new Promise((r2) => setTimeout(r2, 5000));
}
const wallS = (performance.now() - t0) / 1000;
const mem = procMemory(worker.pid);
const load1 = loadavg();
const used = { worker: cpu(worker.pid) - cpu0.worker, api: cpu(api.pid) - cpu0.api, sim: (() => { const u = process.cpuUsage(cpu0.self); return (u.user + u.system) / 1e6; })() };

const outcome = (await pool.query(`SELECT status::text AS status, count(*)::int AS n FROM modem_update_task WHERE id > 8 GROUP BY 1 ORDER BY 1`)).rows;
const sms = (await pool.query(
  `SELECT count(*)::int AS n, count(*) FILTER (WHERE command_key LIKE 'MODEM_%')::int AS modem, min(sent_at) AS first, max(sent_at) AS last
     FROM sms_message WHERE direction = 'OUTBOUND' AND device_id IN (SELECT device_id FROM modem_update_task WHERE id > 8)`,
)).rows[0];
const timeouts = (await pool.query(`SELECT count(*)::int AS n FROM modem_update_step WHERE outcome = 'timeout'`)).rows[0].n;
const refusals = (await pool.query(`SELECT count(*)::int AS n FROM modem_update_step WHERE outcome = 'error'`)).rows[0].n;
const twice = (await pool.query(
  `SELECT count(*)::int AS n FROM (SELECT device_id, message FROM sms_message WHERE direction = 'OUTBOUND' AND command_key LIKE 'MODEM_%'
     GROUP BY 1, 2 HAVING count(*) > 1) x`,
)).rows[0].n;
api.kill('SIGTERM');
worker.kill('SIGTERM');
await sim.close();
await pool.end();

// what the simulation imposes: every SMS through the gateway at its rate; one device's chain of commands, each
// waiting for 3 callbacks and the reply (4 latencies of mean (min+max)/2); the timeouts of unanswered commands
const meanLat = (LAT_MIN + LAT_MAX) / 2 / 1000;
const chainS = 6 * 4 * meanLat;
const rateS = sms.n / RATE;
const floorS = Math.max(rateS, chainS) + (timeouts ? TIMEOUT_MS / 1000 : 0);
const sendSpanS = (new Date(sms.last) - new Date(sms.first)) / 1000;
console.log(`\nModem update of ${N.toLocaleString('en')} devices (10 % US carrier), gateway limit ${RATE}/s, latency ${LAT_MIN}-${LAT_MAX} ms, refusals ${opts.errors}, silent ${opts.silent}, check timeout ${TIMEOUT_MS / 1000} s, SMS_CONCURRENCY ${opts['sms-concurrency']}`);
console.log('| figure | value |');
console.log('|---|---|');
console.log(`| POST initModemUpdateProcess (${N.toLocaleString('en')} IMEIs: checks, insert, audit, enqueue) | ${(initMs / 1000).toFixed(2)} s |`);
console.log(`| outcome | ${outcome.map((o) => `${o.n.toLocaleString('en')} ${o.status}`).join(', ')} |`);
console.log(`| SMS sent | ${sms.n.toLocaleString('en')} (${sms.modem.toLocaleString('en')} modem commands, the rest setting pushes and restores); refusals ${refusals}, timeouts ${timeouts}; a command sent twice to a device: ${twice} (retries after an error or a timeout are such repeats) |`);
console.log(`| wall time, start to the last process ended | ${wallS.toFixed(0)} s |`);
console.log(`| time the simulation imposes: SMS at the gateway rate | ${rateS.toFixed(0)} s; one device's chain ${chainS.toFixed(1)} s; + one check timeout ${timeouts ? TIMEOUT_MS / 1000 : 0} s = ${floorS.toFixed(0)} s |`);
console.log(`| wall time / imposed time | ${(wallS / floorS).toFixed(2)} |`);
console.log(`| achieved send rate (first to last SMS) | ${(sms.n / sendSpanS).toFixed(0)}/s of ${RATE}/s |`);
console.log(`| CPU seconds: worker / api / fleet-sim+bench | ${used.worker.toFixed(0)} / ${used.api.toFixed(0)} / ${used.sim.toFixed(0)} (${((used.worker + used.api) / wallS).toFixed(2)} cores for worker + api) |`);
console.log(`| worker RSS | idle ${idle.now.toFixed(0)} MB, during ${Math.min(...samples).toFixed(0)}-${Math.max(...samples).toFixed(0)} MB, peak ${mem.peak.toFixed(0)} MB |`);
console.log(`| load average (1 min) before / after | ${load0[0].toFixed(1)} / ${load1[0].toFixed(1)} |`);
process.exit(0);
