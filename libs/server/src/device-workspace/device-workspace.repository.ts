import { Injectable } from '@nestjs/common';
import type { DataDayKind, DeviceDetail } from '@tracker/contract';
import { SqlRepository, type Queryable } from '../core/db.js';
import { rethrowUnknownTimeZone } from '../core/day-range.js';
import type { ScopedDevice } from './device-scope.service.js';

// What the repositories of the device workspace share (one per area: detail, tracking, settings, activity, SIM swap,
// exports): the query helpers, the device row every area answers with, and the SQL of the days with data of the day
// tabs (tracking's and activity's tables).

/** A connection or the pool (the data-access rule's `Queryable`). */
export type Q = Queryable;

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

/** Narrow queries of the device workspace (raw pg; timestamps as ISO strings, bigint ids as numbers). */
@Injectable()
export abstract class DeviceRepository extends SqlRepository {
  /** `SqlRepository.rows`, an unknown time zone answered as the parameter's 400. */
  protected override rows<T>(text: string, values: unknown[] = [], q: Q = this.pool): Promise<T[]> {
    return super.rows<T>(text, values, q).catch(rethrowUnknownTimeZone);
  }

  /**
   * Updates the given columns of a device, its row locked (names are from a fixed list in the calling service: the
   * record's in /device/update, the wearer's in /device/settings); returns their previous values.
   */
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
}

/** The device rows every area needs: the scope columns (DeviceScopeService) and the detail a change answers with. */
@Injectable()
export class DeviceWorkspaceRepository extends DeviceRepository {
  /** The few columns every device call needs to decide scope (DeviceScopeService). */
  async scoped(id: number): Promise<ScopedDevice | null> {
    return (await this.rows<ScopedDevice>('SELECT id, device_type_id, owner_id, gsm_number, first_name FROM device WHERE id = $1', [id]))[0] ?? null;
  }

  async detail(id: number, q: Q = this.pool): Promise<DeviceDetail | null> {
    return (await this.rows<DeviceDetail>(DEVICE_DETAIL_SQL, [id], q))[0] ?? null;
  }
}
