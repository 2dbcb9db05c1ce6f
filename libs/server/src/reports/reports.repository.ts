import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import type { ActiveDeviceItem } from '@tracker/contract';
import { SqlRepository } from '../core/db.js';
import { copyCsv, csvDateTimeSql, zonedHeader, type SqlCsvColumn } from '../core/exports/index.js';
import type { AuditService } from '../core/audit.service.js';

export type ReportRunRow = { id: number; status: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED'; from: string; to: string; total: number | null };
const KIND = 'active_devices';
const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The report's devices, times as `time` writes them (ISO instants for the api, §9 for the CSV). */
const itemSql = (time: (col: string) => string) => `SELECT r.device_id, d.imei, d.gsm_number, d.device_type_id, o.email AS owner_email, w.name AS white_label_name,
         ${time('r.first_seen')} AS first_seen, ${time('r.last_seen')} AS last_seen, r.communications
    FROM report_active_device r JOIN device d ON d.id = r.device_id
    LEFT JOIN owner o ON o.id = d.owner_id LEFT JOIN white_label w ON w.id = o.white_label_vendor_id
   WHERE r.run_id = $1`;
const EXPORT_COLUMNS: SqlCsvColumn[] = [
  { key: 'device_id', type: 'number' },
  { key: 'imei' },
  { key: 'gsm_number' },
  { key: 'device_type_id', type: 'number' },
  { key: 'owner_email' },
  { key: 'white_label_name' },
  { key: 'first_seen', header: zonedHeader('first_seen') },
  { key: 'last_seen', header: zonedHeader('last_seen') },
  { key: 'communications', type: 'number' },
];

/** The active devices report (report_run + report_active_device). docs/statistics.md "Reports". */
@Injectable()
export class ReportsRepository extends SqlRepository {
  /** Stores a QUEUED run of `userId`, recorded in the audit trail in the same transaction. */
  create(userId: number, from: string, to: string, audit: AuditService): Promise<ReportRunRow> {
    return this.pool.transaction(async (c) => {
      const [run] = await this.pool.rows<ReportRunRow>(
        `INSERT INTO report_run (kind, params, created_by) VALUES ($1, jsonb_build_object('from', $2::text, 'to', $3::text), $4)
         RETURNING id, status::text AS status, params->>'from' AS "from", params->>'to' AS "to", NULL::int AS total`,
        [KIND, from, to, userId],
        c,
      );
      await audit.recordCall(c, { entity: 'report_run', entityId: String(run!.id), result: { id: run!.id } });
      return run!;
    });
  }

  /** A run of `userId` (null: none, or someone else's). */
  async run(id: number, userId: number | null): Promise<ReportRunRow | null> {
    const r = await this.pool.rows<ReportRunRow>(
      `SELECT id, status::text AS status, params->>'from' AS "from", params->>'to' AS "to", (result->>'total')::int AS total
         FROM report_run WHERE id = $1 AND kind = $2 AND ($3::int IS NULL OR created_by = $3)`,
      [id, KIND, userId],
    );
    return r[0] ?? null;
  }

  /** The newest DONE run of `userId` over exactly `from`..`to` (null: none). */
  async latestDone(userId: number, from: string, to: string): Promise<ReportRunRow | null> {
    const r = await this.pool.rows<ReportRunRow>(
      `SELECT id, status::text AS status, params->>'from' AS "from", params->>'to' AS "to", (result->>'total')::int AS total
         FROM report_run WHERE kind = $1 AND created_by = $2 AND status = 'DONE' AND params->>'from' = $3 AND params->>'to' = $4
        ORDER BY id DESC LIMIT 1`,
      [KIND, userId, from, to],
    );
    return r[0] ?? null;
  }

  page(id: number, limit: number, offset: number): Promise<ActiveDeviceItem[]> {
    return this.pool.rows<ActiveDeviceItem>(`${itemSql(iso)} ORDER BY r.device_id LIMIT $2 OFFSET $3`, [id, limit, offset]);
  }

  /**
   * Generates a run (the worker's job): the devices that communicated in [from 00:00, to + 1 day) UTC, replaced and
   * the run marked DONE in one transaction, so a retried job starts from scratch and a reader sees all or nothing.
   */
  async generate(id: number): Promise<number> {
    return this.pool.transaction(async (c) => {
      const [run] = await this.pool.rows<ReportRunRow>(`SELECT id, params->>'from' AS "from", params->>'to' AS "to" FROM report_run WHERE id = $1 FOR UPDATE`, [id], c);
      if (!run) return 0;
      await c.query(`UPDATE report_run SET status = 'RUNNING' WHERE id = $1`, [id]);
      await c.query('DELETE FROM report_active_device WHERE run_id = $1', [id]);
      const r = await c.query(
        `INSERT INTO report_active_device (run_id, device_id, first_seen, last_seen, communications)
         SELECT $1, a.* FROM (
           SELECT device_id, min(time), max(time), count(*)
             FROM device_communication WHERE time >= $2::date::timestamp AT TIME ZONE 'UTC' AND time < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'
            GROUP BY device_id) a
          -- a test owner's devices are left out (docs/statistics.md "Test owners"): one probe per device, not per row
          WHERE NOT EXISTS (SELECT 1 FROM device d JOIN owner o ON o.id = d.owner_id WHERE d.id = a.device_id AND o.is_test)`,
        [id, run.from, run.to],
      );
      const total = r.rowCount ?? 0;
      await c.query(`UPDATE report_run SET status = 'DONE', result = jsonb_build_object('total', $2::int), finished_at = now() WHERE id = $1`, [id, total]);
      return total;
    });
  }

  /** Runs still waiting for the worker (RUNNING is never committed: generate() sets it and DONE in one transaction). */
  async open(): Promise<number[]> {
    const r = await this.pool.rows<{ id: number }>(`SELECT id FROM report_run WHERE kind = $1 AND status IN ('QUEUED', 'RUNNING') ORDER BY id`, [KIND]);
    return r.map((x) => x.id);
  }

  async fail(id: number, error: string): Promise<void> {
    await this.pool.query(`UPDATE report_run SET status = 'FAILED', error = $2, finished_at = now() WHERE id = $1 AND status <> 'DONE'`, [id, error]);
  }

  /** Every device of a run as CSV (COPY, flat memory). */
  stream(id: number, out: Writable): Promise<void> {
    return copyCsv(this.pool, `${itemSql((col) => csvDateTimeSql(col))} ORDER BY r.device_id`, [id], EXPORT_COLUMNS, out);
  }
}
