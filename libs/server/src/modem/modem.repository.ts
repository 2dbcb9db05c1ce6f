import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { MODEM_PROFILES, reasonText, storedReason, type ModemProcess, type ModemReport, type Reason, type ReasonParams } from '@tracker/contract';
import { SqlRepository, type Queryable } from '../core/db.js';
import { copyCsv, csvDateTimeSql, reasonTextSql, type SqlCsvColumn } from '../core/exports/index.js';
import type { DupFile, HistoryLine } from './modem-machine.js';

export type { HistoryLine } from './modem-machine.js';

/** A modem update as the engine reads it (locked), with its device and Postgres' clock (timestamps as ISO strings). */
export type TaskRow = {
  id: number;
  device_id: number;
  imei: string;
  profile: string;
  task_id: number;
  task_count: number;
  status: 'RUNNING' | 'DONE' | 'FAILED' | 'STOPPED';
  version: number;
  errors: number;
  refusals: number;
  sms_id: number | null;
  last_reply: string | null;
  saved_settings: Record<string, string | null> | null;
  settings_restored_at: string | null;
  created_by: number | null;
  gsm_number: string | null;
  device_type_id: number;
  deadline_at: string;
  retry_at: string | null;
  /** when the gateway took the SMS the check waits for (null: not yet, or none) */
  sms_sent_at: string | null;
  /** Postgres' now() of the transaction: the only clock the state machine reads */
  now: string;
};

/** What a transition changes (only the fields given); `version` is always bumped, `step_started_at` when the task changes. */
export type TaskChange = {
  task_id?: number;
  status?: TaskRow['status'];
  errors?: number;
  refusals?: number;
  sms_id?: number | null;
  /** waiting at a send task until then (ISO), or not (null) */
  retry_at?: string | null;
  error?: Reason | null;
  last_reply?: string | null;
  dup_files?: DupFile[] | null;
  saved_settings?: Record<string, string | null> | null;
  settings_restored?: boolean | null;
  finished?: boolean;
  /** a reset: started, deadline and step start from now, finished_at cleared */
  restart?: { days: number };
};

/** A device as a start reads it: its IMSI (the profile) and what the gate checks (status, enabled, number). */
export type ModemDeviceRow = { id: number; imei: string; imsi: string | null; gsm_number: string | null; device_status: number; enabled: boolean };
const DEVICE_COLUMNS = 'id, imei, imsi, gsm_number, device_status, enabled';

const TASK_COLUMNS = `t.id, t.device_id, t.imei, t.profile, t.task_id, t.task_count, t.status::text AS status, t.version, t.errors,
  t.refusals, t.sms_id, t.last_reply, t.saved_settings, t.settings_restored_at, t.created_by, d.gsm_number, d.device_type_id,
  t.deadline_at, t.retry_at, m.sent_at AS sms_sent_at, now() AS now`;

export type ProcessRow = Omit<ModemProcess, 'task' | 'error'> & { error_code: string | null; error_params: ReasonParams | null };
export const PROCESS_COLUMNS = `t.id AS modem_id, t.device_id, t.imei, t.profile, t.status::text AS status, t.task_id, t.task_count, t.errors,
  t.error_code, t.error_params, t.started, t.step_started_at, t.deadline_at, t.finished_at, t.retry_at`;

/**
 * The answer's shape of a process row: the documented fields of `modemProcess` only (a row may carry more, e.g. the
 * device's columns of checkStatus's join), the current task's key and the stored reason with its English text.
 */
export function toProcess(r: ProcessRow): ModemProcess {
  const list = (MODEM_PROFILES as Record<string, readonly { key: string }[]>)[r.profile] ?? [];
  const error = r.error_code ? storedReason(r.error_code, r.error_params) : null;
  return {
    modem_id: r.modem_id,
    device_id: r.device_id,
    imei: r.imei,
    profile: r.profile,
    status: r.status,
    task_id: r.task_id,
    task_count: r.task_count,
    task: list[Math.min(r.task_id, list.length) - 1]?.key ?? '',
    errors: r.errors,
    error: error ? { ...error, text: reasonText(error.code, error.params) } : null,
    started: r.started,
    step_started_at: r.step_started_at,
    deadline_at: r.deadline_at,
    finished_at: r.finished_at,
    retry_at: r.retry_at,
  };
}

