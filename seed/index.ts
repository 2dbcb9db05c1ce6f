// The deterministic fake fleet: `seedDatabase({ databaseUrl, devices, seed })`, also behind `npm run seed`.
// Same seed and anchor day, same rows and ids. Bulk tables stream through COPY; the whole seed is one
// transaction, so a failed run leaves the database as it was.
import pg from 'pg';
import { copyRows, type Row } from './copy.js';
import { DAY, makePlan, shape, type Plan } from './fleet.js';
import { seedOperations } from './operations.js';
import { seedReference } from './reference.js';
import {
  AUDIT_COLUMNS, CONTACT_COLUMNS, DEVICE_COLUMNS, DEVICE_SETTING_COLUMNS, FACTORY_COLUMNS, GUEST_COLUMNS,
  NOTIFICATION_COLUMNS, OWNER_COLUMNS, SAFE_ZONE_COLUMNS, SIM_COLUMNS, SMS_COLUMNS, WIFI_COLUMNS, auditRows,
  contactRows, deviceRows, deviceSettingRows, factoryRows, guestRows, notificationRows, ownerRows, safeZoneRows,
  simRows, smsRows, wifiRows, type ZonePlan,
} from './tables.js';
import { TELEMETRY_COLUMNS, buildTelemetry, type Telemetry } from './telemetry.js';

export const DEFAULT_DEVICES = 2_000;
export const DEFAULT_SEED = 42;

export interface SeedOptions {
  databaseUrl: string;
  /** fleet size (default 2,000) */
  devices?: number;
  /** PRNG seed (default 42) */
  seed?: number;
  /** truncate every app table first (otherwise a non-empty database is refused) */
  reset?: boolean;
  /** generated times lie before this instant; default: today 00:00 UTC (so a day's runs are identical) */
  now?: Date;
  log?: (line: string) => void;
}

export interface SeedResult {
  seed: number;
  devices: number;
  anchor: string;
  counts: Record<string, number>;
  ms: number;
}

export class SeedRefused extends Error {}

/** Tables of the app (everything in `public` but Prisma's bookkeeping and `_`-prefixed helpers). */
async function appTables(client: pg.ClientBase): Promise<string[]> {
  const r = await client.query<{ t: string }>(
    `SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE '\\_%' ORDER BY 1`,
  );
  return r.rows.map((x) => x.t);
}

async function nonEmpty(client: pg.ClientBase, tables: string[]): Promise<string[]> {
  if (!tables.length) return [];
  const sql = tables.map((t) => `SELECT '${t}' AS t WHERE EXISTS (SELECT 1 FROM "${t}")`).join(' UNION ALL ');
  return (await client.query<{ t: string }>(sql)).rows.map((x) => x.t);
}

/**
 * Moves every serial sequence past the explicit ids the seed wrote (`restart`: back to 1, before seeding, since
 * sequences are not transactional and a failed earlier run may have advanced them).
 */
async function resetSequences(client: pg.ClientBase, restart = false): Promise<void> {
  const r = await client.query<{ t: string; c: string; s: string }>(`
    SELECT c.relname AS t, a.attname AS c, pg_get_serial_sequence(format('%I', c.relname), a.attname) AS s
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND pg_get_serial_sequence(format('%I', c.relname), a.attname) IS NOT NULL`);
  for (const { t, c, s } of r.rows) {
    if (restart) await client.query(`SELECT setval($1, 1, false)`, [s]);
    else await client.query(`SELECT setval($1, COALESCE((SELECT max("${c}") FROM "${t}"), 0) + 1, false)`, [s]);
  }
}

/**
 * The bulk-load recipe of the PostgreSQL manual ("Populating a Database"): drop foreign keys and secondary
 * indexes of the (empty) app tables, COPY, then recreate them with their exact definitions. Rebuilding an
 * index once and validating a foreign key with one join is many times faster than maintaining them row by row,
 * and both are still checked: a duplicate IMEI or a dangling id fails the restore, and with it the seed.
 * Everything happens inside the seed's transaction, so the schema is never left without them.
 */
async function dropForLoad(client: pg.ClientBase): Promise<() => Promise<void>> {
  const fks = (await client.query<{ tbl: string; name: string; def: string }>(`
    SELECT conrelid::regclass::text AS tbl, quote_ident(conname) AS name, pg_get_constraintdef(oid) AS def
      FROM pg_constraint
     WHERE contype = 'f' AND connamespace = 'public'::regnamespace AND conrelid::regclass::text NOT LIKE '\\_%'
     ORDER BY 1, 2`)).rows;
  for (const f of fks) await client.query(`ALTER TABLE ${f.tbl} DROP CONSTRAINT ${f.name}`);
  // indexes that back no constraint (primary keys stay: the foreign keys come back onto them)
  const indexes = (await client.query<{ name: string; def: string }>(`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
      FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
     WHERE t.relnamespace = 'public'::regnamespace AND t.relname NOT LIKE '\\_%'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
     ORDER BY 1`)).rows;
  for (const i of indexes) await client.query(`DROP INDEX ${i.name}`);
  return async () => {
    for (const i of indexes) await client.query(i.def);
    for (const f of fks) await client.query(`ALTER TABLE ${f.tbl} ADD CONSTRAINT ${f.name} ${f.def}`);
  };
}

