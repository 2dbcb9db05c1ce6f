// Firmware rollout benchmark: one request to N devices (default 100,000) in waves through the real path: POST
// /api/firmware/upload (streamed to fleet-sim's FTP server), POST /api/firmware/insert (one INSERT ... SELECT of the
// targets), the built worker notifying wave after wave by SMS through the pipeline to fleet-sim (in this process),
// whose watches download the binary from its FTP server, check it and report downloading and finished by SMS to the
// api's webhook. Reports the wall time against the SMS time the simulation imposes (gateway rate and latency), and
// the worker's and api's CPU and RSS.
//
//   node bench/firmware/run.mjs [--devices 100000] [--wave 10000] [--rate 200] [--latency 50] [--timeout 30] [--threshold 5]
//
// --timeout is the request's per-device timeout in minutes (a device silent for half of it is asked for its state).
//
// Uses a fresh database `tracker_bench_fw` in the local stack (a small seeded fleet plus N generated watches of type 1
// on version W0.0.1); needs `npm run build` (or `npx tsc -b tsconfig.json`) first.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrate, seed } from '../../scripts/lib/prepare.mjs';
import { adminToken, benchDatabase, fleetSimEnv, freePort, procMemory, productionEnv, ROOT, startApp, waitForApi } from '../lib.mjs';

const { values: opts } = parseArgs({
  options: { devices: { type: 'string', default: '100000' }, wave: { type: 'string', default: '10000' }, rate: { type: 'string', default: '200' }, latency: { type: 'string', default: '50' }, timeout: { type: 'string', default: '30' }, threshold: { type: 'string', default: '5' } },
});
const N = Number(opts.devices);
const WAVE = Number(opts.wave);
const RATE = Number(opts.rate);
const LATENCY = Number(opts.latency);

const { stack, databaseUrl } = await benchDatabase('tracker_bench_fw', { fresh: true });
await migrate(databaseUrl);
seed(databaseUrl, ['--quiet', '--devices', '600']);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
await pool.query(
  `INSERT INTO device (imei, device_type_id, gsm_number, enabled, firmware)
   SELECT '35998' || lpad(i::text, 10, '0'), 1, '+1998' || lpad(i::text, 7, '0'), true, 'W0.0.1' FROM generate_series(1, $1) AS i`,
  [N],
);
await pool.query('UPDATE sms_gateway SET rate_per_second = $1 WHERE id = 1', [RATE]);
// the seed's waiting messages would share the gateway with the rollout: out of the way
await pool.query("UPDATE sms_message SET status = 3, error_code = 'text' WHERE status = 0");
await pool.query('ANALYZE device');

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const { startFleetSim } = await import('../../apps/fleet-sim/dist/index.js');
// latency: each callback and each reply waits LATENCY ms (fixed, so the imposed time is known)
const sim = await startFleetSim({ databaseUrl, inboundUrl: `${base}/api/sms/webhook/inbound`, knobs: { latencyMs: { min: LATENCY, max: LATENCY }, ratePerSecond: RATE } });
await pool.query("UPDATE ftp_server SET port = $1 WHERE id = 1", [sim.ftp.port]);
const env = productionEnv({
  databaseUrl,
  redisUrl: stack.redisUrl,
  port,
  prefix: `bench-fw-${port}:`,
  ...fleetSimEnv(sim, base),
  UPLOAD_DIR: '.data/bench-uploads',
});
const apiLog = `${ROOT}/bench/.out/firmware-api.log`;
mkdirSync(`${ROOT}/bench/.out`, { recursive: true });
rmSync(apiLog, { force: true });
// warnings and errors of the api (a webhook that failed) to a file
const api = startApp('api', { ...env, LOG_FILE: apiLog });
const worker = startApp('worker', env, 'inherit');
await waitForApi(`${base}/api`);
const token = await adminToken(`${base}/api`, databaseUrl);
const headers = { 'request-origin': 'backoffice-console', authorization: `Bearer ${token}` };

/** CPU seconds (user + system) of a process so far, from /proc/<pid>/stat (clock ticks of 1/100 s). */
const cpu = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};

const form = new FormData();
for (const [k, v] of Object.entries({ ftp_id: '1', type: '1', name: 'Bench firmware', version: 'W9.0.0' })) form.append(k, v);
form.append('file', new Blob([randomBytes(64 * 1024)]), 'bench.bin');
const up = await fetch(`${base}/api/firmware/upload`, { method: 'POST', headers, body: form });
const binary = await up.json();
if (up.status !== 200) throw new Error(`upload: ${up.status} ${JSON.stringify(binary)}`);

const cpu0 = { worker: cpu(worker.pid), api: cpu(api.pid), sim: process.cpuUsage() };
const load0 = loadavg()[0];
const t0 = performance.now();
const res = await fetch(`${base}/api/firmware/insert`, {
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify({ fup_upload_id: binary.model.id, upload_type: 1, for_version: 'W0.0.1', wave_size: WAVE, error_threshold: Number(opts.threshold), timeout_minutes: Number(opts.timeout), expired_at: new Date(Date.now() + 86_400_000).toISOString() }),
});
const created = await res.json();
const insertMs = performance.now() - t0;
if (res.status !== 200) throw new Error(`insert: ${res.status} ${JSON.stringify(created)}`);
const id = created.model.id;

