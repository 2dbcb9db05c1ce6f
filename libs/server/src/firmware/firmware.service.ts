import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { posix } from 'node:path';
import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  charCount,
  codedIssues,
  CONFIRMED_ACTIONS,
  ErrorCode,
  FIRMWARE_FILE_NAME_MAX,
  FIRMWARE_UPLOAD_FIELDS,
  FIRMWARE_UPLOAD_TYPE,
  fieldError,
  firmwareUploadForm,
  issueFieldError,
  parseExpiry,
  reasonText,
  REFUSALS_LISTED,
  storedReason,
  type FirmwareActivityItem,
  type FirmwareBinaryItem,
  type FirmwareInsertBody,
  type FirmwareRequestItem,
  type FirmwareRequestState,
  fotaCommandKey,
} from '@tracker/contract';
import type { SessionUser } from '../access/session-user.js';
import { AuditService } from '../core/audit.service.js';
import { afterCommit } from '../core/db.js';
import { DomainError } from '../core/errors.js';
import { JobName, JobQueue } from '../core/jobs/index.js';
import { CommandLedger, refusalOut } from '../commands/command-ledger.service.js';
import { FirmwareFtp } from './firmware-ftp.js';
import { FirmwareRepository, type ActivityRow, type BinaryRow, type RequestRow } from './firmware.repository.js';
import { FirmwareRolloutRepository } from './firmware-rollout.repository.js';
import { commandOf, commandRoom, FirmwareRollout } from './firmware-rollout.service.js';
import type { StagedFirmware } from './firmware-upload.interceptor.js';

const bad = (field: string, code: Parameters<typeof fieldError>[1], params?: Record<string, string | number>) =>
  new DomainError(ErrorCode.ValidationFailed, [fieldError(field, code, params)]);

const coded = (code: string | null, params: Record<string, string | number> | null) => {
  if (!code) return null;
  const r = storedReason(code, params);
  return { code: r.code, params: r.params ?? {}, message: reasonText(r.code, r.params) };
};

const binaryItem = (b: BinaryRow): FirmwareBinaryItem => b;

const requestItem = (r: RequestRow): FirmwareRequestItem => ({
  id: r.id,
  status: r.status,
  state: r.state as FirmwareRequestState,
  fup_upload_id: r.fup_upload_id,
  binary_name: r.binary_name,
  device_type: r.device_type,
  upload_type: r.upload_type,
  for_version: r.for_version,
  comment: r.comment,
  expired_at: r.expired_at,
  extend: r.extend,
  newVersion: r.new_version,
  wave_size: r.wave_size,
  error_threshold: r.error_threshold,
  timeout_minutes: Math.round(r.device_timeout_s / 60),
  current_wave: r.current_wave,
  wave_count: r.wave_count,
  total: r.total,
  counts: { processing: r.processing, downloading: r.downloading, finished: r.finished, failed: r.failed, cancelled: r.cancelled },
  // a threshold halt's failed count is its wave's now, as the counts beside it are (devices of the wave that were
  // downloading when it halted still report); the wave, its size and the threshold stay as the halt found them
  halt: coded(r.halt_code, r.halt_code === 'firmwareHalted' && r.halt_params ? { ...r.halt_params, failed: r.halt_wave_failed, size: r.halt_wave_total } : r.halt_params),
  created: r.created,
  created_by: r.created_by,
  ended_at: r.ended_at,
});

const activityItem = (a: ActivityRow): FirmwareActivityItem => ({
  id: a.id,
  request_id: a.request_id,
  device_id: a.device_id,
  imei: a.imei,
  status: a.status,
  from_version: a.from_version,
  to_version: a.to_version,
  progress: a.progress,
  wave: a.wave,
  notified_at: a.notified_at,
  sent_at: a.sent_at,
  finished_at: a.finished_at,
  error: coded(a.error_code, a.error_params),
  updated_at: a.updated_at,
});

/** Firmware rules (docs/firmware-modem.md "Firmware"): uploads to FTP, rollout requests and their targets, stop, lists. */
@Injectable()
export class FirmwareService {
  constructor(
    private readonly repo: FirmwareRepository,
    private readonly rollouts: FirmwareRolloutRepository,
    private readonly rollout: FirmwareRollout,
    private readonly ftp: FirmwareFtp,
    private readonly audit: AuditService,
    private readonly jobs: JobQueue,
    private readonly ledger: CommandLedger,
  ) {}

  async ftpServers() {
    return { model: await this.repo.ftpServers() };
  }