/** Counters derived from the generated rows, so statistics agree with the data they summarise. */
async function seedStatistics(client: pg.ClientBase, plan: Plan): Promise<Record<string, number>> {
  const sms = await client.query(`
    INSERT INTO sms_statistic (day, created, sent, errors, received, replies, updated_at)
    SELECT created::date, count(*) FILTER (WHERE direction = 'OUTBOUND'),
           count(*) FILTER (WHERE direction = 'OUTBOUND' AND status IN (1, 2)),
           count(*) FILTER (WHERE direction = 'OUTBOUND' AND status = 3),
           count(*) FILTER (WHERE direction = 'OUTBOUND' AND status = 2),
           count(*) FILTER (WHERE direction = 'INBOUND'), $1
      FROM sms_message GROUP BY 1`, [new Date(plan.anchor)]);
  const from = new Date(plan.anchor - 60 * DAY);
  const snapshotDay = new Date(plan.anchor - DAY);
  const daily = await client.query(`
    INSERT INTO daily_statistic (type, day, white_label_id, dimension, value)
    SELECT 'new_registrations', created::date, white_label_vendor_id, '', count(*)
      FROM owner WHERE created >= $1 AND white_label_vendor_id IS NOT NULL GROUP BY 2, 3
    UNION ALL
    SELECT 'new_pairing', e.created::date, o.white_label_vendor_id, '', count(*)
      FROM audit_event e JOIN device d ON d.id = e.device_id JOIN owner o ON o.id = d.owner_id
     WHERE e.status = 5 AND e.created >= $1 GROUP BY 2, 3
    UNION ALL
    SELECT 'sms_sent_to_band', s.created::date, o.white_label_vendor_id, '', count(*)
      FROM sms_message s JOIN device d ON d.id = s.device_id JOIN owner o ON o.id = d.owner_id
     WHERE s.direction = 'OUTBOUND' AND s.created >= $1 GROUP BY 2, 3
    UNION ALL
    SELECT 'active_users', last_login_at::date, white_label_vendor_id, '', count(*)
      FROM owner WHERE last_login_at >= $1 AND white_label_vendor_id IS NOT NULL GROUP BY 2, 3
    UNION ALL
    SELECT 'child_gender', $2::date, o.white_label_vendor_id, d.gender::text, count(*)
      FROM device d JOIN owner o ON o.id = d.owner_id WHERE d.gender IS NOT NULL GROUP BY 3, 4
    UNION ALL
    SELECT 'firmware_version', $2::date, o.white_label_vendor_id, d.firmware, count(*)
      FROM device d JOIN owner o ON o.id = d.owner_id WHERE d.firmware IS NOT NULL GROUP BY 3, 4
    UNION ALL
    SELECT 'language', $2::date, white_label_vendor_id, language, count(*)
      FROM owner WHERE white_label_vendor_id IS NOT NULL GROUP BY 3, 4
    UNION ALL
    SELECT 'location_technology', l.time::date, o.white_label_vendor_id,
           -- LOCATION_TECHNOLOGY_OF_SOURCE (contract): a fix not valid is invalid, a valid one its source's technology
           CASE WHEN NOT l.is_valid THEN '0' WHEN l.source = 1 THEN '1' WHEN l.source IN (2, 3, 6) THEN '2'
                WHEN l.source IN (4, 5, 8) THEN '3' WHEN l.source = 7 THEN '4' ELSE 'unknown' END, count(*)
      FROM location l JOIN device d ON d.id = l.device_id JOIN owner o ON o.id = d.owner_id GROUP BY 2, 3, 4
    ORDER BY 1, 2, 3, 4`,
    [from, snapshotDay]);
  return { sms_statistic: sms.rowCount ?? 0, daily_statistic: daily.rowCount ?? 0 };
}

