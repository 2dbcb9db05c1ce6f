import { Injectable } from '@nestjs/common';
import type { Reason } from '@tracker/contract';
import { SqlRepository, type Queryable } from '../core/db.js';
import { fromStates, targetTransition, type TargetEvent, type TargetState } from './target-state.js';

/** The statuses the set-based statements move, as the devices' machine says (target-state.ts). */
const TIMEOUT_FROM = fromStates({ kind: 'timeout', minutes: 0 });
const ENDED_FROM = fromStates({ kind: 'ended' });

/** A running request locked for a step, with what its FOTA command needs. */
export type LockedRequest = {
  id: number;
  status: number;
  state: string;
  expired: boolean;
  wave_size: number;
  error_threshold: number;
  device_timeout_s: number;
  current_wave: number;
  wave_count: number;
  created_by: number | null;
  version: string;
  path: string | null;
  size_bytes: number;
  sha256: string | null;
  ftp_server_id: number | null;
  host: string | null;
  port: number | null;
  /** the server's download login (read-only), what the watch gets; the password is filled in only for the gateway */
  download_username: string | null;
  download_password: string | null;
};

export type WaveCounts = { total: number; failed: number; pending: number };

/**
 * The rollout's state in Postgres (docs/firmware-modem.md "Firmware"): the request's wave and end, the activity rows
 * of a wave, and what the devices' SMS and reports do to them. Every statement is set-based or keyed by
 * (request, device); the SMS listener's run inside the pipeline's transactions.
 */
@Injectable()
export class FirmwareRolloutRepository extends SqlRepository {
  async lock(id: number, q: Queryable): Promise<LockedRequest | null> {
    const r = await this.pool.rows<LockedRequest>(
      `SELECT r.id, r.status, r.state, r.expired_at <= now() AS expired, r.wave_size, r.error_threshold, r.device_timeout_s, r.current_wave,
         r.wave_count, r.created_by, b.version, b.path, b.size_bytes, b.sha256, s.id AS ftp_server_id, s.host, s.port, s.download_username, s.download_password
       FROM firmware_upload_request r
       JOIN firmware_binary b ON b.id = r.fup_upload_id
       LEFT JOIN ftp_server s ON s.id = b.ftp_server_id
       WHERE r.id = $1 FOR UPDATE OF r`,
      [id],
      q,
    );
    return r[0] ?? null;
  }

  async running(): Promise<number[]> {
    return (await this.pool.rows<{ id: number }>('SELECT id FROM firmware_upload_request WHERE status = 0 ORDER BY id')).map((r) => r.id);
  }

  /** Devices of a wave whose command went out more than the request's timeout ago without a final report: failed. */
  async timeOut(requestId: number, wave: number, timeoutS: number, q: Queryable): Promise<number> {
    const r = await q.query(
      `UPDATE firmware_ota_activity SET status = 3, error_code = 'firmwareTimeout', error_params = jsonb_build_object('minutes', round($3 / 60.0)),
         finished_at = now(), updated_at = now()
       WHERE request_id = $1 AND wave = $2 AND status = ANY($4::int[]) AND sent_at < now() - make_interval(secs => $3)`,
      [requestId, wave, timeoutS, TIMEOUT_FROM],
    );
    return r.rowCount ?? 0;
  }

  /**
   * Devices of a wave silent for half their timeout since their command went out, not asked yet: marked asked (the
   * query is stored in the same transaction); answers their ids.
   */
  async toQuery(requestId: number, wave: number, timeoutS: number, q: Queryable): Promise<number[]> {
    const r = await this.pool.rows<{ device_id: number }>(
      `UPDATE firmware_ota_activity SET queried_at = now(), updated_at = now()
       WHERE request_id = $1 AND wave = $2 AND status IN (0, 1) AND queried_at IS NULL AND sent_at < now() - make_interval(secs => $3 / 2.0)
       RETURNING device_id`,
      [requestId, wave, timeoutS],
      q,
    );
    return r.map((x) => x.device_id);
  }

  /** The same for devices of ended requests (their commands went out before the end; they may still report). */
  async timeOutEnded(): Promise<number> {
    const r = await this.pool.query(
      `UPDATE firmware_ota_activity a SET status = 3, error_code = 'firmwareTimeout', error_params = jsonb_build_object('minutes', round(r.device_timeout_s / 60.0)),
         finished_at = now(), updated_at = now()
       FROM firmware_upload_request r
       WHERE a.status = ANY($1::int[]) AND a.sent_at IS NOT NULL AND r.id = a.request_id AND r.status = 1
         AND a.sent_at < now() - make_interval(secs => r.device_timeout_s)`,
      [TIMEOUT_FROM],
    );
    return r.rowCount ?? 0;
  }

