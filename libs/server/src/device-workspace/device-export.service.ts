import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import QueryStream from 'pg-query-stream';
import { ErrorCode, EXPORT_HASH_TTL_SECONDS, neutraliseCell, type DeviceDayQuery, type DeviceExportKind } from '@tracker/contract';
import { AppConfig } from '../core/config.js';
import { PgPool } from '../core/db.js';
import { DomainError } from '../core/errors.js';
import { RedisService } from '../core/redis.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceScopeService } from './device-scope.service.js';
import { dayRange, rethrowUnknownTimeZone } from './pg-types.js';

/** What a hash stands for (kept in Redis with a TTL: the hash expires by itself). */
type ExportParams = { userId: number; deviceId: number; date: string; tz: string };

/** Times in the user's zone, §9 format. */
const t = (col: string) => `to_char(${col} AT TIME ZONE $4, 'YYYY-MM-DD HH24:MI:SS')`;

/** One query per download: $1 device, $2 date, $3 tz (the day), $4 tz (formatting). */
const EXPORT_SQL: Record<DeviceExportKind, { columns: string[]; sql: string }> = {
  communications: {
    columns: ['time', 'kind', 'gap_seconds', 'latitude', 'longitude', 'signal', 'battery'],
    sql: `SELECT ${t('time')} AS time, kind, gap_seconds, latitude, longitude, signal, battery FROM device_communication
          WHERE device_id = $1 AND ${dayRange('time', 2)} ORDER BY time, id`,
  },
  locations: {
    columns: ['id', 'time', 'latitude', 'longitude', 'radius', 'altitude', 'angle', 'speed', 'reason', 'source', 'is_valid', 'gsm_operator', 'gsm_cell_id'],
    sql: `SELECT id::text AS id, ${t('time')} AS time, latitude, longitude, radius, altitude, angle, speed, reason, source, is_valid,
            gsm_operator, gsm_cell_id
          FROM location WHERE device_id = $1 AND ${dayRange('time', 2)} ORDER BY time, id`,
  },
  device_trace: {
    columns: ['created', 'actor_name', 'action', 'status', 'before', 'after'],
    sql: `SELECT ${t('created')} AS created, actor_name, action, status, before::text AS before, after::text AS after
          FROM audit_event WHERE device_id = $1 AND ${dayRange('created', 2)} ORDER BY created, id`,
  },
  sms_per_device: {
    columns: ['created', 'direction', 'command_key', 'message', 'status', 'sent_at', 'received_at', 'error', 'gsm_number'],
    sql: `SELECT ${t('created')} AS created, direction::text AS direction, command_key, message, status, ${t('sent_at')} AS sent_at,
            ${t('received_at')} AS received_at, error, gsm_number
          FROM sms_message WHERE device_id = $1 AND ${dayRange('created', 2)} ORDER BY created, id`,
  },
  device_notification: {
    columns: ['created', 'platform', 'type', 'title', 'message', 'status', 'error_code', 'sent_at'],
    sql: `SELECT ${t('created')} AS created, platform::text AS platform, type, title, message, status, error_code, ${t('sent_at')} AS sent_at
          FROM notification WHERE device_id = $1 AND ${dayRange('created', 2)} ORDER BY created, id`,
  },
  safezone: {
    columns: ['time', 'type', 'safe_zone_id', 'safe_zone_name', 'latitude', 'longitude'],
    sql: `SELECT ${t('l.time')} AS time, CASE l.type WHEN 9 THEN 'entry' WHEN 0 THEN 'exit' ELSE l.type::text END AS type,
            l.safe_zone_id, z.name AS safe_zone_name, l.latitude, l.longitude
          FROM safe_zone_log l LEFT JOIN safe_zone z ON z.id = l.safe_zone_id
          WHERE l.device_id = $1 AND ${dayRange('l.time', 2)} ORDER BY l.time, l.id`,
  },
};

/** A CSV stringifier that neutralises formula cells (§ security: = + - @ tab CR get a leading '). */
export function csvStringifier(columns: string[]) {
  return stringify({
    header: true,
    columns,
    cast: {
      string: (v) => neutraliseCell(v),
      boolean: (v) => (v ? 'true' : 'false'),
      date: (v) => v.toISOString(),
    },
  });
}

/** Device exports (§4 Exports): GET /csv/generate gives a hash; each download streams one day from a pg cursor. */
@Injectable()
export class DeviceExportService {
  private readonly prefix: string;
  constructor(
    private readonly pool: PgPool,
    private readonly redis: RedisService,
    private readonly scope: DeviceScopeService,
    config: AppConfig,
  ) {
    this.prefix = `${config.get('REDIS_KEY_PREFIX')}csv:`;
  }

  async generate(s: SessionUser, q: DeviceDayQuery): Promise<{ hash: string; expires_at: string }> {
    await this.scope.device(s, q.device_id);
    // the downloads stream after their headers are sent: a zone PostgreSQL does not know must fail here, as a 400
    await this.pool.query('SELECT now() AT TIME ZONE $1', [q.tz]).catch(rethrowUnknownTimeZone);
    const hash = randomBytes(20).toString('hex');
    const params: ExportParams = { userId: s.userId, deviceId: q.device_id, date: q.date, tz: q.tz };
    await this.redis.set(this.prefix + hash, JSON.stringify(params), 'EX', EXPORT_HASH_TTL_SECONDS);
    return { hash, expires_at: new Date(Date.now() + EXPORT_HASH_TTL_SECONDS * 1000).toISOString() };
  }

  /** The parameters behind a hash: 404 when expired, unknown or made by another user; scope checked again. */
  async resolve(s: SessionUser, hash: string): Promise<ExportParams> {
    const raw = await this.redis.get(this.prefix + hash);
    const p = raw ? (JSON.parse(raw) as ExportParams) : null;
    if (!p || p.userId !== s.userId) throw new DomainError(ErrorCode.ExportNotFound);
    await this.scope.device(s, p.deviceId);
    return p;
  }

  fileName(kind: DeviceExportKind, p: ExportParams): string {
    return `${kind}_${p.deviceId}_${p.date}.csv`;
  }

  /** Streams the rows through csv-stringify into `out`: constant memory whatever the row count. */
  async stream(kind: DeviceExportKind, p: ExportParams, out: Writable): Promise<void> {
    const def = EXPORT_SQL[kind];
    const client = await this.pool.connect();
    try {
      const rows = client.query(new QueryStream(def.sql, [p.deviceId, p.date, p.tz, p.tz], { batchSize: 500 }));
      await pipeline(rows, csvStringifier(def.columns), out);
    } finally {
      client.release();
    }
  }
}