  async binaries() {
    return { model: (await this.repo.binaries()).map(binaryItem) };
  }

  /**
   * §5: the first missing field of ftp_id, type, file, name, version is named; then the fields are checked; the
   * staged file goes to the FTP server (checked by its size there) and only then is the binary's row written. The
   * staged file is always removed; a remote file whose row could not be written is removed too.
   */
  async upload(s: SessionUser, file: StagedFirmware | undefined, body: unknown) {
    try {
      const fields = (body ?? {}) as Record<string, unknown>;
      for (const f of FIRMWARE_UPLOAD_FIELDS) {
        const missing = f === 'file' ? !file : fields[f] === undefined || String(fields[f]).trim() === '';
        if (missing) throw bad(f, 'required', { field: f });
      }
      const parsed = firmwareUploadForm.safeParse(fields, { error: codedIssues });
      if (!parsed.success) throw new DomainError(ErrorCode.ValidationFailed, parsed.error.issues.map((i) => issueFieldError(i, 'body')));
      const form: z.infer<typeof firmwareUploadForm> = parsed.data;
      if (!file || file.size === 0) throw bad('file', 'firmwareEmptyFile');
      if (charCount(file.originalname ?? '') > FIRMWARE_FILE_NAME_MAX) throw bad('file', 'tooLong', { field: 'file', max: FIRMWARE_FILE_NAME_MAX });
      const server = await this.repo.ftpServer(form.ftp_id);
      if (!server) throw bad('ftp_id', 'unknownServer');
      if (!(await this.repo.deviceTypeExists(form.type))) throw bad('type', 'unknownDeviceType');
      // a short random name: the path travels in the FOTA SMS (160 characters in all)
      const remote = posix.join(server.base_path || '/', `${randomBytes(4).toString('hex')}.bin`);
      await this.ftp.upload(server, file.path, remote, file.size);
      try {
        const row = await this.repo.transaction(async (q) => {
          const b = await this.repo.insertBinary(
            { name: form.name, version: form.version, deviceTypeId: form.type, ftpServerId: server.id, fileName: file.originalname || `${form.version}.bin`, path: remote, size: file.size, sha256: file.sha256, createdBy: s.userId },
            q,
          );
          await this.audit.recordCall(q, { entity: 'firmware_binary', entityId: b.id, result: { id: b.id, name: b.name, version: b.version, path: b.path, size_bytes: b.size_bytes, sha256: b.sha256 } });
          return b;
        });
        return { model: binaryItem(row) };
      } catch (e) {
        await this.ftp.remove(server, remote);
        throw e;
      }
    } finally {
      if (file?.path) await rm(file.path, { force: true });
    }
  }

