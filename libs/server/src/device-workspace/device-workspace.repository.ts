import { Injectable } from '@nestjs/common';
import type pg from 'pg';
import type {
  CommunicationItem,
  ContactItem,
  DeviceDetail,
  DeviceLogItem,
  FactoryDetail,
  LocationDetail,
  LocationItem,
  NotificationItem,
  SafeZoneItem,
  SafeZoneLogItem,
  SettingItem,
  SimCardItem,
  SmsItem,
  TemperatureItem,
  TraceItem,
} from '@tracker/contract';
import { PG_TYPES, PgPool } from '../core/db.js';
import { dayRange, rethrowUnknownTimeZone } from '../core/day-range.js';
import type { ScopedDevice } from './device-scope.service.js';
import type { DataDayKind, DataDays } from '@tracker/contract';

type Q = Pick<pg.PoolClient, 'query'>;

/** The table and time column behind each day tab; each has an index on (device_id, column). */
const DATA_DAY_SOURCES: Record<DataDayKind, { table: string; column: string }> = {
  locations: { table: 'location', column: 'time' },
  safezone_logs: { table: 'safe_zone_log', column: 'time' },
  sms: { table: 'sms_message', column: 'created' },
  communications: { table: 'device_communication', column: 'time' },
  temperatures: { table: 'device_temperature', column: 'time' },
  notifications: { table: 'notification', column: 'created' },
};

export const DEVICE_DETAIL_SQL = `
  SELECT d.id, d.name_id, d.imei_id, d.imei, d.imsi, d.gsm_number, d.device_type_id, dt.name AS device_type_name,
    d.first_name, d.last_name, to_char(d.birth_date, 'YYYY-MM-DD') AS birth_date, d.height, d.weight, d.gender,
    d.initialized, d.device_status, d.enabled, d.is_test, d.owner_id, o.email AS owner_email,
    o.first_name AS owner_first_name, o.last_name AS owner_last_name, wl.name AS white_label,
    d.sim_id, s.status AS sim_status, s.iccid AS sim_iccid, op.name AS operator_name, d.firmware,
    d.activation_code, d.factory_device_id, d.created, d.last_seen_at, d.battery
  FROM device d
  JOIN device_type dt ON dt.id = d.device_type_id
  LEFT JOIN owner o ON o.id = d.owner_id
  LEFT JOIN white_label wl ON wl.id = o.white_label_vendor_id
  LEFT JOIN sim_card s ON s.id = d.sim_id
  LEFT JOIN operator op ON op.id = s.operator_id
  WHERE d.id = $1`;

const LOCATION_COLUMNS = `l.id, l.time, l.latitude, l.longitude, l.radius, l.altitude, l.angle, l.speed, l.gsm_operator,
  l.gsm_cell_id, l.is_valid, l.reason, l.source,
  (SELECT count(*)::int FROM location_wifi w WHERE w.location_id = l.id) AS wifi_count,
  (SELECT count(*)::int FROM location_gsm g WHERE g.location_id = l.id) AS gsm_count`;

/**
 * The two queries of a day tab's days with data: `last` ($1 device, $2 tz) the last day with data and the current
 * month; `days` ($1 device, $2 first day of the month, $3 tz) the days of that month that have rows.
 */
export function dataDaysSql(kind: DataDayKind): { last: string; days: string } {
  const { table, column } = DATA_DAY_SOURCES[kind];
  return {
    last: `SELECT to_char(max(${column}) AT TIME ZONE $2, 'YYYY-MM-DD') AS last, to_char(now() AT TIME ZONE $2, 'YYYY-MM') AS now
       FROM ${table} WHERE device_id = $1`,
    days: `SELECT to_char(d, 'YYYY-MM-DD') AS day
       FROM generate_series($2::date::timestamp, $2::date + interval '1 month' - interval '1 day', interval '1 day') AS d
       WHERE EXISTS (SELECT 1 FROM ${table} t WHERE t.device_id = $1
         AND t.${column} >= (d AT TIME ZONE $3) AND t.${column} < ((d + interval '1 day') AT TIME ZONE $3))
       ORDER BY d`,
  };
}