  async waveCounts(requestId: number, wave: number, q: Queryable): Promise<WaveCounts> {
    const [c] = await this.pool.rows<WaveCounts>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 3)::int AS failed, count(*) FILTER (WHERE status IN (0, 1))::int AS pending
       FROM firmware_ota_activity WHERE request_id = $1 AND wave = $2`,
      [requestId, wave],
      q,
    );
    return c!;
  }

  /** Marks a wave's devices notified (their commands are stored in the same transaction); answers their ids. */
  async notifyWave(requestId: number, wave: number, q: Queryable): Promise<number[]> {
    const r = await this.pool.rows<{ device_id: number }>(
      `UPDATE firmware_ota_activity SET notified_at = now(), updated_at = now()
       WHERE request_id = $1 AND wave = $2 AND status = 0 AND notified_at IS NULL RETURNING device_id`,
      [requestId, wave],
      q,
    );
    return r.map((x) => x.device_id);
  }

  async setWave(requestId: number, wave: number, q: Queryable): Promise<void> {
    await q.query('UPDATE firmware_upload_request SET current_wave = $2, wave_started_at = now() WHERE id = $1', [requestId, wave]);
  }

  /** Ends a request (status 1) in `state`, with the reason of a halt; its devices never notified are cancelled (4). */
  async end(requestId: number, state: 'finished' | 'stopped' | 'expired' | 'halted', halt: Reason | null, q: Queryable): Promise<void> {
    await q.query(
      `UPDATE firmware_upload_request SET status = 1, state = $2::text, ended_at = now(), stopped_at = CASE WHEN $2::text = 'stopped' THEN now() END,
         halt_code = $3, halt_params = $4 WHERE id = $1`,
      [requestId, state, halt?.code ?? null, halt ? JSON.stringify(halt.params ?? {}) : null],
    );
    await q.query(
      `UPDATE firmware_ota_activity SET status = 4, error_code = 'firmwareRequestEnded', error_params = NULL, updated_at = now()
       WHERE request_id = $1 AND status = ANY($2::int[]) AND notified_at IS NULL`,
      [requestId, ENDED_FROM],
    );
  }

  // ------------------------------------------------------------------------------------------ from the SMS pipeline

  /** The gateway took the device's command (or the watch answered first): its timeout counts from now. */
  async sent(requestId: number, deviceId: number, q: Queryable): Promise<void> {
    await q.query(
      'UPDATE firmware_ota_activity SET sent_at = now(), updated_at = now() WHERE request_id = $1 AND device_id = $2 AND sent_at IS NULL',
      [requestId, deviceId],
    );
  }

  /** The command never reached the device (undelivered, expired): failed with the SMS's reason, or cancelled when the request called it off. */
  undelivered(requestId: number, deviceId: number, error: Reason, cancelled: boolean, q: Queryable): Promise<void> {
    return this.apply(requestId, [deviceId], { kind: 'undelivered', error, cancelled }, q);
  }

  /**
   * A watch's report, matched by request and the number it came from (a GSM number reaches one watch; the targets
   * hold one device per number); what it does to the device is `targetTransition`'s.
   */
  async downloading(requestId: number, from: string, progress: number | null, q: Queryable): Promise<void> {
    await this.apply(requestId, await this.devicesOf(from, q), { kind: 'downloading', progress }, q);
  }

  async finished(requestId: number, from: string, version: string, q: Queryable): Promise<void> {
    await this.apply(requestId, await this.devicesOf(from, q), { kind: 'finished', version }, q);
  }

  async failed(requestId: number, from: string, reason: string, q: Queryable): Promise<void> {
    await this.apply(requestId, await this.devicesOf(from, q), { kind: 'failed', reason }, q);
  }

  /** The devices behind a number (looked up first, so each report's statements use the (request, device) key). */
  private async devicesOf(from: string, q: Queryable): Promise<number[]> {
    return (await this.pool.rows<{ id: number }>('SELECT id FROM device WHERE gsm_number = $1', [from], q)).map((d) => d.id);
  }

  /** One event to some of a request's devices: each locked, moved by `targetTransition`, written (and its firmware). */
  private async apply(requestId: number, deviceIds: number[], e: TargetEvent, q: Queryable): Promise<void> {
    if (!deviceIds.length) return;
    const rows = await this.pool.rows<TargetState & { device_id: number }>(
      `SELECT device_id, status, error_code, to_version, notified_at IS NOT NULL AS notified, sent_at IS NOT NULL AS sent
       FROM firmware_ota_activity WHERE request_id = $1 AND device_id = ANY($2::int[]) ORDER BY device_id FOR UPDATE`,
      [requestId, deviceIds],
      q,
    );
    for (const r of rows) {
      const ch = targetTransition(r, e);
      if (!ch) continue;
      await q.query(
        `UPDATE firmware_ota_activity SET status = $3::int, error_code = $4, error_params = $5::jsonb,
           progress = CASE WHEN $6::bool THEN $7::int ELSE progress END,
           sent_at = CASE WHEN $3::int = 1 THEN COALESCE(sent_at, now()) ELSE sent_at END,
           finished_at = CASE WHEN $8::bool THEN now() ELSE finished_at END, updated_at = now()
         WHERE request_id = $1 AND device_id = $2`,
        [
          requestId,
          r.device_id,
          ch.status,
          ch.error?.code ?? null,
          ch.error ? JSON.stringify(ch.error.params ?? {}) : null,
          ch.progress !== undefined && ch.progress !== null,
          ch.progress ?? null,
          ch.finished,
        ],
      );
      if (ch.firmware) await q.query('UPDATE device SET firmware = $2 WHERE id = $1', [r.device_id, ch.firmware]);
    }
  }

  /** The longest command prefix an enabled gateway puts before a text (it counts against the SMS length). */
  async longestGatewayPrefix(q?: Queryable): Promise<number> {
    const [r] = await this.pool.rows<{ n: number }>("SELECT COALESCE(max(length(command)), 0)::int AS n FROM sms_gateway WHERE enabled", [], q);
    return r!.n;
  }
}
