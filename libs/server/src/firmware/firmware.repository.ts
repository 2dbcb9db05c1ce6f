import { Injectable } from '@nestjs/common';
import { storedReason, type ReasonCode, type ReasonParams } from '@tracker/contract';
import { SqlRepository, type Queryable } from '../core/db.js';
import { gateRefusalSql } from '../commands/command-state.js';
import type { RefusalRow } from '../commands/command-store.repository.js';

/** An FTP server: the upload login (the api's, full rights) and the download login (read-only, what a watch gets). */
export type FtpServerRow = {
  id: number;
  name: string;
  host: string;
  port: number;
  username: string | null;
  password: string | null;
  download_username: string | null;
  download_password: string | null;
  base_path: string;
  passive: boolean;
};
export type BinaryRow = {
  id: number;
  name: string;
  version: string;
  device_type_id: number | null;
  device_type: string | null;
  ftp_server_id: number | null;
  ftp_server: string | null;
  file_name: string;
  path: string | null;
  size_bytes: number;
  sha256: string | null;
  created: string;
  created_by: string | null;
};
export type RequestRow = {
  id: number;
  status: number;
  state: string;
  fup_upload_id: number;
  binary_name: string;
  device_type: string | null;
  upload_type: number;
  for_version: string | null;
  comment: string | null;
  expired_at: string;
  extend: number[];
  new_version: string | null;
  wave_size: number;
  error_threshold: number;
  device_timeout_s: number;
  current_wave: number;
  wave_count: number;
  total: number;
  halt_code: string | null;
  halt_params: Record<string, string | number> | null;
  created: string;
  created_by: string | null;
  ended_at: string | null;
  processing: number;
  downloading: number;
  finished: number;
  failed: number;
  cancelled: number;
  /** the devices of the wave a threshold halt names, and the failed ones among them, now */
  halt_wave_failed: number;
  halt_wave_total: number;
};
export type ActivityRow = {
  id: number;
  request_id: number;
  device_id: number;
  imei: string;
  status: number;
  from_version: string | null;
  to_version: string | null;
  progress: number;
  wave: number;
  notified_at: string | null;
  sent_at: string | null;
  finished_at: string | null;
  error_code: string | null;
  error_params: Record<string, string | number> | null;
  updated_at: string;
};
export type ListedDevice = { id: number; imei: string; device_type_id: number };

const BINARY_SELECT = `SELECT b.id, b.name, b.version, b.device_type_id, t.name AS device_type, b.ftp_server_id, s.name AS ftp_server,
    b.file_name, b.path, b.size_bytes, b.sha256, b.created, u.username AS created_by
  FROM firmware_binary b
  LEFT JOIN device_type t ON t.id = b.device_type_id
  LEFT JOIN ftp_server s ON s.id = b.ftp_server_id
  LEFT JOIN backoffice_user u ON u.id = b.created_by`;

const REQUEST_SELECT = `SELECT r.id, r.status, r.state, r.fup_upload_id, b.name || ' ' || b.version AS binary_name, t.name AS device_type, r.upload_type,
         r.for_version, r.comment, r.expired_at, r.extend, r.new_version, r.wave_size, r.error_threshold, r.device_timeout_s,
         r.current_wave, r.wave_count, r.total, r.halt_code, r.halt_params, r.created, u.username AS created_by, r.ended_at,
         c.processing, c.downloading, c.finished, c.failed, c.cancelled, c.halt_wave_failed, c.halt_wave_total
       FROM firmware_upload_request r
       JOIN firmware_binary b ON b.id = r.fup_upload_id
       LEFT JOIN device_type t ON t.id = b.device_type_id
       LEFT JOIN backoffice_user u ON u.id = r.created_by
       CROSS JOIN LATERAL (
         SELECT count(*) FILTER (WHERE a.status = 0)::int AS processing, count(*) FILTER (WHERE a.status = 1)::int AS downloading,
           count(*) FILTER (WHERE a.status = 2)::int AS finished, count(*) FILTER (WHERE a.status = 3)::int AS failed,
           count(*) FILTER (WHERE a.status = 4)::int AS cancelled,
           -- the halted wave's devices now (a halt's failed count goes on with its wave's late reports)
           count(*) FILTER (WHERE a.wave = (r.halt_params->>'wave')::int AND a.status = 3)::int AS halt_wave_failed,
           count(*) FILTER (WHERE a.wave = (r.halt_params->>'wave')::int)::int AS halt_wave_total
         FROM firmware_ota_activity a WHERE a.request_id = r.id) c`;

/** What a new request selects: the binary's device type, the upload type and its version or list. */
export type Targets = { kind: 0 | 1 | 2; deviceTypeId: number; version: string; forVersion: string | null; deviceIds: number[] };