/** MAC as shown (§5): colon-separated pairs. */
const macShown = (mac: string) => mac.match(/.{1,2}/g)?.join(':') ?? mac;

/** Narrow queries of the device workspace (raw pg; timestamps as ISO strings, bigint ids as numbers). */
@Injectable()
export class DeviceWorkspaceRepository {
  constructor(private readonly pool: PgPool) {}

  private rows<T>(text: string, values: unknown[], q: Q = this.pool): Promise<T[]> {
    return this.pool.rows<T>(text, values, q).catch(rethrowUnknownTimeZone);
  }

  /** Runs `fn` in a transaction. */
  tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.pool.transaction(fn);
  }

  /** The few columns every device call needs to decide scope (DeviceScopeService). */
  async scoped(id: number): Promise<ScopedDevice | null> {
    return (await this.rows<ScopedDevice>('SELECT id, device_type_id, owner_id, gsm_number, first_name FROM device WHERE id = $1', [id]))[0] ?? null;
  }

  async detail(id: number, q: Q = this.pool): Promise<DeviceDetail | null> {
    return (await this.rows<DeviceDetail>(DEVICE_DETAIL_SQL, [id], q))[0] ?? null;
  }

  async factory(id: number): Promise<FactoryDetail | null> {
    const r = await this.rows<FactoryDetail>(
      `SELECT f.id, f.imei, f.imsi, f.iccid, f.activation_code, f.serial_number, f.device_type_id, f.firmware, f.status,
         f.white_label_deployment_id, dep.name AS deployment_name, f.created
       FROM factory_device f
       LEFT JOIN white_label_deployment dep ON dep.id = f.white_label_deployment_id
       WHERE f.id = $1`,
      [id],
    );
    return r[0] ?? null;
  }

  /** The device type of a factory record: undefined when there is no such record, null when it names none. */
  async factoryType(id: number, q: Q): Promise<number | null | undefined> {
    const r = await q.query<{ device_type_id: number | null }>('SELECT device_type_id FROM factory_device WHERE id = $1', [id]);
    return r.rows[0]?.device_type_id;
  }

  /** Updates the given columns (names are from a fixed list in the service); returns the previous values. */
  async updateDevice(id: number, values: Record<string, unknown>, q: Q): Promise<Record<string, unknown>> {
    const cols = Object.keys(values);
    const before = (await this.rows<Record<string, unknown>>(
      `SELECT ${cols.map((c) => (c === 'birth_date' ? `to_char(birth_date, 'YYYY-MM-DD') AS birth_date` : c)).join(', ')} FROM device WHERE id = $1 FOR UPDATE`,
      [id],
      q,
    ))[0] ?? {};
    const set = cols.map((c, i) => `${c} = $${i + 2}`).join(', ');
    await q.query(`UPDATE device SET ${set}, updated_at = now() WHERE id = $1`, [id, ...cols.map((c) => values[c])]);
    return before;
  }

  async traces(deviceId: number, limit: number, offset: number): Promise<{ items: TraceItem[]; total: number }> {
    const [items, total] = await Promise.all([
      this.rows<TraceItem>(
        `SELECT id, created, actor_name, action, status, before, after FROM audit_event
         WHERE device_id = $1 ORDER BY created DESC, id DESC LIMIT $2 OFFSET $3`,
        [deviceId, limit, offset],
      ),
      this.rows<{ n: number }>('SELECT count(*)::int AS n FROM audit_event WHERE device_id = $1', [deviceId]),
    ]);
    return { items, total: total[0]?.n ?? 0 };
  }

  async locationPage(deviceId: number, date: string, tz: string, limit: number, offset: number) {
    const [items, total] = await Promise.all([
      this.rows<LocationItem>(
        `SELECT ${LOCATION_COLUMNS} FROM location l WHERE l.device_id = $1 AND ${dayRange('l.time', 2)}
         ORDER BY l.time DESC, l.id DESC LIMIT $4 OFFSET $5`,
        [deviceId, date, tz, limit, offset],
      ),
      this.rows<{ n: number }>(
        `SELECT count(*)::int AS n FROM location l WHERE l.device_id = $1 AND ${dayRange('l.time', 2)}`,
        [deviceId, date, tz],
      ),
    ]);
    return { items, total: total[0]?.n ?? 0 };
  }

  async locationPath(deviceId: number, date: string, tz: string): Promise<[number, number, number, number][]> {
    const r = await this.pool.query({
      text: `SELECT l.latitude, l.longitude, (extract(epoch FROM l.time) * 1000)::float8, l.id FROM location l
             WHERE l.device_id = $1 AND ${dayRange('l.time', 2)} ORDER BY l.time, l.id`,
      values: [deviceId, date, tz],
      rowMode: 'array',
      types: PG_TYPES,
    }).catch(rethrowUnknownTimeZone);
    return r.rows as [number, number, number, number][];
  }

  async location(deviceId: number, locationId: number): Promise<LocationDetail | null> {
    const loc = (await this.rows<LocationItem>(`SELECT ${LOCATION_COLUMNS} FROM location l WHERE l.id = $1 AND l.device_id = $2`, [locationId, deviceId]))[0];
    if (!loc) return null;
    const [wifi, gsm, providers] = await Promise.all([
      this.rows<{ mac_address: string; signal: number | null }>('SELECT mac_address, signal FROM location_wifi WHERE location_id = $1 ORDER BY signal DESC NULLS LAST, id', [locationId]),
      this.rows<{ mcc: number; mnc: number; lac: number; cell_id: string; signal: number | null }>(
        'SELECT mcc, mnc, lac, cell_id::text AS cell_id, signal FROM location_gsm WHERE location_id = $1 ORDER BY signal DESC NULLS LAST, id',
        [locationId],
      ),
      this.rows<{ provider: string; latitude: number; longitude: number; radius: number | null }>(
        'SELECT provider::text AS provider, latitude, longitude, radius FROM location_provider_fix WHERE location_id = $1 ORDER BY id',
        [locationId],
      ),
    ]);
    return { ...loc, wifi: wifi.map((w) => ({ ...w, mac_address: macShown(w.mac_address) })), gsm, providers };
  }

  async safeZones(deviceId: number, ownerId: number): Promise<SafeZoneItem[]> {
    return this.rows<SafeZoneItem>(
      `SELECT z.id, z.name, z.latitude, z.longitude, z.radius, z.enabled, z.limit_percent,
         EXISTS (SELECT 1 FROM safe_zone_device sd WHERE sd.safe_zone_id = z.id AND sd.device_id = $1) AS attached
       FROM safe_zone z WHERE z.user_id = $2 ORDER BY z.name, z.id`,
      [deviceId, ownerId],
    );
  }

  async safeZoneLogs(deviceId: number, date: string, tz: string): Promise<SafeZoneLogItem[]> {
    return this.rows<SafeZoneLogItem>(
      `SELECT l.id, l.time, l.type, l.safe_zone_id, z.name AS safe_zone_name, l.latitude, l.longitude
       FROM safe_zone_log l LEFT JOIN safe_zone z ON z.id = l.safe_zone_id
       WHERE l.device_id = $1 AND ${dayRange('l.time', 2)} ORDER BY l.time DESC, l.id DESC`,
      [deviceId, date, tz],
    );
  }

  async settings(deviceId: number, typeId: number, q: Q = this.pool): Promise<SettingItem[]> {
    type Row = Omit<SettingItem, 'last_push'> & { push_id: number | null; push_status: number | null; push_created: string | null };
    const rows = await this.rows<Row>(
      `WITH def AS (SELECT setting_no, name, value, editable, types FROM default_setting WHERE device_type_id = $2),
            dev AS (SELECT setting_no, value, synced, updated_at FROM device_setting WHERE device_id = $1),
            push AS (SELECT DISTINCT ON (command_key) command_key, id, status, created FROM sms_message
                     WHERE device_id = $1 AND command_key LIKE 'SETTING\\_%' ORDER BY command_key, created DESC, id DESC)
       SELECT COALESCE(def.setting_no, dev.setting_no) AS setting_no, def.name, dev.value, def.value AS default_value,
         COALESCE(def.editable, false) AS editable, COALESCE(dev.synced, true) AS synced, dev.updated_at,
         p.id AS push_id, p.status AS push_status, p.created AS push_created, COALESCE(def.types, '{}') AS profiles
       FROM def FULL JOIN dev ON dev.setting_no = def.setting_no
       LEFT JOIN push p ON p.command_key = 'SETTING_' || COALESCE(def.setting_no, dev.setting_no)
       ORDER BY 1`,
      [deviceId, typeId],
      q,
    );
    return rows.map(({ push_id, push_status, push_created, ...r }) => ({
      ...r,
      last_push: push_id === null ? null : { sms_id: push_id, status: push_status ?? 0, created: push_created ?? '' },
    }));
  }

  async defaultSettings(typeId: number, q: Q = this.pool) {
    return this.rows<{ setting_no: number; name: string | null; value: string; editable: boolean; types: number[] }>(
      'SELECT setting_no, name, value, editable, types FROM default_setting WHERE device_type_id = $1 ORDER BY setting_no',
      [typeId],
      q,
    );
  }

  async upsertSetting(deviceId: number, settingNo: number, value: string, q: Q): Promise<void> {
    await q.query(
      `INSERT INTO device_setting (device_id, setting_no, value, synced, updated_at) VALUES ($1, $2, $3, false, now())
       ON CONFLICT (device_id, setting_no) DO UPDATE SET value = EXCLUDED.value, synced = false, updated_at = now()`,
      [deviceId, settingNo, value],
    );
  }

  /** Queues an outbound SMS for the SMS pipeline (status 0 created). */
  async queueSms(
    r: { deviceId: number; commandKey: string; message: string; gsmNumber: string | null; createdBy: number },
    q: Q,
  ): Promise<{ id: number; status: number }> {
    const out = await this.rows<{ id: number; status: number }>(
      `INSERT INTO sms_message (command_key, message, device_id, gsm_number, direction, status, created_by)
       VALUES ($1, $2, $3, $4, 'OUTBOUND', 0, $5) RETURNING id, status`,
      [r.commandKey, r.message, r.deviceId, r.gsmNumber, r.createdBy],
      q,
    );
    return out[0]!;
  }

  async contacts(deviceId: number): Promise<ContactItem[]> {
    return this.rows<ContactItem>(
      `SELECT c.id, c.user_id, c.first_name, c.last_name, c.email, c.phone, c.is_guest, c.emergency, c.primary,
         c.relationship, ARRAY(SELECT cd2.device_id FROM contact_device cd2 WHERE cd2.contact_id = c.id ORDER BY 1) AS devices
       FROM contact c JOIN contact_device cd ON cd.contact_id = c.id AND cd.device_id = $1
       ORDER BY c.primary DESC, c.first_name, c.id`,
      [deviceId],
    );
  }

  async ownerDevices(ownerId: number) {
    return this.rows<{ id: number; first_name: string | null; imei: string; enabled: boolean; device_type_id: number }>(
      'SELECT id, first_name, imei, enabled, device_type_id FROM device WHERE owner_id = $1 ORDER BY id',
      [ownerId],
    );
  }

  async contactsLimit(deviceId: number): Promise<number | null> {
    const r = await this.rows<{ n: number }>(
      'SELECT op.contacts_limit AS n FROM device d JOIN sim_card s ON s.id = d.sim_id JOIN operator op ON op.id = s.operator_id WHERE d.id = $1',
      [deviceId],
    );
    return r[0]?.n ?? null;
  }

  async sms(deviceId: number, date: string, tz: string): Promise<SmsItem[]> {
    return this.rows<SmsItem>(
      `SELECT id, created, sent_at, received_at, direction::text AS direction, command_key, message, status, error, gsm_number
       FROM sms_message WHERE device_id = $1 AND ${dayRange('created', 2)} ORDER BY created DESC, id DESC`,
      [deviceId, date, tz],
    );
  }

  async smsCommands(typeId: number) {
    return this.rows<{ command_key: string; name: string; takes_message: boolean; description: string | null }>(
      'SELECT command_key, name, takes_message, description FROM sms_command WHERE device_type_id = $1 ORDER BY name',
      [typeId],
    );
  }

  async communications(deviceId: number, date: string, tz: string): Promise<CommunicationItem[]> {
    return this.rows<CommunicationItem>(
      `SELECT id, time, kind, gap_seconds, latitude, longitude, signal, battery FROM device_communication
       WHERE device_id = $1 AND ${dayRange('time', 2)} ORDER BY time, id`,
      [deviceId, date, tz],
    );
  }

  async temperatures(deviceId: number, date: string, tz: string): Promise<TemperatureItem[]> {
    return this.rows<TemperatureItem>(
      `SELECT time, temperature, battery_temperature FROM device_temperature
       WHERE device_id = $1 AND ${dayRange('time', 2)} ORDER BY time, id`,
      [deviceId, date, tz],
    );
  }

  async notifications(deviceId: number, date: string, tz: string): Promise<NotificationItem[]> {
    return this.rows<NotificationItem>(
      `SELECT id, created, sent_at, platform::text AS platform, type, title, message, status, error_code
       FROM notification WHERE device_id = $1 AND ${dayRange('created', 2)} ORDER BY created DESC, id DESC`,
      [deviceId, date, tz],
    );
  }

  async owner(ownerId: number) {
    return (await this.rows<{ id: number; apn_token: string | null; gcm_token: string | null }>(
      'SELECT id, apn_token, gcm_token FROM owner WHERE id = $1',
      [ownerId],
    ))[0] ?? null;
  }

  async insertNotification(r: {
    deviceId: number;
    userId: number;
    platform: 'IOS' | 'ANDROID';
    message: string;
    status: number;
    errorCode: number;
  }, q: Q = this.pool): Promise<NotificationItem> {
    return (await this.rows<NotificationItem>(
      `INSERT INTO notification (device_id, user_id, platform, type, title, message, status, error_code)
       VALUES ($1, $2, $3::push_platform, 'TEST', 'Test notification', $4, $5, $6)
       RETURNING id, created, sent_at, platform::text AS platform, type, title, message, status, error_code`,
      [r.deviceId, r.userId, r.platform, r.message, r.status, r.errorCode],
      q,
    ))[0]!;
  }

  /**
   * A SIM by IMSI among the SIMs of `operators` (null: every SIM): `undefined` when there is no such IMSI at all,
   * `null` when the SIM exists but is of another operator (so the caller can answer 403 like a foreign device).
   */
  async simByImsi(imsi: string, operators: number[] | null): Promise<SimCardItem | null | undefined> {
    const r = await this.rows<SimCardItem & { in_scope: boolean }>(
      `SELECT s.id, s.imsi, s.iccid, s.gsm_number, s.status, s.carrier_status::text AS carrier_status, s.operator_id,
         op.name AS operator_name, (SELECT d.id FROM device d WHERE d.sim_id = s.id ORDER BY d.id LIMIT 1) AS device_id,
         true AS in_scope
       FROM sim_card s LEFT JOIN operator op ON op.id = s.operator_id
       WHERE s.imsi = $1 AND ($2::int[] IS NULL OR s.operator_id = ANY($2::int[]))
       UNION ALL
       -- outside the scope only the existence is read, never a column of the SIM
       SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, false
       FROM sim_card s WHERE s.imsi = $1 AND $2::int[] IS NOT NULL AND (s.operator_id IS NULL OR s.operator_id <> ALL($2::int[]))`,
      [imsi, operators],
    );
    const row = r[0];
    if (!row) return undefined;
    if (!row.in_scope) return null;
    const { in_scope: _, ...sim } = row;
    return sim;
  }

  /**
   * Locks a SIM and tells which device holds it. Two statements on purpose: under READ COMMITTED a statement that
   * waited for the lock still reads with its own older snapshot, so a device check inside it would miss the swap
   * that held the lock (two concurrent swaps would both put the SIM in their device); the second statement starts
   * after the lock is ours and sees that swap.
   */
  async simForUpdate(id: number, operators: number[] | null, q: Q): Promise<{ id: number; imsi: string; in_scope: boolean; device_id: number | null } | null> {
    // `in_scope`: the SIM is of one of the user's operators (null: any); one outside is locked but never changed
    const sim = (
      await this.rows<{ id: number; imsi: string; in_scope: boolean }>(
        `SELECT id, imsi, ($2::int[] IS NULL OR operator_id = ANY($2::int[])) IS TRUE AS in_scope
         FROM sim_card WHERE id = $1 FOR UPDATE`,
        [id, operators],
        q,
      )
    )[0];
    if (!sim) return null;
    if (!sim.in_scope) return { id: sim.id, imsi: sim.imsi, in_scope: false, device_id: null };
    const holder = await this.rows<{ id: number }>('SELECT id FROM device WHERE sim_id = $1 ORDER BY id LIMIT 1', [id], q);
    return { id: sim.id, imsi: sim.imsi, in_scope: true, device_id: holder[0]?.id ?? null };
  }

  /** The device's SIM, IMSI and number, the row locked until the transaction ends (a swap). */
  async deviceSimForUpdate(deviceId: number, q: Q): Promise<{ sim_id: number | null; imsi: string | null; gsm_number: string | null }> {
    return (await this.rows<{ sim_id: number | null; imsi: string | null; gsm_number: string | null }>(
      'SELECT sim_id, imsi, gsm_number FROM device WHERE id = $1 FOR UPDATE',
      [deviceId],
      q,
    ))[0]!;
  }

  /** Puts `sim` into the device with `gsmNumber`; the SIM it held (if any) goes back to stock, inactive. */
  async swapSim(deviceId: number, oldSimId: number | null, sim: { id: number; imsi: string }, gsmNumber: string, q: Q): Promise<void> {
    if (oldSimId !== null) await q.query('UPDATE sim_card SET status = 0, updated_at = now() WHERE id = $1', [oldSimId]);
    await q.query('UPDATE sim_card SET status = 1, gsm_number = $2, updated_at = now() WHERE id = $1', [sim.id, gsmNumber]);
    await q.query('UPDATE device SET sim_id = $2, imsi = $3, gsm_number = $4, updated_at = now() WHERE id = $1', [deviceId, sim.id, sim.imsi, gsmNumber]);
  }

  /** A device leaving its account keeps no contact or safe zone links. */
  async unlinkContactsAndZones(deviceId: number, q: Q): Promise<void> {
    await q.query('DELETE FROM contact_device WHERE device_id = $1', [deviceId]);
    await q.query('DELETE FROM safe_zone_device WHERE device_id = $1', [deviceId]);
  }

  /** Drops every setting value of the device (its type's defaults apply again). */
  async clearSettings(deviceId: number, q: Q): Promise<void> {
    await q.query('DELETE FROM device_setting WHERE device_id = $1', [deviceId]);
  }

  async deviceLogs(deviceId: number): Promise<DeviceLogItem[]> {
    return this.rows<DeviceLogItem>(
      'SELECT id, file_name, log_level, duration, size_bytes, created FROM device_log WHERE device_id = $1 ORDER BY created DESC, id DESC',
      [deviceId],
    );
  }

  async deviceLogFile(name: string) {
    return (await this.rows<{ device_id: number; file_name: string; content: Buffer | null }>(
      'SELECT device_id, file_name, content FROM device_log WHERE file_name = $1',
      [name],
    ))[0] ?? null;
  }

  /**
   * The days of a month (in the tz zone) on which a device has rows of a day tab's kind, and its last such day.
   * Both read only the (device_id, time) index: the last day is a backward index step (max), and each day of the
   * month one index probe (EXISTS on that day's range), so a device with years of fixes costs ~32 probes.
   * `month` absent: the month of the last day (or the current month in tz when there is no data).
   */
  async dataDays(kind: DataDayKind, deviceId: number, month: string | undefined, tz: string): Promise<DataDays> {
    const sql = dataDaysSql(kind);
    const last = (await this.rows<{ last: string | null; now: string }>(sql.last, [deviceId, tz]))[0]!;
    const m = month ?? last.last?.slice(0, 7) ?? last.now;
    const days = await this.rows<{ day: string }>(sql.days, [deviceId, `${m}-01`, tz]);
    return { month: m, days: days.map((r) => r.day), last: last.last };
  }
}
