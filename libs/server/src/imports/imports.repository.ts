import { Injectable } from '@nestjs/common';
import {
  fieldError,
  IMPORT_ERRORS_PAGE,
  reasonText,
  storedReason,
  PAGE_SIZE,
  type DeviceAndSimRecord,
  type DeviceRecord,
  type FactoryDeviceRecord,
  type ImportErrorItem,
  type ImportItem,
  type ImportKind,
  type ImportParams,
  type SimRecord,
} from '@tracker/contract';
import { SqlRepository, type Queryable } from '../core/db.js';
import { IMPORT_LOCK_KEY } from './import-sql.js';
import { dayRange, rethrowUnknownTimeZone } from '../core/day-range.js';

/** An import row as `PgPool.rows` reads it (times already ISO strings, by the shared type parsers). */
type ImportDbRow = Omit<ImportItem, 'has_file' | 'error' | 'error_code'> & { file_path: string | null; error_code: string | null };
type ErrorDbRow = Omit<ImportErrorItem, 'reason' | 'reason_code'> & { reason_code: string };

/** A stored reason with its English text, for readers of the api and the report (storedReason: an unknown code is said as text). */
function withText(r: ErrorDbRow): ImportErrorItem {
  const { code, params } = storedReason(r.reason_code, r.reason_params);
  return { ...r, reason_code: code, reason_params: params ?? null, reason: reasonText(code, params) };
}

/** Writes the audit record of a change in the change's transaction `c`, given the id the change made. */
export type Recorder = (c: Queryable, id: number) => Promise<void>;

/** SQL of the imports: import rows, their errors, single-record inserts, exports and help files. */
@Injectable()
export class ImportsRepository extends SqlRepository {
  /** A new import, QUEUED; `record` writes its audit record in the same transaction. */
  create(kind: ImportKind, fileName: string, filePath: string, fileSize: number, params: ImportParams, userId: number, record?: Recorder) {
    return this.pool.transaction(async (c) => {
      const [row] = await this.pool.rows<{ id: number }>(
        `INSERT INTO import (kind, file_name, file_path, file_size, params, created_by, status)
         VALUES ($1, $2, $3, $4, $5, $6, 'QUEUED') RETURNING id`,
        [kind, fileName.slice(0, 255), filePath, fileSize, JSON.stringify(params), userId],
        c,
      );
      await record?.(c, row!.id);
      return row!.id;
    });
  }

  private readonly columns = `i.id, i.kind::text AS kind, i.file_name, i.count, i.imported, i.failed, i.status::text AS status,
    i.progress, i.error_code, i.error_params, i.result, i.created, i.finished_at, i.file_path, u.username AS created_by`;

  private item(r: ImportDbRow): ImportItem {
    const { file_path, ...rest } = r;
    if (!r.error_code) return { ...rest, error_code: null, error: null, has_file: !!file_path };
    const { code, params } = storedReason(r.error_code, r.error_params);
    return { ...rest, error_code: code, error_params: params ?? null, error: reasonText(code, params), has_file: !!file_path };
  }