  /**
   * A rollout through the command ledger: the binary must be complete (server with a download login, path,
   * checksum, device type) and its FOTA command fit in an SMS; the selected devices that cannot take a command
   * (terminated, disabled, no number) are refused and kept with the request. Upload type 0 (every device of the type)
   * first answers its target count with a confirmation token; the call that brings it back starts it. The request,
   * its devices (one INSERT ... SELECT), its refusals and the audit row commit together, and the worker is told after
   * the commit (its tick would find the request anyway). No device to target: 400, nothing stored.
   */
  async insert(s: SessionUser, b: FirmwareInsertBody) {
    this.ledger.authorise(s, fotaCommandKey(0), 'fup_upload_id');
    const bin = await this.repo.binary(b.fup_upload_id);
    if (!bin) throw bad('fup_upload_id', 'firmwareUnknownBinary');
    if (bin.ftp_server_id === null || !bin.path || !bin.sha256 || bin.device_type_id === null) throw bad('fup_upload_id', 'firmwareBinaryNoServer');
    const server = await this.repo.ftpServer(bin.ftp_server_id);
    if (!server) throw bad('fup_upload_id', 'firmwareBinaryNoServer');
    if (!server.download_username) throw bad('fup_upload_id', 'firmwareNoDownloadLogin');
    if (b.upload_type === FIRMWARE_UPLOAD_TYPE.byVersion && b.for_version === bin.version) throw bad('for_version', 'firmwareSameVersion');
    let deviceIds: number[] = [];
    if (b.upload_type === FIRMWARE_UPLOAD_TYPE.custom) {
      const imeis = b.extend ?? [];
      const found = await this.repo.devicesByImei(imeis);
      const known = new Set(found.map((d) => d.imei));
      const unknown = imeis.filter((i) => !known.has(i));
      if (unknown.length) throw bad('extend', 'firmwareUnknownDevices', { count: unknown.length, imeis: unknown.slice(0, 10).join(', ') });
      const other = found.filter((d) => d.device_type_id !== bin.device_type_id);
      if (other.length) throw bad('extend', 'firmwareWrongTypeDevices', { count: other.length, imeis: other.slice(0, 10).map((d) => d.imei).join(', ') });
      deviceIds = found.map((d) => d.id);
    }
    const targets = { kind: b.upload_type as 0 | 1 | 2, deviceTypeId: bin.device_type_id, version: bin.version, forVersion: b.for_version ?? null, deviceIds };
    if (b.upload_type === FIRMWARE_UPLOAD_TYPE.all) {
      if (!b.confirm_token) {
        const p = await this.repo.preview(targets, REFUSALS_LISTED);
        return { model: await this.ledger.askConfirmation(s, CONFIRMED_ACTIONS.firmwareAll, b, { commandKey: null, targets: p.targets, refused: p.refused, refusedCount: p.refusedCount }) };
      }
      await this.ledger.redeem(s, CONFIRMED_ACTIONS.firmwareAll, b, b.confirm_token);
    }
    await this.ledger.takeQuota(s);
    const expiredAt = parseExpiry(b.expired_at)!;
    const created = await this.repo.transaction(async (q) => {
      const id = await this.repo.insertRequest(
        {
          binaryId: bin.id,
          uploadType: b.upload_type,
          forVersion: b.upload_type === FIRMWARE_UPLOAD_TYPE.byVersion ? b.for_version! : null,
          comment: b.comment || null,
          expiredAt,
          extend: deviceIds,
          newVersion: bin.version,
          waveSize: b.wave_size,
          errorThreshold: b.error_threshold,
          timeoutS: b.timeout_minutes * 60,
          createdBy: s.userId,
        },
        q,
      );
      const command = commandOf({
        id,
        version: bin.version,
        path: bin.path,
        size_bytes: bin.size_bytes,
        sha256: bin.sha256,
        ftp_server_id: server.id,
        host: server.host,
        port: server.port,
        download_username: server.download_username,
        download_password: server.download_password,
      })!;
      const room = commandRoom(await this.rollouts.longestGatewayPrefix(q));
      if (command.sent.length > room) throw bad('fup_upload_id', 'firmwareCommandTooLong', { length: command.sent.length, max: room });
      const { total, refused } = await this.repo.materialize(id, b.wave_size, targets, q);
      if (total === 0) {
        // none left: all refused by the gate (smsNoTargets), or the others in running rollouts already (firmwareNoTargets)
        const field = b.upload_type === FIRMWARE_UPLOAD_TYPE.custom ? 'extend' : 'upload_type';
        const eligible = refused ? (await this.repo.preview(targets, 0)).targets : 0;
        throw refused && !eligible ? bad(field, 'smsNoTargets', { count: refused }) : bad(field, 'firmwareNoTargets');
      }
      const waves = Math.ceil(total / b.wave_size);
      await this.audit.recordCall(q, { entity: 'firmware_upload_request', entityId: id, result: { id, total, wave_count: waves, refused } });
      afterCommit(q, () => this.jobs.enqueue(JobName.FirmwareAdvance, { requestId: id }));
      const refusals = (await this.repo.refusals(id, REFUSALS_LISTED, q)).map(refusalOut);
      return { id, total, wave_count: waves, refused, refusals };
    });
    return { model: created };
  }

  async requests(page: number, count: number) {
    const { rows, total } = await this.repo.requests(page, count);
    return { model: { items: rows.map(requestItem), total_pages: Math.ceil(total / count), more: false, page } };
  }

  /** §4: stop sets status 1 at once; nothing more is sent. Stopping an ended request changes nothing. */
  async stop(id: number) {
    const row = await this.repo.transaction(async (q) => {
      const r = await this.rollouts.lock(id, q);
      if (!r) throw new DomainError(ErrorCode.NotFound);
      if (r.status === 0) {
        await this.rollout.end(id, 'stopped', null, q);
        await this.audit.recordCall(q, { entity: 'firmware_upload_request', entityId: id, result: { id, state: 'stopped' } });
      }
      return (await this.repo.request(id, q))!;
    });
    return { model: requestItem(row) };
  }

  async search(query: string | undefined, requestId: number | undefined, page: number, count: number) {
    const { rows, total } = await this.repo.search(query, requestId, page, count);
    const cap = (page + 7) * count;
    return { model: { items: rows.map(activityItem), total_pages: Math.ceil(total / count), more: total >= cap, page } };
  }
}
