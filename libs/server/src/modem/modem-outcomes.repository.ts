import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import type { ModemDeviceState, ReasonParams } from '@tracker/contract';
import { SqlRepository } from '../core/db.js';
import { copyCsv, csvDateTimeSql, reasonTextSql, type SqlCsvColumn } from '../core/exports/index.js';
import { PROCESS_COLUMNS, taskKeySql, type ProcessRow } from './modem.repository.js';

/** The latest process's statuses each state keeps (null: every status); `failed`, `all` and `refused` take the refusals. */
const STATUSES: Record<ModemDeviceState, readonly string[] | null> = {
  all: null,
  failed: ['FAILED', 'STOPPED'],
  pending: ['RUNNING'],
  done: ['DONE'],
  stopped: ['STOPPED'],
  refused: [],
};
const REFUSALS: ReadonlySet<ModemDeviceState> = new Set(['all', 'failed', 'refused']);

/**
 * The rows of a state, `l (src, id, device_id, imei)`: each device's latest process (index
 * modem_update_task(device_id, id)) unless the ledger refused the device after that process began, and each device's
 * latest modem refusal (command_refusal, batch 'modem'; by the IMEI the call named when no device has it) unless a
 * process began after it. So a device has one row, its latest outcome: the reports' rule ("each device's latest run")
 * with the refusals in it.
 */
function rowsCte(state: ModemDeviceState): string {
  const statuses = STATUSES[state];
  const parts: string[] = [];
  if (statuses === null || statuses.length) {
    parts.push(`SELECT 0 AS src, p.id, p.device_id, p.imei FROM p
      WHERE ${statuses ? `p.status IN (${statuses.map((s) => `'${s}'`).join(', ')}) AND ` : ''}NOT EXISTS (SELECT 1 FROM f WHERE f.device_id = p.device_id AND f.created > p.started)`);
  }
  if (REFUSALS.has(state)) {
    parts.push(`SELECT 1 AS src, f.id, f.device_id, f.imei FROM f WHERE NOT EXISTS (SELECT 1 FROM p WHERE p.device_id = f.device_id AND p.started >= f.created)`);
  }
  return `WITH p AS (
      SELECT t.id, t.device_id, t.imei, t.started, t.status::text AS status FROM modem_update_task t
      WHERE NOT EXISTS (SELECT 1 FROM modem_update_task n WHERE n.device_id = t.device_id AND n.id > t.id)
    ), f AS (
      SELECT DISTINCT ON (coalesce(r.device_id::text, 'imei ' || r.named_as, 'id ' || r.id)) r.id, r.device_id, coalesce(d.imei, r.named_as, '') AS imei, r.created
      FROM command_refusal r LEFT JOIN device d ON d.id = r.device_id WHERE r.batch_kind = 'modem'
      ORDER BY coalesce(r.device_id::text, 'imei ' || r.named_as, 'id ' || r.id), r.id DESC
    ), l AS (${parts.join(' UNION ALL ')})`;
}

/** By IMEI (a device's process before its refusal), then by id. */
const ORDER = 'x.imei, x.src, x.id';
const JOINS = `LEFT JOIN modem_update_task t ON x.src = 0 AND t.id = x.id
  LEFT JOIN command_refusal r ON x.src = 1 AND r.id = x.id`;
const OUTCOME_SQL = `CASE WHEN x.src = 1 THEN 'refused' ELSE lower(t.status::text) END`;
const utc = (col: string) => csvDateTimeSql(col);

/** The modem outcomes in a state for their CSV, in the list's order: the process's columns of the reports' CSV, or the refusal's. */
export const modemOutcomesCsvSql = (state: ModemDeviceState) => `${rowsCte(state)}
  SELECT x.imei, x.device_id, ${OUTCOME_SQL} AS outcome, t.id AS modem_id, t.profile, t.task_id, t.task_count,
    CASE WHEN x.src = 1 THEN NULL ELSE ${taskKeySql()} END AS task,
    ${utc('CASE WHEN x.src = 1 THEN r.created ELSE coalesce(t.finished_at, t.step_started_at) END')} AS since, t.errors,
    coalesce(t.error_code, r.reason_code) AS error_code, coalesce(t.error_params, r.reason_params) AS error_params,
    ${utc('t.started')} AS started, ${utc('t.finished_at')} AS finished_at
  FROM l x ${JOINS} ORDER BY ${ORDER}`;

/** The columns of the modem outcomes' CSV: the reports' columns (MODEM_CSV_COLUMNS) with the outcome for the status. */
export const MODEM_OUTCOME_CSV_COLUMNS: SqlCsvColumn[] = [
  { key: 'imei' },
  { key: 'device_id', type: 'number' },
  { key: 'outcome' },
  { key: 'modem_id', type: 'number' },
  { key: 'profile' },
  { key: 'task_id', type: 'number' },
  { key: 'task_count', type: 'number' },
  { key: 'task' },
  { key: 'since', header: 'since (UTC)' },
  { key: 'errors', type: 'number' },
  { key: 'error_code', header: 'reason_code' },
  { key: 'reason', sql: `CASE WHEN r.error_code IS NULL THEN NULL ELSE ${reasonTextSql('r.error_code', 'r.error_params')} END` },
  { key: 'started', header: 'started (UTC)' },
  { key: 'finished_at', header: 'finished (UTC)' },
];

/** A row of the list: the process's columns (src 0) or the refusal's (src 1). */
export type ModemOutcomeRow = Partial<ProcessRow> & {
  src: number;
  device_id: number | null;
  imei: string;
  reason_code: string | null;
  reason_params: ReasonParams | null;
  refused_at: string | null;
};

/** The modem updates' outcome per device (docs/firmware-modem.md "Outcomes"): raw SQL, one statement a page. */
@Injectable()
export class ModemOutcomesRepository extends SqlRepository {
  /** One page of the devices' outcomes in a state, and how many there are. */
  async page(state: ModemDeviceState, limit: number, offset: number): Promise<{ rows: ModemOutcomeRow[]; total: number }> {
    const r = await this.pool.rows<ModemOutcomeRow & { total: number; x_src: number | null }>(
      `${rowsCte(state)}
       SELECT n.total, p.* FROM (SELECT count(*)::int AS total FROM l) n
       LEFT JOIN LATERAL (
         SELECT x.src AS x_src, ${PROCESS_COLUMNS}, x.src, x.device_id, x.imei, r.reason_code, r.reason_params, r.created AS refused_at
         FROM (SELECT * FROM l x ORDER BY ${ORDER} LIMIT $1 OFFSET $2) x ${JOINS} ORDER BY ${ORDER}
       ) p ON true`,
      [limit, offset],
    );
    return { rows: r.filter((x) => x.x_src !== null).map(({ total: _t, x_src: _s, ...row }) => row), total: r[0]?.total ?? 0 };
  }

  /** Streams the outcomes in a state as CSV (COPY, flat memory). */
  async stream(state: ModemDeviceState, out: Writable): Promise<void> {
    await copyCsv(this.pool, modemOutcomesCsvSql(state), [], MODEM_OUTCOME_CSV_COLUMNS, out);
  }
}