  async list(page: number, date: string | undefined, id?: number, tz = 'UTC') {
    const size = PAGE_SIZE.importList;
    // the filters as conditions on $1.. of their own values; the page's LIMIT and OFFSET follow them
    const values: unknown[] = [];
    const conds: string[] = [];
    if (date) {
      // the day of the user's time zone (the list shows times in it), as the device tabs cut their days
      values.push(date, tz);
      conds.push(dayRange('i.created', values.length - 1));
    }
    if (id !== undefined) {
      values.push(id);
      conds.push(`i.id = $${values.length}`);
    }
    const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
    const rows = await this.pool
      .rows<ImportDbRow>(
        `SELECT ${this.columns} FROM import i LEFT JOIN backoffice_user u ON u.id = i.created_by
        ${where} ORDER BY i.created DESC, i.id DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
        [...values, size, page * size],
      )
      .catch(rethrowUnknownTimeZone);
    const total = (await this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM import i ${where}`, values)).rows[0]!.n;
    return { items: rows.map((r) => this.item(r)), total, total_pages: Math.ceil(total / size), page };
  }

  async get(id: number): Promise<(ImportItem & { file_path: string | null; kind: ImportKind }) | null> {
    const [row] = await this.pool.rows<ImportDbRow>(
      `SELECT ${this.columns} FROM import i LEFT JOIN backoffice_user u ON u.id = i.created_by WHERE i.id = $1`,
      [id],
    );
    return row ? { ...this.item(row), file_path: row.file_path } : null;
  }

  async errors(id: number, page: number) {
    const rows = await this.pool.rows<ErrorDbRow>(
      `SELECT line, "column", value, reason_code, reason_params FROM import_error WHERE import_id = $1 ORDER BY line, id LIMIT $2 OFFSET $3`,
      [id, IMPORT_ERRORS_PAGE, page * IMPORT_ERRORS_PAGE],
    );
    const total = (await this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM import_error WHERE import_id = $1`, [id])).rows[0]!.n;
    return { items: rows.map(withText), total, total_pages: Math.ceil(total / IMPORT_ERRORS_PAGE), page };
  }

  /** Imports Postgres says are not done (the worker's sweep re-enqueues those without a job). */
  async open(): Promise<number[]> {
    const r = await this.pool.query<{ id: number }>(`SELECT id FROM import WHERE status IN ('QUEUED', 'RUNNING') ORDER BY id`);
    return r.rows.map((x) => x.id);
  }

  /** Ended imports whose uploaded file is older than `days`: their files may go. */
  async filesEndedBefore(days: number): Promise<{ id: number; file_path: string }[]> {
    const r = await this.pool.query<{ id: number; file_path: string }>(
      `SELECT id, file_path FROM import
        WHERE status IN ('FINISHED', 'FAILED') AND file_path IS NOT NULL AND finished_at < now() - make_interval(days => $1)
        ORDER BY id LIMIT 500`,
      [days],
    );
    return r.rows;
  }

  /** Forgets an ended import's file (the list then offers no report download for it). */
  async clearFile(id: number): Promise<void> {
    await this.pool.query(`UPDATE import SET file_path = NULL WHERE id = $1 AND status IN ('FINISHED', 'FAILED')`, [id]);
  }

  async exists(table: 'device_type' | 'operator' | 'white_label_deployment' | 'ftp_server' | 'voip_central', id: number) {
    const r = await this.pool.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
    return (r.rowCount ?? 0) > 0;
  }

  /**
   * Runs a single-record insert under the import lock (serialised with the bulk imports' final transactions); when
   * it inserts, `record` writes the audit record in the same transaction.
   */
  private locked<T extends object>(fn: (c: Queryable) => Promise<T>, record?: Recorder): Promise<T> {
    return this.transaction(async (c) => {
      await c.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK_KEY]);
      const out = await fn(c);
      if (record && 'id' in out && typeof out.id === 'number') await record(c, out.id);
      return out;
    });
  }

  /** The first of `checks` (column, SQL returning a row when taken) that finds the value taken, or null. */
  private async taken(c: Queryable, checks: [string, string, unknown][]): Promise<string | null> {
    for (const [column, sql, value] of checks) {
      if (value === undefined || value === null) continue;
      if (((await c.query(sql, [value])).rowCount ?? 0) > 0) return column;
    }
    return null;
  }

  insertSim(r: SimRecord, record?: Recorder) {
    return this.locked(async (c) => {
      const dup = await this.taken(c, [
        ['imsi', 'SELECT 1 FROM sim_card WHERE imsi = $1', r.imsi],
        ['iccid', 'SELECT 1 FROM sim_card WHERE iccid = $1', r.iccid],
      ]);
      if (dup) return { duplicate: dup } as const;
      const row = await c.query<{ id: number }>(
        `INSERT INTO sim_card (imsi, iccid, gsm_number, status, carrier_status, operator_id)
         VALUES ($1::text, $2, $3, $4, $5::carrier_sim_status,
                 coalesce($6::int, (SELECT id FROM operator WHERE start = left($1::text, 5) ORDER BY id LIMIT 1)))
         RETURNING id`,
        [r.imsi, r.iccid ?? null, r.gsm_number ?? null, r.status, r.carrier_status, r.operator_id ?? null],
      );
      return { id: row.rows[0]!.id } as const;
    }, record);
  }

  insertDevice(r: DeviceRecord, record?: Recorder) {
    return this.locked(async (c) => {
      const dup = await this.taken(c, [
        ['imei', 'SELECT 1 FROM device WHERE imei = $1', r.imei],
        ['activation_code', 'SELECT 1 FROM device WHERE activation_code = $1', r.activation_code],
        ['imsi', 'SELECT 1 FROM device WHERE imsi = $1', r.imsi],
      ]);
      if (dup) return { duplicate: dup } as const;
      let sim: { id: number; gsm_number: string | null; used: boolean } | undefined;
      if (r.imsi) {
        sim = (
          await c.query(
            `SELECT s.id, s.gsm_number, EXISTS (SELECT 1 FROM device d WHERE d.sim_id = s.id) AS used FROM sim_card s WHERE s.imsi = $1`,
            [r.imsi],
          )
        ).rows[0];
        if (!sim) return { invalid: fieldError('imsi', 'noSim') } as const;
        if (sim.used) return { invalid: fieldError('imsi', 'simInUse') } as const;
      }
      const row = await c.query<{ id: number }>(
        `INSERT INTO device (imei, device_type_id, imsi, gsm_number, device_status, activation_code, firmware, is_test, sim_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [r.imei, r.device_type_id, r.imsi ?? null, r.gsm_number ?? sim?.gsm_number ?? null, r.device_status,
          r.activation_code ?? null, r.firmware ?? null, r.is_test, sim?.id ?? null],
      );
      return { id: row.rows[0]!.id } as const;
    }, record);
  }

  insertDeviceAndSim(r: DeviceAndSimRecord, record?: Recorder) {
    return this.locked(async (c) => {
      const dup = await this.taken(c, [
        ['imei', 'SELECT 1 FROM device WHERE imei = $1', r.imei],
        ['imsi', 'SELECT 1 FROM sim_card WHERE imsi = $1', r.imsi],
        ['iccid', 'SELECT 1 FROM sim_card WHERE iccid = $1', r.iccid],
      ]);
      if (dup) return { duplicate: dup } as const;
      const sim = await c.query<{ id: number }>(
        `INSERT INTO sim_card (imsi, iccid, gsm_number, status, carrier_status, operator_id)
         VALUES ($1::text, $2, $3, $4, $5::carrier_sim_status, (SELECT id FROM operator WHERE start = left($1::text, 5) ORDER BY id LIMIT 1))
         RETURNING id`,
        [r.imsi, r.iccid ?? null, r.gsm_number ?? null, r.sim_status, r.carrier_status],
      );
      const row = await c.query<{ id: number }>(
        `INSERT INTO device (imei, device_type_id, imsi, gsm_number, device_status, sim_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [r.imei, r.device_type_id, r.imsi, r.gsm_number ?? null, r.device_status, sim.rows[0]!.id],
      );
      return { id: row.rows[0]!.id } as const;
    }, record);
  }

  insertFactoryDevice(r: FactoryDeviceRecord, record?: Recorder) {
    return this.locked(async (c) => {
      const dup = await this.taken(c, [
        ['imei', 'SELECT 1 FROM factory_device WHERE imei = $1', r.imei],
        ['activation_code', 'SELECT 1 FROM factory_device WHERE activation_code = $1', r.activation_code],
      ]);
      if (dup) return { duplicate: dup } as const;
      const row = await c.query<{ id: number }>(
        `INSERT INTO factory_device (imei, imsi, iccid, activation_code, serial_number, device_type_id, firmware, status,
                                     white_label_deployment_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [r.imei, r.imsi ?? null, r.iccid ?? null, r.activation_code ?? null, r.serial_number ?? null,
          r.device_type_id ?? null, r.firmware ?? null, r.status, r.white_label_deployment_id],
      );
      return { id: row.rows[0]!.id } as const;
    }, record);
  }
  /** Errors of an import in line order, with their English text, for the report (streamed by the caller in pages). */
  async errorsFrom(importId: number, afterLine: number, limit: number): Promise<ImportErrorItem[]> {
    const rows = await this.pool.rows<ErrorDbRow>(
      `SELECT line, "column", value, reason_code, reason_params FROM import_error WHERE import_id = $1 AND line > $2
        ORDER BY line, id LIMIT $3`,
      [importId, afterLine, limit],
    );
    return rows.map(withText);
  }

  async latestHelpFile() {
    const [row] = await this.pool.rows<{ id: number; file_name: string; content_type: string; size_bytes: number; created: string }>(
      `SELECT id, file_name, content_type, size_bytes, created FROM help_file ORDER BY created DESC, id DESC LIMIT 1`,
    );
    return row ?? null;
  }

  async helpFile(id: number) {
    const r = await this.pool.query<{ file_name: string; content_type: string; content: Buffer }>(
      `SELECT file_name, content_type, content FROM help_file WHERE id = $1`,
      [id],
    );
    return r.rows[0] ?? null;
  }

  insertHelpFile(fileName: string, contentType: string, content: Buffer, userId: number, record?: Recorder) {
    return this.pool.transaction(async (c) => {
      const [row] = await this.pool.rows<{ id: number }>(
        `INSERT INTO help_file (file_name, content_type, size_bytes, content, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [fileName.slice(0, 255), contentType.slice(0, 100), content.length, content, userId],
        c,
      );
      await record?.(c, row!.id);
      return row!.id;
    });
  }
}