const samples = { worker: [], api: [] };
const waves = [];
let last = null;
for (;;) {
  const r = (await pool.query('SELECT status, state, current_wave FROM firmware_upload_request WHERE id = $1', [id])).rows[0];
  if (r.current_wave !== last) {
    waves.push({ wave: r.current_wave, at: performance.now() - t0 });
    last = r.current_wave;
  }
  samples.worker.push(procMemory(worker.pid).now);
  samples.api.push(procMemory(api.pid).now);
  if (r.status === 1) break;
  await new Promise((x) => setTimeout(x, 1000));
}
const wallMs = performance.now() - t0;
const cpu1 = { worker: cpu(worker.pid), api: cpu(api.pid), sim: process.cpuUsage(cpu0.sim) };
const load1 = loadavg()[0];
const end = (await pool.query(
  `SELECT r.state, r.total, count(*) FILTER (WHERE a.status = 2)::int AS finished, count(*) FILTER (WHERE a.status = 3)::int AS failed,
     count(a.queried_at)::int AS queried
   FROM firmware_upload_request r JOIN firmware_ota_activity a ON a.request_id = r.id WHERE r.id = $1 GROUP BY 1, 2`, [id])).rows[0];
const sms = (await pool.query(
  `SELECT extract(epoch FROM min(sent_at)) * 1000 AS first, extract(epoch FROM max(sent_at)) * 1000 AS last, count(*)::int AS n
   FROM sms_message WHERE command_key = $1 AND direction = 'OUTBOUND'`, [`FOTA_${id}`])).rows[0];
const mem = { worker: procMemory(worker.pid), api: procMemory(api.pid) };
const downloads = sim.control.firmware();
// how our inbound webhook answered the watches' messages (null: no answer within fleet-sim's 15 s)
const answered = {};
for (const r of sim.control.inbound()) answered[String(r.answered)] = (answered[String(r.answered)] ?? 0) + 1;
api.kill('SIGTERM');
worker.kill('SIGTERM');
await sim.close();
await pool.end();

// what the simulation imposes: every command through the gateway at its rate, and per wave the chain of latencies of
// its last device (sent, delivered callbacks; the downloading reply; the finished reply after the download)
const waveCount = created.model.wave_count;
const imposed = N / RATE + (waveCount * 4 * LATENCY) / 1000;
const sendRate = (sms.n - 1) / ((sms.last - sms.first) / 1000);
console.log(`\nFirmware rollout to ${N.toLocaleString('en')} devices in ${waveCount} waves of ${WAVE.toLocaleString('en')}, gateway ${RATE}/s, latency ${LATENCY} ms (${cpus().length} cores, load ${load0.toFixed(1)} -> ${load1.toFixed(1)})`);
console.log('| step | figure |');
console.log('|---|---|');
console.log(`| POST /firmware/insert (targets: one INSERT ... SELECT) | ${(insertMs / 1000).toFixed(2)} s |`);
console.log(`| rollout wall time (insert to finished) | ${(wallMs / 1000).toFixed(0)} s |`);
console.log(`| SMS time imposed by the simulation (N / rate + waves x 4 latencies) | ${imposed.toFixed(0)} s |`);
console.log(`| wall / imposed | ${(wallMs / 1000 / imposed).toFixed(2)} |`);
console.log(`| FOTA commands sent, rate first to last | ${sms.n.toLocaleString('en')}, ${sendRate.toFixed(0)}/s (${((sendRate / RATE) * 100).toFixed(0)} % of the gateway's rate) |`);
console.log(`| outcome | ${end.state}: ${end.finished.toLocaleString('en')} finished, ${end.failed} failed of ${end.total.toLocaleString('en')}; ${end.queried} asked again (FOTA?); downloads ${JSON.stringify(downloads)} |`);
console.log(`| watch messages answered by the api's webhook (HTTP status: count) | ${JSON.stringify(answered)} |`);
console.log(`| wave starts (s after insert) | ${waves.filter((w) => w.wave > 0).map((w) => (w.at / 1000).toFixed(0)).join(', ')} |`);
console.log(`| worker CPU | ${(cpu1.worker - cpu0.worker).toFixed(0)} s (${(((cpu1.worker - cpu0.worker) / (wallMs / 1000)) * 100).toFixed(0)} % of one core) |`);
console.log(`| api CPU (webhooks) | ${(cpu1.api - cpu0.api).toFixed(0)} s (${(((cpu1.api - cpu0.api) / (wallMs / 1000)) * 100).toFixed(0)} % of one core) |`);
console.log(`| fleet-sim CPU (gateway, callbacks, watches, FTP server and downloads; this process) | ${((cpu1.sim.user + cpu1.sim.system) / 1e6).toFixed(0)} s |`);
console.log(`| CPU per device: worker, api | ${(((cpu1.worker - cpu0.worker) / N) * 1000).toFixed(1)} ms, ${(((cpu1.api - cpu0.api) / N) * 1000).toFixed(1)} ms |`);
console.log(`| worker RSS | ${Math.min(...samples.worker).toFixed(0)}-${Math.max(...samples.worker).toFixed(0)} MB, peak ${mem.worker.peak.toFixed(0)} MB |`);
console.log(`| api RSS | ${Math.min(...samples.api).toFixed(0)}-${Math.max(...samples.api).toFixed(0)} MB, peak ${mem.api.peak.toFixed(0)} MB |`);
process.exit(0);
