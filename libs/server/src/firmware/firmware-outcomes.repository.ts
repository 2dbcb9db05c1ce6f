import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { FIRMWARE_ACTIVITY_STATUS, type FirmwareDeviceState, type ReasonParams } from '@tracker/contract';
import { SqlRepository } from '../core/db.js';
import { copyCsv, csvDateTimeSql, reasonTextSql, type SqlCsvColumn } from '../core/exports/index.js';

const S = FIRMWARE_ACTIVITY_STATUS;
/** The activity statuses each state keeps (null: every status); `failed`, `all` and `refused` take the refused devices. */
const STATUSES: Record<FirmwareDeviceState, readonly number[] | null> = {
  all: null,
  failed: [S.failed, S.cancelled],
  pending: [S.processing, S.downloading],
  done: [S.finished],
  cancelled: [S.cancelled],
  refused: [],
};
const REFUSALS: ReadonlySet<FirmwareDeviceState> = new Set(['all', 'failed', 'refused']);

/** A row's outcome as SQL over `x` (src 1: a refusal) and `a` (its activity): the activity status's name. */
const OUTCOME_SQL = `CASE WHEN x.src = 1 THEN 'refused' ${Object.entries(S)
  .map(([name, v]) => `WHEN a.status = ${v} THEN '${name}'`)
  .join(' ')} ELSE 'failed' END`;

/**
 * The request's rows in a state, `l (src, id, device_id)`, of the request `$1`: its devices' activity (index
 * firmware_ota_activity(request_id, status)) and the devices the ledger refused (command_refusal, batch 'firmware',
 * batch_id the request's id as text).
 */
function rowsCte(state: FirmwareDeviceState): string {
  const statuses = STATUSES[state];
  const parts: string[] = [];
  if (statuses === null || statuses.length) {
    parts.push(`SELECT 0 AS src, a.id, a.device_id FROM firmware_ota_activity a WHERE a.request_id = $1${statuses ? ` AND a.status IN (${statuses.join(', ')})` : ''}`);
  }
  if (REFUSALS.has(state)) {
    parts.push(`SELECT 1 AS src, r.id, r.device_id FROM command_refusal r WHERE r.batch_kind = 'firmware' AND r.batch_id = $1::text`);
  }
  return `WITH l AS (${parts.join(' UNION ALL ')})`;
}

const ORDER = 'x.device_id NULLS LAST, x.src, x.id';
const JOINS = `LEFT JOIN firmware_ota_activity a ON x.src = 0 AND a.id = x.id
  LEFT JOIN command_refusal r ON x.src = 1 AND r.id = x.id
  LEFT JOIN device d ON d.id = x.device_id`;
const columns = (time: (col: string) => string) => `x.device_id, coalesce(a.imei, d.imei) AS imei, r.named_as, ${OUTCOME_SQL} AS outcome,
  a.status, a.wave, a.from_version, a.to_version, a.progress, ${time('a.notified_at')} AS notified_at, ${time('a.sent_at')} AS sent_at,
  ${time('a.finished_at')} AS finished_at, coalesce(a.error_code, r.reason_code) AS error_code,
  coalesce(a.error_params, r.reason_params) AS error_params, ${time('coalesce(a.updated_at, r.created)')} AS updated_at`;
const utc = (col: string) => csvDateTimeSql(col);

/** A request's devices in a state for its CSV (`$1` the request id), in the list's order, times in UTC as text. */
export const firmwareOutcomesCsvSql = (state: FirmwareDeviceState) => `${rowsCte(state)}
  SELECT ${columns(utc)} FROM l x ${JOINS} ORDER BY ${ORDER}`;

/** The columns of a request's CSV (the COPY path of every export): the outcome and the reason as words. */
export const FIRMWARE_OUTCOME_CSV_COLUMNS: SqlCsvColumn[] = [
  { key: 'device_id', type: 'number' },
  { key: 'imei' },
  { key: 'named_as' },
  { key: 'outcome' },
  { key: 'wave', type: 'number' },
  { key: 'from_version' },
  { key: 'to_version' },
  { key: 'progress', type: 'number' },
  { key: 'notified_at', header: 'notified (UTC)' },
  { key: 'sent_at', header: 'sent (UTC)' },
  { key: 'finished_at', header: 'finished (UTC)' },
  { key: 'error_code', header: 'reason_code' },
  { key: 'reason', sql: `CASE WHEN r.error_code IS NULL THEN NULL ELSE ${reasonTextSql('r.error_code', 'r.error_params')} END` },
  { key: 'updated_at', header: 'updated (UTC)' },
];

export type FirmwareOutcomeRow = {
  device_id: number | null;
  imei: string | null;
  named_as: string | null;
  outcome: string;
  status: number | null;
  wave: number | null;
  from_version: string | null;
  to_version: string | null;
  progress: number | null;
  notified_at: string | null;
  sent_at: string | null;
  finished_at: string | null;
  error_code: string | null;
  error_params: ReasonParams | null;
  updated_at: string;
};

/** A firmware request's devices with their outcomes (docs/firmware-modem.md "Outcomes"): raw SQL, one statement a page. */
@Injectable()
export class FirmwareOutcomesRepository extends SqlRepository {
  async requestExists(id: number): Promise<boolean> {
    return (await this.pool.rows('SELECT 1 FROM firmware_upload_request WHERE id = $1', [id])).length > 0;
  }

  /** One page of the request's devices in a state, and how many there are. */
  async page(requestId: number, state: FirmwareDeviceState, limit: number, offset: number): Promise<{ rows: FirmwareOutcomeRow[]; total: number }> {
    const r = await this.pool.rows<FirmwareOutcomeRow & { total: number; src: number | null }>(
      `${rowsCte(state)}
       SELECT n.total, p.* FROM (SELECT count(*)::int AS total FROM l) n
       LEFT JOIN LATERAL (
         SELECT x.src, ${columns((c) => c)} FROM (SELECT * FROM l x ORDER BY ${ORDER} LIMIT $2 OFFSET $3) x ${JOINS} ORDER BY ${ORDER}
       ) p ON true`,
      [requestId, limit, offset],
    );
    return { rows: r.filter((x) => x.src !== null).map(({ total: _t, src: _s, ...row }) => row), total: r[0]?.total ?? 0 };
  }

  /** Streams the request's devices in a state as CSV (COPY, flat memory). */
  async stream(requestId: number, state: FirmwareDeviceState, out: Writable): Promise<void> {
    await copyCsv(this.pool, firmwareOutcomesCsvSql(state), [requestId], FIRMWARE_OUTCOME_CSV_COLUMNS, out);
  }
}