function startOfUtcDay(d: Date): number {
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

export async function seedDatabase(options: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const devices = options.devices ?? DEFAULT_DEVICES;
  const seed = options.seed ?? DEFAULT_SEED;
  const log = options.log ?? (() => {});
  if (!Number.isInteger(devices) || devices < 1) throw new Error('devices must be a positive integer');
  if (!Number.isInteger(seed)) throw new Error('seed must be an integer');
  const anchor = options.now ? options.now.getTime() : startOfUtcDay(new Date());
  const plan = makePlan(seed, devices, anchor);

  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const counts: Record<string, number> = {};
  const step = async (table: string, columns: readonly string[], rows: Iterable<Row>) => {
    const t = Date.now();
    counts[table] = await copyRows(client, table, columns, rows);
    log(`  ${table.padEnd(24)} ${String(counts[table]).padStart(10)}  ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  try {
    const tables = await appTables(client);
    if (!tables.includes('device')) throw new SeedRefused('the database has no `device` table: run the migrations first (npm run db:migrate)');
    if (!options.reset) {
      const used = await nonEmpty(client, tables);
      if (used.includes('device')) {
        const n = (await client.query<{ n: string }>('SELECT count(*) AS n FROM device')).rows[0].n;
        throw new SeedRefused(`the database already has ${n} devices: refusing to seed over them (use --reset to truncate every app table first)`);
      }
      if (used.length) throw new SeedRefused(`the database is not empty (${used.join(', ')}): use --reset to truncate every app table first`);
      await resetSequences(client, true);
    }

    await client.query('BEGIN');
    if (options.reset) {
      // inside the transaction: a failed seed leaves the old data (and sequences) in place
      log(`reset: truncating ${tables.length} tables`);
      await client.query(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`);
    }
    await client.query('SET LOCAL synchronous_commit = off');
    await client.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    // keeps autovacuum away: analysing a table mid-load (it sees none of the uncommitted rows) makes the planner
    // believe it is empty; also holds off other writers until the seed commits
    await client.query(`LOCK TABLE ${tables.map((t) => `"${t}"`).join(', ')} IN SHARE ROW EXCLUSIVE MODE`);
    const restore = await dropForLoad(client);
    log(`seeding ${devices} devices (seed ${seed}, anchor ${new Date(anchor).toISOString()})`);
    Object.assign(counts, await seedReference(client, plan));

    const fleet = shape(plan);
    const sampleIds = new Set(fleet.sample.map((s) => s.id));
    const zones = { owners: new Set(fleet.sample.map((s) => s.ownerId)), zones: new Map<number, (ZonePlan & { id: number })[]>() };

    await step('owner', OWNER_COLUMNS, ownerRows(plan));
    await step('sim_card', SIM_COLUMNS, simRows(plan));
    await step('factory_device', FACTORY_COLUMNS, factoryRows(plan));
    await step('device', DEVICE_COLUMNS, deviceRows(plan));
    await step('contact', CONTACT_COLUMNS, contactRows(plan));
    await step('contact_device', ['contact_id', 'device_id'], contactRows(plan, true));
    await step('safe_zone', SAFE_ZONE_COLUMNS, safeZoneRows(plan, false, zones));
    await step('safe_zone_device', ['safe_zone_id', 'device_id'], safeZoneRows(plan, true));
    await step('owner_guest', GUEST_COLUMNS, guestRows(plan));
    await step('sms_message', SMS_COLUMNS, smsRows(plan, sampleIds));
    await step('notification', NOTIFICATION_COLUMNS, notificationRows(plan, sampleIds));
    await step('audit_event', AUDIT_COLUMNS, auditRows(plan, sampleIds));
    await step('device_setting', DEVICE_SETTING_COLUMNS, deviceSettingRows(plan));
    await step('wifi_access_point', WIFI_COLUMNS, wifiRows(plan, fleet.owners));
    const telemetry = buildTelemetry(plan, fleet.sample, zones.zones);
    for (const table of Object.keys(TELEMETRY_COLUMNS) as (keyof Telemetry)[]) {
      await step(table, TELEMETRY_COLUMNS[table], telemetry[table]);
    }
    Object.assign(counts, await seedOperations(client, plan, fleet.sample));
    const t = Date.now();
    await restore();
    log(`  indexes and foreign keys restored  ${((Date.now() - t) / 1000).toFixed(1)} s`);
    Object.assign(counts, await seedStatistics(client, plan));
    // the statement triggers marked every seeded day for the statistics rollup (stats_dirty): the worker's first roll
    // backfills every type anyway (the seed leaves no stats_rollup_state), so the marks would only repeat that work
    await client.query('DELETE FROM stats_dirty');
    await resetSequences(client);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    await client.end();
  }

  // planner statistics for the freshly loaded tables (outside the transaction)
  const t = Date.now();
  const c2 = new pg.Client({ connectionString: options.databaseUrl });
  await c2.connect();
  try {
    await c2.query('ANALYZE');
  } finally {
    await c2.end();
  }
  log(`  analyze ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return { seed, devices, anchor: new Date(anchor).toISOString(), counts, ms: Date.now() - started };
}
