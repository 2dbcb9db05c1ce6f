import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { fotaCommandKey, fotaQueryKey, reason, SMS_TEXT_MAX, type Reason } from '@tracker/contract';
import type { Queryable } from '../core/db.js';
import { LOGGER } from '../core/tokens.js';
import { CommandLedger } from '../commands/command-ledger.service.js';
import { fotaCommand, fotaQuery, SECRET_MASK } from '../commands/grammar.js';
import { FirmwareRolloutRepository, type LockedRequest } from './firmware-rollout.repository.js';

/** The secret a FOTA command stands for: the download password of its FTP server (docs/sms.md "Secrets"). */
export const ftpDownloadSecret = (serverId: number) => `ftp_download:${serverId}`;

type CommandParts = Pick<LockedRequest, 'id' | 'version' | 'path' | 'size_bytes' | 'sha256' | 'ftp_server_id' | 'host' | 'port' | 'download_username' | 'download_password'>;

/**
 * The FOTA command of a request with its server's download login (read-only): `stored` with the password masked, as
 * the ledger keeps and every reader sees it, and `sent`, the text the gateway gets (its length is what must fit one
 * SMS); null when the binary has no server, path or checksum, or the server no download login.
 */
export function commandOf(r: CommandParts): { stored: string; sent: string; secretRef: string } | null {
  if (!r.path || !r.sha256 || !r.host || r.port === null || r.ftp_server_id === null || !r.download_username) return null;
  const parts = { requestId: r.id, version: r.version, host: r.host, port: r.port, user: r.download_username, path: r.path, size: r.size_bytes, sha256: r.sha256 };
  return { stored: fotaCommand({ ...parts, password: SECRET_MASK }), sent: fotaCommand({ ...parts, password: r.download_password ?? '' }), secretRef: ftpDownloadSecret(r.ftp_server_id) };
}

/** Room the FOTA command leaves in one SMS once the longest gateway prefix is put before it. */
export const commandRoom = (prefix: number) => SMS_TEXT_MAX - prefix;

export type EndState = 'finished' | 'stopped' | 'expired' | 'halted';

/**
 * A rollout's steps (docs/firmware-modem.md "Firmware"). `advance` is the worker's one step of a running request, in
 * one transaction under the request's row lock: expiry; the current wave's status queries and timeouts (from Postgres timestamps) and
 * error threshold; when the wave is over, the next wave's devices marked notified and their FOTA commands stored
 * (one statement each), queued after the commit. `end` (stop, expiry, halt) calls off what was not sent. A killed
 * worker loses nothing: a step commits whole or not at all, and a command stored but not queued is found by the SMS
 * sweep, never stored twice (the notified mark commits with it).
 */
@Injectable()
export class FirmwareRollout {
  constructor(
    private readonly repo: FirmwareRolloutRepository,
    private readonly ledger: CommandLedger,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  running(): Promise<number[]> {
    return this.repo.running();
  }

  timeOutEnded(): Promise<number> {
    return this.repo.timeOutEnded();
  }

  async advance(requestId: number): Promise<void> {
    await this.repo.transaction(async (q) => {
      const r = await this.repo.lock(requestId, q);
      if (!r || r.status !== 0) return;
      if (r.expired) return this.end(r.id, 'expired', null, q);
      for (;;) {
        if (r.current_wave > 0) {
          await this.query(r, q);
          await this.repo.timeOut(r.id, r.current_wave, r.device_timeout_s, q);
          const c = await this.repo.waveCounts(r.id, r.current_wave, q);
          if (c.total > 0 && c.failed * 100 > r.error_threshold * c.total) {
            const why = reason('firmwareHalted', { wave: r.current_wave, failed: c.failed, size: c.total, threshold: r.error_threshold });
            this.log.warn({ requestId: r.id, wave: r.current_wave, failed: c.failed, size: c.total }, 'firmware rollout halted by its error threshold');
            return this.end(r.id, 'halted', why, q);
          }
          if (c.pending > 0) return;
        }
        const next = r.current_wave + 1;
        if (next > r.wave_count) return this.end(r.id, 'finished', null, q);
        const devices = await this.repo.notifyWave(r.id, next, q);
        await this.repo.setWave(r.id, next, q);
        r.current_wave = next;
        if (!devices.length) continue; // every device of the wave went elsewhere meanwhile: the next one
        const command = commandOf(r);
        if (!command) return this.end(r.id, 'halted', reason(r.download_username ? 'firmwareBinaryNoServer' : 'firmwareNoDownloadLogin'), q);
        const ids = await this.ledger.storeBulk(
          { deviceIds: devices, commandKey: fotaCommandKey(r.id), message: command.stored, secretRef: command.secretRef, createdBy: r.created_by },
          q,
        );
        this.ledger.dispatchAfterCommit(q, ids);
        return;
      }
    });
  }

  /** Asks the wave's devices silent for half their timeout for their state, once each (a lost report is sent again). */
  private async query(r: LockedRequest, q: Queryable): Promise<void> {
    const devices = await this.repo.toQuery(r.id, r.current_wave, r.device_timeout_s, q);
    if (!devices.length) return;
    const ids = await this.ledger.storeBulk({ deviceIds: devices, commandKey: fotaQueryKey(r.id), message: fotaQuery(r.id), createdBy: r.created_by }, q);
    this.ledger.dispatchAfterCommit(q, ids);
  }

  /**
   * Ends a running request: status 1 in `state`; devices never notified are cancelled, and commands stored but not
   * taken by a worker yet are called off (their devices cancelled too, by the SMS listener). A command a worker has
   * taken is on its way; its device may still report, and that report is taken.
   */
  async end(requestId: number, state: EndState, halt: Reason | null, q: Queryable): Promise<void> {
    await this.repo.end(requestId, state, halt, q);
    if (state === 'finished') return;
    await this.ledger.cancelUnsent(fotaCommandKey(requestId), reason('firmwareRequestEnded'), q);
    await this.ledger.cancelUnsent(fotaQueryKey(requestId), reason('firmwareRequestEnded'), q);
  }
}