/** The check tasks' positions per profile (for "waiting for the watch"), as SQL over `t`. */
function checkTasksSql(): string {
  return (
    '(' +
    Object.entries(MODEM_PROFILES)
      .map(([p, list]) => `(t.profile = '${p}' AND t.task_id IN (${list.flatMap((x, i) => (x.kind === 'check' ? [i + 1] : [])).join(', ')}))`)
      .join(' OR ') +
    ')'
  );
}
const IS_CHECK = checkTasksSql();
/** The device's latest process only (index modem_update_task(device_id, id)). */
const LATEST = 'NOT EXISTS (SELECT 1 FROM modem_update_task n WHERE n.device_id = t.device_id AND n.id > t.id)';
const REPORT_WHERE: Record<ModemReport, string> = {
  done: `t.status = 'DONE'`,
  updating: `t.status = 'RUNNING'`,
  notUpdated: `t.status IN ('FAILED', 'STOPPED')`,
};

const iso = (col: string) => csvDateTimeSql(col);
/** The current task's key in SQL over `t`, as toProcess gives it (past the list: its last task; before it: ''). */
export function taskKeySql(): string {
  const profiles = Object.entries(MODEM_PROFILES as Record<string, readonly { key: string }[]>).map(
    ([p, list]) => `WHEN '${p}' THEN CASE least(t.task_id, ${list.length}) ${list.map((x, i) => `WHEN ${i + 1} THEN '${x.key}'`).join(' ')} ELSE '' END`,
  );
  return `CASE t.profile ${profiles.join(' ')} ELSE '' END`;
}

/** A modem report's rows for its CSV (modemCsvSql), the device's latest process only, by process id. */
export const modemCsvSql = (report: ModemReport) =>
  `SELECT t.id AS modem_id, t.imei, t.device_id, t.profile, t.status::text AS status, t.task_id, t.task_count, ${taskKeySql()} AS task,
     ${iso('t.step_started_at')} AS since, t.errors, t.error_code, t.error_params, ${iso('t.started')} AS started, ${iso('t.finished_at')} AS finished_at
   FROM modem_update_task t WHERE ${LATEST} AND ${REPORT_WHERE[report]} ORDER BY t.id`;

/** The columns of a modem report's CSV (the COPY path of every export): the task and the reason as words. */
export const MODEM_CSV_COLUMNS: SqlCsvColumn[] = [
  { key: 'modem_id', type: 'number' },
  { key: 'imei' },
  { key: 'device_id', type: 'number' },
  { key: 'profile' },
  { key: 'status' },
  { key: 'task_id', type: 'number' },
  { key: 'task_count', type: 'number' },
  { key: 'task' },
  { key: 'since', header: 'since (UTC)' },
  { key: 'errors', type: 'number' },
  { key: 'reason', sql: `CASE WHEN r.error_code IS NULL THEN NULL ELSE ${reasonTextSql('r.error_code', 'r.error_params')} END` },
  { key: 'started', header: 'started (UTC)' },
  { key: 'finished_at', header: 'finished (UTC)' },
];

/**
 * Modem updates (modem_update_task, modem_update_step): the engine's locked reads and transitions, the settings it
 * changes and puts back, the calls' set-based reads, and the reports' CSV. docs/firmware-modem.md "Modem update".
 */
@Injectable()
export class ModemRepository extends SqlRepository {
  // ------------------------------------------------------------------------------------------ the engine

  /**
   * A process locked for a transition (FOR UPDATE), with its times and Postgres' now(): the state machine judges the
   * deadline, a retry's due time and a check's timeout by that clock only. A check's time runs from when its SMS was
   * sent (`sent_at`), not stored: a backlog in the SMS pipeline is not the watch's silence (an SMS that never leaves
   * ends with its own error, which the listener counts).
   */
  async lock(id: number, c: Queryable): Promise<TaskRow | null> {
    const r = await this.pool.rows<TaskRow>(
      `SELECT ${TASK_COLUMNS}
         FROM modem_update_task t JOIN device d ON d.id = t.device_id LEFT JOIN sms_message m ON m.id = t.sms_id
        WHERE t.id = $1 FOR UPDATE OF t`,
      [id],
      c,
    );
    return r[0] ?? null;
  }

