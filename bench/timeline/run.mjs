// Device timeline benchmark (docs/benchmarks.md "Device timeline"): a busy device's timeline (10,000 entries across
// the sources) in a fleet of --devices devices, page 1 and page 10 of 50 entries, from --concurrency closed-loop
// agents, in two ways in the same run:
// - direct: the api's own DeviceTimelineService + repository over a plain pg pool in this process (the same SQL, no
//   HTTP, no session; the device scope check is left out);
// - api: GET /api/device/timeline on the built api (NODE_ENV=production) with a signed-in admin token.
//
//   node bench/timeline/run.mjs [--devices 1000000] [--events 2000000] [--concurrency 20] [--requests 400]
//
// After `npm run build`. Uses the statistics benchmark's fleet (bench/stats/fleet.mjs, database tracker_bench_stats)
// and adds the busy device's history once (marked, so a second run reuses it).
import { parseArgs } from 'node:util';
import { adminToken, closedLoop, freePort, loadAverage, postgresCpu, procCpuMs, productionEnv, startApp, waitForApi, warmUp } from '../lib.mjs';
import { statsFleet } from '../stats/fleet.mjs';

const { values: opts } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000000' },
    events: { type: 'string', default: '2000000' },
    concurrency: { type: 'string', default: '20' },
    requests: { type: 'string', default: '400' },
    help: { type: 'boolean', default: false },
  },
});
if (opts.help) {
  console.log('node bench/timeline/run.mjs [--devices 1000000] [--events 2000000] [--concurrency 20] [--requests 400]   (docs/benchmarks.md "Device timeline")');
  process.exit(0);
}
const CONCURRENCY = Number(opts.concurrency);
const REQUESTS = Number(opts.requests);
const PAGE = 50;

const { pool, databaseUrl, stack, sizes } = await statsFleet({ devices: Number(opts.devices), events: Number(opts.events) });

