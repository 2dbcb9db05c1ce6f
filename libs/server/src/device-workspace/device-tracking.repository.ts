import { Injectable } from '@nestjs/common';
import type { DataDayKind, DataDays, LocationDetail, LocationItem } from '@tracker/contract';
import { PG_TYPES } from '../core/db.js';
import { dayRange, rethrowUnknownTimeZone } from '../core/day-range.js';
import { dataDaysSql, DeviceRepository } from './device-workspace.repository.js';

const LOCATION_COLUMNS = `l.id, l.time, l.latitude, l.longitude, l.radius, l.altitude, l.angle, l.speed, l.gsm_operator,
  l.gsm_cell_id, l.is_valid, l.reason, l.source,
  (SELECT count(*)::int FROM location_wifi w WHERE w.location_id = l.id) AS wifi_count,
  (SELECT count(*)::int FROM location_gsm g WHERE g.location_id = l.id) AS gsm_count`;

/** MAC as shown (§5): colon-separated pairs. */
const macShown = (mac: string) => mac.match(/.{1,2}/g)?.join(':') ?? mac;

/** Tracking: the fixes of a day, the day's path for the map, one fix with its details, the days with data. */
@Injectable()
export class DeviceTrackingRepository extends DeviceRepository {
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
