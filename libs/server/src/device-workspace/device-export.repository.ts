import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { AuditStatus, LOCATION_REASONS, LOCATION_SOURCES, MessageStatus, type DeviceExportKind } from '@tracker/contract';
import { SqlRepository } from '../core/db.js';
import { copyCsv, csvDateTimeSql, reasonTextSql, zonedHeader, type SqlCsvColumn } from '../core/exports/index.js';
import { dayRange, rethrowUnknownTimeZone } from '../core/day-range.js';

/** What a hash stands for (kept by the ExportStore with its owner and expiry). */
export type ExportParams = { deviceId: number; date: string; tz: string };

/** 'alarmButton' -> 'alarm button', 'GPS' stays: the contract's keys of §4 codes, as words. */
const words = (key: string) => (/^[A-Z]+$/.test(key) ? key : key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());
const inWords = (o: Record<number, string>) => Object.fromEntries(Object.entries(o).map(([code, key]) => [code, words(key)]));
const byName = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [v, words(k)]));
const REASON: SqlCsvColumn = { key: 'reason', labels: inWords(LOCATION_REASONS) };
const SOURCE: SqlCsvColumn = { key: 'source', labels: inWords(LOCATION_SOURCES) };
const AUDIT_STATUS: SqlCsvColumn = { key: 'status', labels: byName(AuditStatus) };
const MESSAGE_STATUS: SqlCsvColumn = { key: 'status', labels: byName(MessageStatus) };
/** an SMS's stored reason (error_code, error_params) in English, as the device tab says it */
const SMS_ERROR: SqlCsvColumn = {
  key: 'error',
  sql: `CASE WHEN r.error_code IS NULL THEN NULL ELSE ${reasonTextSql('r.error_code', 'r.error_params')} END`,
};
const num = (...keys: string[]): SqlCsvColumn[] => keys.map((key) => ({ key, type: 'number' }));
const text = (...keys: string[]): SqlCsvColumn[] => keys.map((key) => ({ key }));

/** Times in the user's zone, §9 format; the columns that hold one (their headers name the zone). */
const TIME_KEYS = new Set(['time', 'created', 'sent_at', 'received_at']);
const t = (col: string) => csvDateTimeSql(col, '$4');

/** One query per download: $1 device, $2 date, $3 tz (the day), $4 tz (formatting). */
const EXPORT_SQL: Record<DeviceExportKind, { columns: SqlCsvColumn[]; sql: string }> = {
  communications: {
    columns: [...text('time', 'kind'), ...num('gap_seconds', 'latitude', 'longitude', 'signal', 'battery')],
    sql: `SELECT ${t('time')} AS time, kind, gap_seconds, latitude, longitude, signal, battery FROM device_communication
          WHERE device_id = $1 AND ${dayRange('time', 2)} ORDER BY time, id`,
  },
  locations: {
    columns: [
      ...text('id', 'time'),
      ...num('latitude', 'longitude', 'radius', 'altitude', 'angle', 'speed'),
      REASON,
      SOURCE,
      { key: 'is_valid', type: 'boolean' },
      ...text('gsm_operator', 'gsm_cell_id'),
    ],
    sql: `SELECT id::text AS id, ${t('time')} AS time, latitude, longitude, radius, altitude, angle, speed, reason, source, is_valid,
            gsm_operator, gsm_cell_id
          FROM location WHERE device_id = $1 AND ${dayRange('time', 2)} ORDER BY time, id`,
  },
  device_trace: {
    columns: [...text('created', 'actor_name', 'action'), AUDIT_STATUS, ...text('before', 'after')],
    sql: `SELECT ${t('created')} AS created, actor_name, action, status, before::text AS before, after::text AS after
          FROM audit_event WHERE device_id = $1 AND ${dayRange('created', 2)} ORDER BY created, id`,
  },
  sms_per_device: {
    columns: [...text('created', 'direction', 'command_key', 'message'), MESSAGE_STATUS, ...text('sent_at', 'received_at'), SMS_ERROR, ...text('gsm_number')],
    sql: `SELECT ${t('created')} AS created, direction::text AS direction, command_key, message, status, ${t('sent_at')} AS sent_at,
            ${t('received_at')} AS received_at,
            error_code, error_params, gsm_number
          FROM sms_message WHERE device_id = $1 AND ${dayRange('created', 2)} ORDER BY created, id`,
  },
  device_notification: {
    columns: [...text('created', 'platform', 'type', 'title', 'message'), ...num('status', 'error_code'), ...text('sent_at')],
    sql: `SELECT ${t('created')} AS created, platform::text AS platform, type, title, message, status, error_code, ${t('sent_at')} AS sent_at
          FROM notification WHERE device_id = $1 AND ${dayRange('created', 2)} ORDER BY created, id`,
  },
  safezone: {
    columns: [...text('time', 'type'), ...num('safe_zone_id'), ...text('safe_zone_name'), ...num('latitude', 'longitude')],
    sql: `SELECT ${t('l.time')} AS time, CASE l.type WHEN 9 THEN 'entry' WHEN 0 THEN 'exit' ELSE l.type::text END AS type,
            l.safe_zone_id, z.name AS safe_zone_name, l.latitude, l.longitude
          FROM safe_zone_log l LEFT JOIN safe_zone z ON z.id = l.safe_zone_id
          WHERE l.device_id = $1 AND ${dayRange('l.time', 2)} ORDER BY l.time, l.id`,
  },
};

/** Device exports: one query per download kind, streamed from a pg cursor through the CSV writer. */
@Injectable()
export class DeviceExportRepository extends SqlRepository {
  /** Fails (a 400) on a zone PostgreSQL does not know. */
  async checkTimeZone(tz: string): Promise<void> {
    await this.pool.query('SELECT now() AT TIME ZONE $1', [tz]).catch(rethrowUnknownTimeZone);
  }

  /** Streams the rows as CSV into `out` (COPY): constant memory whatever the row count. */
  stream(kind: DeviceExportKind, p: ExportParams, out: Writable): Promise<void> {
    const def = EXPORT_SQL[kind];
    // the time columns' headers name the zone their times are in
    const columns = def.columns.map((c) => (TIME_KEYS.has(c.key) ? { ...c, header: zonedHeader(c.key, p.tz) } : c));
    return copyCsv(this.pool, def.sql, [p.deviceId, p.date, p.tz, p.tz], columns, out);
  }
}