/** Firmware data of the api's calls: FTP servers, binaries, requests with their targets, the activity search. */
@Injectable()
export class FirmwareRepository extends SqlRepository {
  ftpServers() {
    return this.pool.rows<{ id: number; name: string; host: string; port: number; base_path: string }>(
      'SELECT id, name, host, port, base_path FROM ftp_server ORDER BY name, id',
    );
  }

  async ftpServer(id: number): Promise<FtpServerRow | null> {
    const r = await this.pool.rows<FtpServerRow>('SELECT id, name, host, port, username, password, download_username, download_password, base_path, passive FROM ftp_server WHERE id = $1', [id]);
    return r[0] ?? null;
  }

  async deviceTypeExists(id: number): Promise<boolean> {
    return (await this.pool.rows('SELECT 1 FROM device_type WHERE id = $1', [id])).length > 0;
  }

  async insertBinary(
    b: { name: string; version: string; deviceTypeId: number; ftpServerId: number; fileName: string; path: string; size: number; sha256: string; createdBy: number },
    q: Queryable,
  ): Promise<BinaryRow> {
    const [row] = await this.pool.rows<{ id: number }>(
      `INSERT INTO firmware_binary (name, version, device_type_id, ftp_server_id, file_name, path, size_bytes, sha256, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [b.name, b.version, b.deviceTypeId, b.ftpServerId, b.fileName, b.path, b.size, b.sha256, b.createdBy],
      q,
    );
    return (await this.binary(row!.id, q))!;
  }

  binaries(limit = 500) {
    return this.pool.rows<BinaryRow>(`${BINARY_SELECT} ORDER BY b.id DESC LIMIT $1`, [limit]);
  }

  async binary(id: number, q?: Queryable): Promise<BinaryRow | null> {
    const r = await this.pool.rows<BinaryRow>(`${BINARY_SELECT} WHERE b.id = $1`, [id], q);
    return r[0] ?? null;
  }

  /** The devices of a custom list, by IMEI. */
  devicesByImei(imeis: string[]) {
    return this.pool.rows<ListedDevice>('SELECT id, imei, device_type_id FROM device WHERE imei = ANY($1::text[]) ORDER BY id', [imeis]);
  }

  async insertRequest(
    r: {
      binaryId: number;
      uploadType: number;
      forVersion: string | null;
      comment: string | null;
      expiredAt: Date;
      extend: number[];
      newVersion: string;
      waveSize: number;
      errorThreshold: number;
      timeoutS: number;
      createdBy: number;
    },
    q: Queryable,
  ): Promise<number> {
    const [row] = await this.pool.rows<{ id: number }>(
      `INSERT INTO firmware_upload_request (status, state, fup_upload_id, upload_type, for_version, comment, expired_at, extend, new_version,
         wave_size, error_threshold, device_timeout_s, created_by)
       VALUES (0, 'running', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [r.binaryId, r.uploadType, r.forVersion, r.comment, r.expiredAt, r.extend, r.newVersion, r.waveSize, r.errorThreshold, r.timeoutS, r.createdBy],
      q,
    );
    return row!.id;
  }

  /**
   * The devices a request of `t` may reach, `d`: of the binary's device type and selected by the upload type (0 all not
   * yet on the version, 1 those on `forVersion`, 2 the listed ones). The ledger's gate (gateRefusalSql) then tells
   * targets from refused devices.
   */
  private static selected = `d.device_type_id = $1 AND CASE $2::int
      WHEN 0 THEN d.firmware IS DISTINCT FROM $3
      WHEN 1 THEN d.firmware = $4
      ELSE d.id = ANY($5::int[]) END`;

  /** What a request of `t` would do: its target count, and its refused devices (count, the first `listed`). */
  async preview(t: Targets, listed: number): Promise<{ targets: number; refusedCount: number; refused: RefusalRow[] }> {
    const v = [t.deviceTypeId, t.kind, t.version, t.forVersion, t.deviceIds];
    const [n] = await this.pool.rows<{ targets: number; refused: number }>(
      `SELECT count(*) FILTER (WHERE ${gateRefusalSql('d')} IS NULL)::int AS targets, count(*) FILTER (WHERE ${gateRefusalSql('d')} IS NOT NULL)::int AS refused
       FROM device d WHERE ${FirmwareRepository.selected}`,
      v,
    );
    const refused = await this.pool.rows<{ id: number; imei: string; code: string }>(
      `SELECT d.id, d.imei, ${gateRefusalSql('d')} AS code FROM device d WHERE ${FirmwareRepository.selected} AND ${gateRefusalSql('d')} IS NOT NULL
       ORDER BY d.id LIMIT $6`,
      [...v, listed],
    );
    return { targets: n!.targets, refusedCount: n!.refused, refused: refused.map((r) => ({ deviceId: r.id, namedAs: r.imei, reason: { code: r.code as ReasonCode } })) };
  }

  /**
   * The request's devices as activity rows, in one INSERT ... SELECT (docs/firmware-modem.md "Targets"): the selected
   * devices the ledger's gate lets through (not terminated, enabled, with a GSM number; one device per number: a
   * number reaches one watch), not in another running rollout's unfinished activity. Waves are cut in device id
   * order. The refused ones are kept in command_refusal (batch 'firmware', the request's id). Sets the request's total
   * and wave count; answers the total and the refused count.
   */
  async materialize(requestId: number, waveSize: number, t: Targets, q: Queryable): Promise<{ total: number; refused: number }> {
    const v = [t.deviceTypeId, t.kind, t.version, t.forVersion, t.deviceIds];
    const r = await q.query(
      `WITH targets AS (
         SELECT DISTINCT ON (d.gsm_number) d.id, d.imei, d.firmware
         FROM device d
         WHERE ${FirmwareRepository.selected} AND ${gateRefusalSql('d')} IS NULL
           AND NOT EXISTS (
             SELECT 1 FROM firmware_ota_activity a JOIN firmware_upload_request o ON o.id = a.request_id
             WHERE a.device_id = d.id AND a.status IN (0, 1) AND o.status = 0)
         ORDER BY d.gsm_number, d.id
       )
       INSERT INTO firmware_ota_activity (request_id, device_id, imei, status, from_version, to_version, wave)
       SELECT $6, id, imei, 0, firmware, $3, ((row_number() OVER (ORDER BY id) - 1) / $7 + 1)::int FROM targets`,
      [...v, requestId, waveSize],
    );
    const refused = await q.query(
      `INSERT INTO command_refusal (batch_kind, batch_id, device_id, named_as, reason_code)
       SELECT 'firmware', $6::text, d.id, d.imei, ${gateRefusalSql('d')} FROM device d
       WHERE ${FirmwareRepository.selected} AND ${gateRefusalSql('d')} IS NOT NULL ORDER BY d.id`,
      [...v, requestId],
    );
    const total = r.rowCount ?? 0;
    await q.query('UPDATE firmware_upload_request SET total = $2::int, wave_count = CEIL($2::int::numeric / wave_size)::int WHERE id = $1', [requestId, total]);
    return { total, refused: refused.rowCount ?? 0 };
  }

  /** The first `limit` refused devices of a request, in device order. */
  async refusals(requestId: number, limit: number, q: Queryable): Promise<RefusalRow[]> {
    const rows = await this.pool.rows<{ device_id: number | null; named_as: string | null; reason_code: string; reason_params: ReasonParams | null }>(
      `SELECT device_id, named_as, reason_code, reason_params FROM command_refusal WHERE batch_kind = 'firmware' AND batch_id = $1::text ORDER BY id LIMIT $2`,
      [requestId, limit],
      q,
    );
    return rows.map((r) => ({ deviceId: r.device_id, namedAs: r.named_as, reason: storedReason(r.reason_code, r.reason_params) }));
  }

  async requests(page: number, count: number): Promise<{ rows: RequestRow[]; total: number }> {
    const rows = await this.pool.rows<RequestRow>(
      `${REQUEST_SELECT}
       ORDER BY r.id DESC LIMIT $1 OFFSET $2`,
      [count, page * count],
    );
    const [n] = await this.pool.rows<{ n: number }>('SELECT count(*)::int AS n FROM firmware_upload_request');
    return { rows, total: n!.n };
  }

  async request(id: number, q?: Queryable): Promise<RequestRow | null> {
    const rows = await this.pool.rows<RequestRow>(
      `${REQUEST_SELECT}
       WHERE r.id = $1`,
      [id],
      q,
    );
    return rows[0] ?? null;
  }

  /**
   * Activity by IMEI part and request, newest first; the count stops past what the pager can reach from `page`
   * (docs/architecture.md "Dashboard search": an exact count of a broad match costs more than the page).
   */
  async search(query: string | undefined, requestId: number | undefined, page: number, count: number): Promise<{ rows: ActivityRow[]; total: number }> {
    const where = `($1::text IS NULL OR strpos(a.imei, $1) > 0) AND ($2::int IS NULL OR a.request_id = $2)`;
    const rows = await this.pool.rows<ActivityRow>(
      `SELECT a.id, a.request_id, a.device_id, a.imei, a.status, a.from_version, a.to_version, a.progress, a.wave, a.notified_at, a.sent_at,
         a.finished_at, a.error_code, a.error_params, a.updated_at
       FROM firmware_ota_activity a WHERE ${where}
       ORDER BY a.request_id DESC, a.id LIMIT $3 OFFSET $4`,
      [query || null, requestId ?? null, count, page * count],
    );
    const cap = (page + 7) * count;
    const [n] = await this.pool.rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM firmware_ota_activity a WHERE ${where} LIMIT $3) x`,
      [query || null, requestId ?? null, cap],
    );
    return { rows, total: n!.n };
  }
}