  /** The running process whose check waits for this SMS, locked; null when none does (a late or foreign message). */
  async lockBySms(smsId: number, c: Queryable): Promise<TaskRow | null> {
    const r = await this.pool.rows<TaskRow>(
      `SELECT ${TASK_COLUMNS}
         FROM modem_update_task t JOIN device d ON d.id = t.device_id LEFT JOIN sms_message m ON m.id = t.sms_id
        WHERE t.sms_id = $1 AND t.status = 'RUNNING' FOR UPDATE OF t`,
      [smsId],
      c,
    );
    return r[0] ?? null;
  }

  /**
   * Applies a transition, with its line of history when given (one statement: the history's INSERT in a CTE);
   * answers the new version.
   */
  async change(id: number, ch: TaskChange, c: Queryable, line?: HistoryLine): Promise<number> {
    const sets = ['version = version + 1', 'updated = now()'];
    const values: unknown[] = [id];
    const set = (col: string, v: unknown, cast = '') => {
      values.push(v);
      sets.push(`${col} = $${values.length}${cast}`);
    };
    if (ch.task_id !== undefined) {
      set('task_id', ch.task_id);
      sets.push('step_started_at = now()');
    }
    if (ch.status !== undefined) set('status', ch.status, '::modem_update_status');
    if (ch.errors !== undefined) set('errors', ch.errors);
    if (ch.refusals !== undefined) set('refusals', ch.refusals);
    if (ch.sms_id !== undefined) set('sms_id', ch.sms_id);
    if (ch.retry_at !== undefined) set('retry_at', ch.retry_at, '::timestamptz');
    if (ch.error !== undefined) {
      set('error_code', ch.error?.code ?? null);
      set('error_params', ch.error?.params ? JSON.stringify(ch.error.params) : null, '::jsonb');
    }
    if (ch.last_reply !== undefined) set('last_reply', ch.last_reply?.slice(0, 500) ?? null);
    if (ch.dup_files !== undefined) set('dup_files', ch.dup_files ? JSON.stringify(ch.dup_files) : null, '::jsonb');
    if (ch.saved_settings !== undefined) set('saved_settings', ch.saved_settings ? JSON.stringify(ch.saved_settings) : null, '::jsonb');
    if (ch.settings_restored !== undefined) sets.push(`settings_restored_at = ${ch.settings_restored ? 'now()' : 'NULL'}`);
    if (ch.finished) sets.push('finished_at = now()');
    if (ch.restart) {
      set('deadline_at', ch.restart.days, " * interval '1 day' + now()");
      sets.push('started = now()', 'finished_at = NULL');
      if (ch.task_id === undefined) sets.push('step_started_at = now()');
    }
    let history = '';
    if (line) {
      const at = values.length;
      values.push(line.taskId, line.outcome, line.why?.code ?? null, line.why?.params ? JSON.stringify(line.why.params) : null, line.smsId);
      history = `WITH h AS (INSERT INTO modem_update_step (modem_id, task_id, outcome, code, params, sms_id)
        VALUES ($1, $${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}::jsonb, $${at + 5})) `;
    }
    const [r] = await this.pool.rows<{ version: number }>(`${history}UPDATE modem_update_task SET ${sets.join(', ')} WHERE id = $1 RETURNING version`, values, c);
    return r!.version;
  }

  /** A device type's SMS command (template, takes a message), null when the type has none. */
  async command(deviceTypeId: number, key: string, c: Queryable): Promise<{ command_key: string; template: string; takes_message: boolean } | null> {
    const r = await this.pool.rows<{ command_key: string; template: string; takes_message: boolean }>(
      'SELECT command_key, template, takes_message FROM sms_command WHERE device_type_id = $1 AND command_key = $2 ORDER BY id LIMIT 1',
      [deviceTypeId, key],
      c,
    );
    return r[0] ?? null;
  }