// ---- the busy device: 10,000 entries over the last 60 days, spread over the sources as a watch in trouble has them
const busy = Number((await pool.query(`select id from device where owner_id is not null order by id offset 1000 limit 1`)).rows[0].id);
const MARK = 'bench-timeline';
const has = Number((await pool.query(`select count(*)::int as n from audit_event where device_id = $1 and actor_name = $2`, [busy, MARK])).rows[0].n);
if (!has) {
  const t = performance.now();
  const at = `now() - random() * interval '60 days'`;
  const c = await pool.connect();
  try {
    await c.query('begin');
    // 4,000 commands, 3,000 of them answered by the watch (the replies are rows of the device too, never entries)
    await c.query(
      `insert into sms_message (command_key, message, device_id, gsm_number, direction, status, created, sent_at, kind)
       select (array['STATUS','LOCATE','SETTING_1','REBOOT'])[1 + g % 4], (array['STATUS#','WHERE#','UPLOAD,300#','RESET#'])[1 + g % 4],
              $1, '+4915100000000', 'OUTBOUND', (array[1, 2, 3, 4])[1 + g % 4], t, t, null
         from generate_series(1, 4000) g, lateral (select ${at} + g * interval '0 s' as t) x`,
      [busy],
    );
    await c.query(
      `insert into sms_message (message, device_id, gsm_number, direction, status, created, reply_to, kind)
       select 'STATUS:BAT=80%', m.device_id, m.gsm_number, 'INBOUND', 2, m.created + interval '20 s', m.id, 'reply'
         from sms_message m where m.device_id = $1 and m.direction = 'OUTBOUND' and m.id % 4 <> 0`,
      [busy],
    );
    // 500 things the watch said on its own (SOS, fall, low battery), most read
    await c.query(
      `insert into sms_message (message, device_id, gsm_number, direction, status, created, kind, event_code, acknowledged_at)
       select 'SOS:ALARM', $1, '+4915100000000', 'INBOUND', 2, t, case when g % 5 = 0 then 'event' else 'alarm' end,
              (array['SOS','FALL','LOW_BATTERY'])[1 + g % 3], case when g > 3 then t + interval '5 min' end
         from generate_series(1, 500) g, lateral (select ${at} + g * interval '0 s' as t) x`,
      [busy],
    );
    await c.query(
      `insert into device_communication (device_id, time, kind, gap_seconds)
       select $1, ${at} + g * interval '0 s', 'heartbeat', 3600 + (g * 37) % 20000 from generate_series(1, 1500) g`,
      [busy],
    );
    await c.query(
      `insert into audit_event (actor_name, action, area, entity, entity_id, device_id, status, ip, created, before, after)
       select $2, 'POST /device/update', 'deviceEdit', 'device', ($1::int)::text, $1::int, 200, '10.0.0.1', ${at} + g * interval '0 s',
              jsonb_build_object('height', 120), jsonb_build_object('height', 121)
         from generate_series(1, 1000) g`,
      [busy, MARK],
    );
    await c.query(
      `insert into location (device_id, time, latitude, longitude, reason, source, is_valid)
       select $1, ${at} + g * interval '0 s', 48, 11, 1, 6, false from generate_series(1, 2000) g`,
      [busy],
    );
    await c.query(
      `insert into notification (device_id, platform, type, title, message, status, error_code, created)
       select $1, 'ANDROID', 1, 'SOS', 'SOS alarm', 3, 410, ${at} + g * interval '0 s' from generate_series(1, 500) g`,
      [busy],
    );
    await c.query(
      `insert into safe_zone_log (device_id, type, time)
       select $1, 1 + g % 2, ${at} + g * interval '0 s' from generate_series(1, 500) g`,
      [busy],
    );
    await c.query('commit');
  } catch (e) {
    await c.query('rollback');
    throw e;
  } finally {
    c.release();
  }
  await pool.query('analyze sms_message, device_communication, audit_event, location, notification, safe_zone_log');
  console.log(`[timeline] the busy device ${busy}: 10,000 entries added in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

// ---- the direct baseline: the api's own timeline service over a plain pg pool
const { PgPool } = await import('../../libs/server/dist/core/db.js');
const { DeviceTimelineService } = await import('../../libs/server/dist/device-workspace/device-timeline.service.js');
const { DeviceTimelineRepository } = await import('../../libs/server/dist/device-workspace/device-timeline.repository.js');
const { timelineQuery } = await import('../../libs/contract/dist/index.js');
const pg = (await import('pg')).default;
const directPool = new pg.Pool({ connectionString: databaseUrl, max: CONCURRENCY });
Object.assign(directPool, { rows: PgPool.prototype.rows, transaction: PgPool.prototype.transaction });
const direct = new DeviceTimelineService({ device: async () => undefined }, new DeviceTimelineRepository(directPool), null);
const admin = { role: 1, userId: 1 };
const page = (before) => direct.page(admin, timelineQuery.parse({ device_id: String(busy), count: String(PAGE), ...(before ? { before } : {}) }));

// the cursors of pages 1 to 10, and a check that both paths answer the same entries
const cursors = [null];
let entries = 0;
for (let p = 1; p <= 10; p++) {
  const r = await page(cursors.at(-1));
  entries += r.items.length;
  cursors.push(r.next);
}
let total = 0;
for (let before = null; ; ) {
  const r = await direct.page(admin, timelineQuery.parse({ device_id: String(busy), count: '100', ...(before ? { before } : {}) }));
  total += r.items.length;
  if (!r.next) break;
  before = r.next;
}
console.log(`[timeline] device ${busy}: ${total} entries in its timeline; pages 1-10 hold ${entries}`);

// ---- the api
const port = await freePort();
const api = startApp('api', productionEnv({ databaseUrl, redisUrl: stack.redisUrl, port, DB_POOL_SIZE: String(CONCURRENCY) }));
process.on('exit', () => api.kill('SIGTERM'));
const base = `http://127.0.0.1:${port}/api`;
await waitForApi(base);
const token = await adminToken(base, databaseUrl);
const headers = { 'request-origin': 'backoffice-console', authorization: `Bearer ${token}` };
const apiPage = (before) => async () => {
  const r = await fetch(`${base}/device/timeline?device_id=${busy}&count=${PAGE}${before ? `&before=${before}` : ''}`, { headers });
  if (r.status !== 200) throw new Error(`${r.status} ${await r.text()}`);
  return (await r.json()).model;
};
for (const p of [1, 10]) {
  const [a, d] = [await apiPage(cursors[p - 1])(), await page(cursors[p - 1])];
  if (JSON.stringify(a.items.map((e) => e.cursor)) !== JSON.stringify(d.items.map((e) => e.cursor))) throw new Error(`page ${p}: the api and the direct path differ`);
}

const pgCpu = await postgresCpu(pool);
async function measure(fn) {
  // warm: every pooled connection open, its statements planned
  await warmUp(fn, CONCURRENCY);
  const cpu0 = { api: procCpuMs(api.pid), pg: pgCpu() };
  const { p50, p95, rate } = await closedLoop(fn, REQUESTS, CONCURRENCY);
  return { p50, p95, rate, pg: (pgCpu() - cpu0.pg) / REQUESTS, api: (procCpuMs(api.pid) - cpu0.api) / REQUESTS };
}

const load0 = loadAverage();
const rows = [];
for (const p of [1, 10]) {
  const d = await measure(() => page(cursors[p - 1]));
  const a = await measure(apiPage(cursors[p - 1]));
  rows.push({ p, a, d });
}
const load1 = loadAverage();
api.kill('SIGTERM');
await directPool.end();
await pool.end();
stack.stop?.();

const f = (n) => n.toFixed(1);
console.log(`\nDevice timeline, ${sizes.devices.toLocaleString('en')} devices (the fleet grows, never shrinks), a device of ${total.toLocaleString('en')} entries, pages of ${PAGE}, ${CONCURRENCY} agents, ${REQUESTS} requests each (load average ${load0} -> ${load1})`);
console.log('| page | api p50 ms | api p95 ms | direct p50 ms | direct p95 ms | api/direct p95 | api /s | Postgres CPU ms/page (api) | api CPU ms/page |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const { p, a, d } of rows) console.log(`| ${p} | ${f(a.p50)} | ${f(a.p95)} | ${f(d.p50)} | ${f(d.p95)} | ${(a.p95 / d.p95).toFixed(2)}x | ${Math.round(a.rate)} | ${f(a.pg)} | ${f(a.api)} |`);
const [one, ten] = rows;
console.log(`page 10 / page 1 p95: api ${(ten.a.p95 / one.a.p95).toFixed(2)}x, direct ${(ten.d.p95 / one.d.p95).toFixed(2)}x`);
process.exit(0);
