// The statistics benchmarks' fleet (bench/stats, bench/exports; docs/benchmarks.md): the database tracker_bench_stats
// in the local stack, seeded small by the project's seed (reference data, white labels, the users), then grown to
// `devices` devices and `events` events set-based in SQL: owners and devices from generate_series (one owner per
// 1.7 devices, white labels round robin), then locations and communications (half each) of random owned devices at
// random instants of the last `days` days. Big loads run without triggers (session_replication_role = replica: the
// search's owner_email_gram and the statistics marks are not wanted here, the benchmark backfills the rollup itself)
// and with the event tables' secondary indexes dropped and rebuilt afterwards (one sorted build each).
import pg from 'pg';
import { migrate, seed } from '../../scripts/lib/prepare.mjs';
import { benchDatabase } from '../lib.mjs';

const log = (s) => console.log(`[fleet] ${s}`);
const secs = (t) => `${((performance.now() - t) / 1000).toFixed(1)} s`;

/** Runs `fn` with the secondary indexes of `tables` dropped, then builds them again. */
async function withoutIndexes(pool, tables, fn) {
  const idx = (
    await pool.query(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
         from pg_index i join pg_class t on t.oid = i.indrelid
        where t.relname = any($1) and not i.indisprimary and not i.indisunique`,
      [tables],
    )
  ).rows;
  for (const i of idx) await pool.query(`drop index ${i.name}`);
  try {
    await fn();
  } finally {
    for (const i of idx) {
      const t = performance.now();
      await pool.query(i.def);
      log(`index ${i.name} rebuilt in ${secs(t)}`);
    }
  }
}

/** The fleet of `devices` devices and `events` events (the tables' counts after). Returns the pool and the URL. */
export async function statsFleet({ devices, events, days = 60 }) {
  const { databaseUrl, stack } = await benchDatabase('tracker_bench_stats');
  await migrate(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const count = async (sql) => Number((await pool.query(sql)).rows[0].n);
  if ((await count('select count(*) as n from white_label')) === 0) {
    log('seeding the small fleet (reference data, white labels, users)');
    seed(databaseUrl, ['--reset']);
  }
  // replica: no triggers (nor foreign key checks) for this session's bulk statements
  const bulk = async (fn) => {
    const c = await pool.connect();
    try {
      await c.query(`set session_replication_role = replica; set work_mem = '256MB'; set maintenance_work_mem = '1GB'`);
      await fn(c);
    } finally {
      await c.query('reset session_replication_role; reset work_mem; reset maintenance_work_mem').catch(() => {});
      c.release();
    }
  };

  const missingDevices = devices - (await count('select count(*) as n from device'));
  if (missingDevices > 0) {
    const t = performance.now();
    const owners = Math.ceil(missingDevices / 1.7);
    const base = await count(`select count(*) as n from owner where email like '%@stats.bench'`);
    await bulk(async (c) => {
      await c.query(
        `insert into owner (email, white_label_vendor_id, language, created, last_login_at)
         select 'bench' || g || '@stats.bench', w.ids[1 + g % array_length(w.ids, 1)], (array['en', 'de', 'es', 'fr', 'it'])[1 + g % 5],
                now() - random() * interval '400 days', case when random() < 0.6 then now() - random() * interval '60 days' end
           from generate_series($1::int + 1, $1::int + $2::int) g, (select array_agg(id order by id) as ids from white_label) w`,
        [base, owners],
      );
      // their sign-ins (active_users counts owner_sign_in, which the owner's trigger fills; triggers are off here)
      await c.query(
        `insert into owner_sign_in (owner_id, at) select id, last_login_at from owner
          where email like '%@stats.bench' and last_login_at is not null and id > coalesce((select max(owner_id) from owner_sign_in), 0)`,
      );
      const deviceBase = await count(`select count(*) as n from device where imei like '99%'`);
      await c.query(
        `insert into device (imei, device_type_id, owner_id, created, gender, firmware, birth_date, device_status, last_seen_at)
         select '99' || lpad(g::text, 13, '0'), 1, o.id, now() - random() * interval '400 days', (array[1, 2, null])[1 + g % 3],
                (array['3.1.0', '3.2.1', '3.2.2', '4.0.0'])[1 + g % 4], date '2012-01-01' + (g % 3000), (array[1, 2, 2, 2, 3])[1 + g % 5],
                case when random() < 0.8 then now() - random() * interval '60 days' end
           from generate_series($1::int + 1, $1::int + $2::int) g
           join (select id, row_number() over (order by id) - 1 as rn from owner where email like '%@stats.bench') o on o.rn = g % $3::int`,
        [deviceBase, missingDevices, base + owners],
      );
    });
    log(`${missingDevices} devices and ${owners} owners added in ${secs(t)}`);
  }

  const eventCount = () => count('select (select count(*) from location) + (select count(*) from device_communication) as n');
  const missing = events - (await eventCount());
  if (missing > 0) {
    const t = performance.now();
    const half = Math.ceil(missing / 2);
    const load = async () =>
      bulk(async (c) => {
        await c.query(`create temp table bench_devices as select row_number() over () as n, id from device where owner_id is not null`);
        const n = Number((await c.query('select count(*) as n from bench_devices')).rows[0].n);
        // random owned devices, random instants of the last `days` days; reasons, sources and validity spread like the seed's
        let s = performance.now();
        await c.query(
          `insert into location (device_id, time, latitude, longitude, reason, source, is_valid)
           select d.id, now() - random() * make_interval(days => $3), 48, 11, (array[1,1,1,2,8,22,19])[1 + floor(random() * 7)::int],
                  (array[1,1,6,8,7,0])[1 + floor(random() * 6)::int], random() > 0.02
             from generate_series(1, $1) g join bench_devices d on d.n = 1 + (g % $2)`,
          [half, n, days],
        );
        log(`${half} locations in ${secs(s)}`);
        s = performance.now();
        await c.query(
          `insert into device_communication (device_id, time, kind)
           select d.id, now() - random() * make_interval(days => $3), 'heartbeat' from generate_series(1, $1) g join bench_devices d on d.n = 1 + (g % $2)`,
          [missing - half, n, days],
        );
        log(`${missing - half} communications in ${secs(s)}`);
        await c.query('drop table bench_devices');
      });
    // a big load is faster into tables without their secondary indexes, built once afterwards
    if (missing > 2_000_000) await withoutIndexes(pool, ['location', 'device_communication'], load);
    else await load();
    log(`${missing} events added in ${secs(t)}`);
    const v = performance.now();
    await pool.query('vacuum analyze');
    log(`vacuum analyze in ${secs(v)}`);
  }
  const sizes = {
    devices: await count('select count(*) as n from device'),
    owners: await count('select count(*) as n from owner'),
    locations: await count('select count(*) as n from location'),
    communications: await count('select count(*) as n from device_communication'),
    sms: await count('select count(*) as n from sms_message'),
  };
  log(JSON.stringify(sizes));
  return { pool, databaseUrl, stack, sizes };
}