  /** The device's own value and its type's default of each setting in `nos` its type has. */
  settings(deviceId: number, deviceTypeId: number, nos: number[], c: Queryable): Promise<{ setting_no: number; own: string | null; default_value: string }[]> {
    return this.pool.rows(
      `SELECT ds.setting_no, s.value AS own, ds.value AS default_value FROM default_setting ds
         LEFT JOIN device_setting s ON s.device_id = $1 AND s.setting_no = ds.setting_no
        WHERE ds.device_type_id = $2 AND ds.setting_no = ANY($3::int[]) ORDER BY ds.setting_no`,
      [deviceId, deviceTypeId, nos],
      c,
    );
  }

  /**
   * Processes a sweep hands to the worker: past their deadline, checks past their timeout, waits whose retry is due
   * (its delayed job lost with Redis, or run a moment early), other tasks whose job was lost. A process waiting for a
   * retry that is not due is left alone: its delayed job holds it.
   */
  due(timeoutMs: number, staleMs: number, limit: number): Promise<{ id: number; version: number }[]> {
    return this.pool.rows(
      `SELECT t.id, t.version FROM modem_update_task t
        WHERE t.status = 'RUNNING'
          AND (t.deadline_at <= now()
               OR (${IS_CHECK} AND EXISTS (SELECT 1 FROM sms_message m WHERE m.id = t.sms_id AND m.sent_at <= now() - $1 * interval '1 millisecond'))
               OR t.retry_at <= now()
               OR (NOT ${IS_CHECK} AND t.retry_at IS NULL AND t.updated <= now() - $2 * interval '1 millisecond'))
        ORDER BY t.id LIMIT $3`,
      [timeoutMs, staleMs, limit],
    );
  }

  // ------------------------------------------------------------------------------------------ the calls

  /**
   * Devices by IMEI, locked (two starts or stops for one device at once wait for each other), with what the gate
   * reads. NO KEY UPDATE, not UPDATE: a step job that holds the process row stores an SMS whose device_id key-share
   * locks the device; FOR UPDATE made a stop (device, then process) and that job (process, then device) deadlock.
   */
  async devicesByImei(imeis: string[], c: Queryable): Promise<ModemDeviceRow[]> {
    const rows = await this.pool.rows<ModemDeviceRow>(
      `SELECT ${DEVICE_COLUMNS} FROM device WHERE imei = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE`,
      [imeis],
      c,
    );
    // the first device of an IMEI (by id) when several share one
    const seen = new Set<string>();
    return rows.filter((r) => !seen.has(r.imei) && seen.add(r.imei));
  }

  async deviceById(id: number, c: Queryable): Promise<ModemDeviceRow | null> {
    const r = await this.pool.rows<ModemDeviceRow>(`SELECT ${DEVICE_COLUMNS} FROM device WHERE id = $1 FOR NO KEY UPDATE`, [id], c);
    return r[0] ?? null;
  }

  /** The devices of `ids` with a running process, and that process. */
  running(deviceIds: number[], c: Queryable): Promise<{ id: number; device_id: number }[]> {
    return this.pool.rows(`SELECT id, device_id FROM modem_update_task WHERE device_id = ANY($1::int[]) AND status = 'RUNNING' ORDER BY id`, [deviceIds], c);
  }

  /** New processes at task 1 (RUNNING, version 0), in one statement; answers their ids by device. */
  insert(rows: { device_id: number; imei: string; profile: string; task_count: number }[], userId: number, days: number, c: Queryable): Promise<{ id: number; device_id: number }[]> {
    return this.pool.rows(
      `INSERT INTO modem_update_task (device_id, imei, profile, task_count, created_by, deadline_at)
       SELECT x.device_id, x.imei, x.profile, x.task_count, $5, now() + $6 * interval '1 day'
         FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS x(device_id, imei, profile, task_count)
       RETURNING id, device_id`,
      [rows.map((r) => r.device_id), rows.map((r) => r.imei), rows.map((r) => r.profile), rows.map((r) => r.task_count), userId, days],
      c,
    );
  }

