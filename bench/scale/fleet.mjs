// The scaling curve's fleets (bench/scale/run.mjs): one database per size, `tracker_scale_<devices>` in the local
// stack, seeded once by the project's own seed (deterministic: seed 42, anchored at today 00:00 UTC), then vacuumed
// and analysed as autovacuum would leave a live database. The seed's wall time and the database's size on disk are
// recorded in the database itself (bench_scale_seed), so a second run reuses the fleet and still reports them.
// Then every owned device that has not communicated in the last year gets one heartbeat in it (the seed's
// communications cover a few devices), so the active devices report of the longest range is every owned device.
import pg from 'pg';
import { migrate, seed } from '../../scripts/lib/prepare.mjs';
import { benchDatabase } from '../lib.mjs';

/** The fleet of `devices` devices: { databaseUrl, stack, seedSeconds, vacuumSeconds, bytes, devices, reused }. */
export async function scaleFleet(devices, log = (s) => console.log(`[scale] ${s}`)) {
  const name = `tracker_scale_${devices}`;
  const { stack, databaseUrl } = await benchDatabase(name);
  await migrate(databaseUrl);
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query('create table if not exists bench_scale_seed (devices int primary key, seed_s float8, vacuum_s float8, bytes bigint, at timestamptz default now())');
    let rec = (await c.query('select * from bench_scale_seed where devices = $1', [devices])).rows[0];
    const have = Number((await c.query('select count(*) as n from device')).rows[0].n);
    // a fleet of another day is seeded again: the statistics and daily report read the last days before today
    const anchored = rec && new Date(rec.at).toISOString().slice(0, 10) === new Date().toISOString().slice(0, 10);
    const reused = Boolean(rec && have === devices && anchored);
    if (!reused) {
      log(`seeding ${devices.toLocaleString('en')} devices into ${name}`);
      const t = performance.now();
      seed(databaseUrl, ['--quiet', '--devices', String(devices), '--reset']);
      const seedS = (performance.now() - t) / 1000;
      const v = performance.now();
      // vacuum as well as analyze: index-only scans need the visibility map a fresh load has not set yet
      await c.query('vacuum analyze');
      const vacuumS = (performance.now() - v) / 1000;
      const bytes = Number((await c.query('select pg_database_size(current_database()) as b')).rows[0].b);
      await c.query(
        `insert into bench_scale_seed (devices, seed_s, vacuum_s, bytes) values ($1, $2, $3, $4)
         on conflict (devices) do update set seed_s = $2, vacuum_s = $3, bytes = $4, at = now()`,
        [devices, seedS, vacuumS, bytes],
      );
      rec = (await c.query('select * from bench_scale_seed where devices = $1', [devices])).rows[0];
    }
    const t = performance.now();
    const added = await c.query(
      `insert into device_communication (device_id, time, kind)
       select d.id, now() - interval '1 day' - (d.id % 360) * interval '1 day', 'heartbeat' from device d
        where d.owner_id is not null
          and not exists (select 1 from device_communication m where m.device_id = d.id and m.time > now() - interval '365 days')`,
    );
    if (added.rowCount) {
      await c.query('analyze device_communication');
      log(`${added.rowCount} owned devices without a communication in the last year got one (${((performance.now() - t) / 1000).toFixed(1)} s)`);
    }
    log(`${name}: seeded in ${rec.seed_s.toFixed(1)} s, vacuum analyze ${rec.vacuum_s.toFixed(1)} s, ${(Number(rec.bytes) / 1e6).toFixed(0)} MB${reused ? ' (reused)' : ''}`);
    return { databaseUrl, stack, devices, seedSeconds: rec.seed_s, vacuumSeconds: rec.vacuum_s, bytes: Number(rec.bytes), reused };
  } finally {
    await c.end();
  }
}
