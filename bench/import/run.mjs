// Bulk import benchmark: a generated SIM file (default 1,000,000 rows) imported through the real path (multipart
// upload to the api, queued, the worker streams it into a stage table by COPY, checks in bulk, inserts) beside a raw
// `COPY` of the same file into the same table, in the same run; plus the worker's peak RSS.
//
//   node bench/import/run.mjs [--rows 1000000] [--bad-every 1000] [--worker-heap-mb 64] [--worker-node-options '--max-semi-space-size=8']
//
// Uses a fresh database `tracker_bench_import` in the local stack (seeded with the default small fleet);
// needs `npm run build` (or `npx tsc -b tsconfig.json`) first.
import { createReadStream, createWriteStream, mkdirSync, openAsBlob, readFileSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { migrate, seed } from '../../scripts/lib/prepare.mjs';
import { adminToken, benchDatabase, freePort, procMemory, productionEnv, ROOT, startApp, waitForApi } from '../lib.mjs';

const { values: opts } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    'bad-every': { type: 'string', default: '1000' },
    // caps the worker's V8 heap: the import must still finish (shows its memory does not grow with the file)
    'worker-heap-mb': { type: 'string' },
    // other V8 flags for the worker (NODE_OPTIONS), e.g. its young generation's size
    'worker-node-options': { type: 'string' },
  },
});
const ROWS = Number(opts.rows);
const BAD_EVERY = Number(opts['bad-every']);

const { stack, databaseUrl } = await benchDatabase('tracker_bench_import', { fresh: true });
await migrate(databaseUrl);
seed(databaseUrl, ['--quiet']);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });

// ---- the file: unique IMSIs/ICCIDs/phones outside the seeded ranges; every BAD_EVERY-th line has a bad IMSI
const out = `${ROOT}/bench/.out`;
mkdirSync(out, { recursive: true });
const file = `${out}/sims-${ROWS}.csv`;
{
  const t = Date.now();
  const w = createWriteStream(file);
  w.write('imsi,iccid,gsm_number,status,carrier_status\n');
  let chunk = '';
  for (let i = 0; i < ROWS; i++) {
    const n = String(i).padStart(10, '0');
    chunk += i % BAD_EVERY === BAD_EVERY - 1 ? `99${n}X,,,0,INACTIVE\n` : `99999${n},8999${n}00001,+1999${n},${i % 3},ACTIVE\n`;
    if (chunk.length > 1 << 20) {
      if (!w.write(chunk)) await once(w, 'drain');
      chunk = '';
    }
  }
  w.end(chunk);
  await once(w, 'finish');
  console.log(`generated ${file}: ${ROWS.toLocaleString('en')} rows, ${(statSync(file).size / 1e6).toFixed(1)} MB in ${Date.now() - t} ms`);
}
const bad = Math.floor(ROWS / BAD_EVERY);

// ---- baseline: raw COPY of the same file into the same table (bad lines dropped first: COPY cannot skip them)
const good = `${out}/sims-${ROWS}-good.csv`;
{
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.includes('X,'));
  const w = createWriteStream(good);
  w.end(lines.join('\n') + '\n');
  await once(w, 'finish');
}
const c = await pool.connect();
const t0 = process.hrtime.bigint();
await pipeline(
  createReadStream(good),
  c.query(copyStreams.from(`COPY sim_card (imsi, iccid, gsm_number, status, carrier_status) FROM STDIN WITH (FORMAT csv, HEADER true)`)),
);
const copyMs = Number(process.hrtime.bigint() - t0) / 1e6;
c.release();
await pool.query(`DELETE FROM sim_card WHERE imsi LIKE '99999%'`);
await pool.query(`VACUUM ANALYZE sim_card`);
rmSync(good);

// ---- the real path: api + worker
const port = await freePort();
const env = productionEnv({ databaseUrl, redisUrl: stack.redisUrl, port, prefix: `bench-import-${port}:`, UPLOAD_DIR: `${out}/uploads` });
const api = startApp('api', env);
const worker = startApp(
  'worker',
  {
    ...env,
    LOG_LEVEL: process.env.BENCH_WORKER_LOG ?? 'warn',
    ...(opts['worker-heap-mb'] || opts['worker-node-options']
      ? { NODE_OPTIONS: [opts['worker-heap-mb'] ? `--max-old-space-size=${opts['worker-heap-mb']}` : '', opts['worker-node-options'] ?? ''].join(' ').trim() }
      : {}),
  },
  'inherit',
);
const base = `http://127.0.0.1:${port}/api`;
await waitForApi(base);
const token = await adminToken(base, databaseUrl);
const headers = { 'request-origin': 'backoffice-console' };

// peak RSS of the worker: VmHWM of /proc/<pid>/status, sampled too (the kernel keeps the high-water mark)
const rss = () => procMemory(worker.pid);
await new Promise((r) => setTimeout(r, 1000));
const idle = rss();

const form = new FormData();
form.set('kind', 'SIM');
form.set('file', await openAsBlob(file, { type: 'text/csv' }), 'sims.csv');
const t1 = process.hrtime.bigint();
const up = await fetch(`${base}/import/upload`, { method: 'POST', headers: { ...headers, authorization: `Bearer ${token}` }, body: form });
const upBody = await up.json();
if (up.status !== 200) throw new Error(`upload: ${up.status} ${JSON.stringify(upBody)}`);
const uploadMs = Number(process.hrtime.bigint() - t1) / 1e6;
const id = upBody.model.id;
let row;
for (;;) {
  row = (await pool.query(`SELECT status, count, imported, failed, created, started_at, finished_at FROM import WHERE id = $1`, [id])).rows[0];
  if (row.status === 'FINISHED' || row.status === 'FAILED') break;
  await new Promise((r) => setTimeout(r, 50));
}
const endToEndMs = Number(process.hrtime.bigint() - t1) / 1e6;
const mem = rss();
const workerMs = row.finished_at - row.started_at;
api.kill('SIGTERM');
worker.kill('SIGTERM');
await pool.end();
const fileMb = (statSync(file).size / 1e6).toFixed(1);
rmSync(env.UPLOAD_DIR, { recursive: true, force: true });
rmSync(file, { force: true });
if (row.status !== 'FINISHED' || row.imported !== ROWS - bad || row.failed !== bad) {
  console.error('unexpected outcome', row);
  process.exit(1);
}

const rate = (ms) => Math.round(ROWS / (ms / 1000)).toLocaleString('en');
console.log(`\nSIM import, ${ROWS.toLocaleString('en')} rows (${bad} bad), ${fileMb} MB`);
console.log('| path | time s | rows/s | vs raw COPY |');
console.log('|---|---|---|---|');
console.log(`| raw COPY into sim_card (good rows only) | ${(copyMs / 1000).toFixed(1)} | ${rate(copyMs)} | 1.00 |`);
console.log(`| import end to end (upload ${(uploadMs / 1000).toFixed(1)} s, queue, worker) | ${(endToEndMs / 1000).toFixed(1)} | ${rate(endToEndMs)} | ${(copyMs / endToEndMs).toFixed(2)} |`);
console.log(`| worker only (started -> finished) | ${(workerMs / 1000).toFixed(1)} | ${rate(workerMs)} | ${(copyMs / workerMs).toFixed(2)} |`);
console.log(`queued before the worker took it: ${row.started_at - row.created} ms`);
console.log(`worker RSS: idle ${idle.now.toFixed(0)} MB, peak ${mem.peak.toFixed(0)} MB`);
process.exit(0);