  /** Each IMEI's device and its latest process. */
  async latestByImei(imeis: string[]): Promise<Map<string, { device_id: number; process: ModemProcess | null }>> {
    const rows = await this.pool.rows<{ d_id: number; d_imei: string } & Partial<ProcessRow>>(
      `SELECT DISTINCT ON (d.imei) d.id AS d_id, d.imei AS d_imei, ${PROCESS_COLUMNS}
         FROM device d LEFT JOIN modem_update_task t ON t.device_id = d.id AND ${LATEST}
        WHERE d.imei = ANY($1::text[]) ORDER BY d.imei, d.id`,
      [imeis],
    );
    return new Map(rows.map((r) => [r.d_imei, { device_id: r.d_id, process: r.modem_id ? toProcess(r as ProcessRow) : null }]));
  }

  async process(id: number): Promise<(ModemProcess & { saved_settings: Record<string, string | null> | null; settings_restored_at: string | null; dup_files: { name: string; size: number }[] | null }) | null> {
    const r = await this.pool.rows<ProcessRow & { saved_settings: Record<string, string | null> | null; settings_restored_at: string | null; dup_files: { name: string; size: number }[] | null }>(
      `SELECT ${PROCESS_COLUMNS}, t.saved_settings, t.settings_restored_at, t.dup_files FROM modem_update_task t WHERE t.id = $1`,
      [id],
    );
    if (!r[0]) return null;
    const { saved_settings, settings_restored_at, dup_files, ...p } = r[0];
    return { ...toProcess(p), saved_settings, settings_restored_at, dup_files };
  }

  historyOf(id: number): Promise<{ task_id: number; outcome: string; code: string | null; params: ReasonParams | null; sms_id: number | null; created: string }[]> {
    return this.pool.rows('SELECT task_id, outcome, code, params, sms_id, created FROM modem_update_step WHERE modem_id = $1 ORDER BY id', [id]);
  }

  /** A page of the devices' latest processes (a report's, or those waiting for a watch), and the count. */
  async page(filter: { report?: ModemReport; waiting?: boolean }, limit: number, offset: number): Promise<{ items: ModemProcess[]; total: number }> {
    const where = [LATEST];
    if (filter.report) where.push(REPORT_WHERE[filter.report]);
    if (filter.waiting) where.push(`t.status = 'RUNNING' AND ${IS_CHECK}`);
    const order = filter.waiting ? 't.step_started_at, t.id' : 't.id DESC';
    const [rows, [count]] = await Promise.all([
      this.pool.rows<ProcessRow>(`SELECT ${PROCESS_COLUMNS} FROM modem_update_task t WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT $1 OFFSET $2`, [limit, offset]),
      this.pool.rows<{ n: number }>(`SELECT count(*)::int AS n FROM modem_update_task t WHERE ${where.join(' AND ')}`),
    ]);
    return { items: rows.map(toProcess), total: count!.n };
  }

  /** The latest processes counted by status, and the running ones by profile and task. */
  async counts(): Promise<{ byStatus: Record<string, number>; byTask: { profile: string; task_id: number; count: number }[] }> {
    const [s, t] = await Promise.all([
      this.pool.rows<{ status: string; n: number }>(`SELECT t.status::text AS status, count(*)::int AS n FROM modem_update_task t WHERE ${LATEST} GROUP BY 1`),
      this.pool.rows<{ profile: string; task_id: number; count: number }>(
        `SELECT t.profile, t.task_id, count(*)::int AS count FROM modem_update_task t WHERE t.status = 'RUNNING' GROUP BY 1, 2 ORDER BY 1, 2`,
      ),
    ]);
    return { byStatus: Object.fromEntries(s.map((x) => [x.status, x.n])), byTask: t };
  }

  /** A report's devices as CSV, written by PostgreSQL (COPY, flat memory); the reason and the task as words. */
  async stream(report: ModemReport, out: Writable): Promise<void> {
    await copyCsv(this.pool, modemCsvSql(report), [], MODEM_CSV_COLUMNS, out);
  }
}
