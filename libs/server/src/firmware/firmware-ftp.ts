import { posix } from 'node:path';
import { Injectable } from '@nestjs/common';
import { Client, FTPError } from 'basic-ftp';
import { ErrorCode, fieldError } from '@tracker/contract';
import { AppConfig } from '../core/config.js';
import { DomainError } from '../core/errors.js';
import type { FtpServerRow } from './firmware.repository.js';

/** A failure of the FTP server, for the caller: 502 naming ftp_id, with the server's words. */
function ftpFailure(err: unknown): DomainError {
  if (err instanceof DomainError) return err;
  const e = err as Error & { code?: number | string };
  const detail = (e.message || String(err)).slice(0, 200);
  // an answer of the server (4xx/5xx: login refused, no permission, disk full) or no answer at all
  const refused = err instanceof FTPError || typeof e.code === 'number';
  return new DomainError(ErrorCode.FtpUnavailable, [fieldError('ftp_id', refused ? 'firmwareFtpRefused' : 'firmwareFtpUnavailable', { detail })]);
}

/**
 * Firmware binaries on FTP servers (basic-ftp, passive mode): a file streamed from disk to the server, checked by
 * its size there, and removed again when anything went wrong, so a server never keeps half a binary.
 */
@Injectable()
export class FirmwareFtp {
  constructor(private readonly config: AppConfig) {}

  private async connect(s: FtpServerRow): Promise<Client> {
    const c = new Client(this.config.get('FIRMWARE_FTP_TIMEOUT_MS'));
    try {
      await c.access({ host: s.host, port: s.port, user: s.username ?? 'anonymous', password: s.password ?? '', secure: false });
      return c;
    } catch (e) {
      c.close();
      throw ftpFailure(e);
    }
  }

  /** Streams `localPath` to `remotePath`; the remote size must equal `size`. Throws a coded 502 otherwise. */
  async upload(s: FtpServerRow, localPath: string, remotePath: string, size: number): Promise<void> {
    const c = await this.connect(s);
    try {
      await c.ensureDir(posix.dirname(remotePath));
      await c.uploadFrom(localPath, remotePath);
      const got = await c.size(remotePath);
      if (got !== size) {
        await c.remove(remotePath).catch(() => undefined);
        throw new DomainError(ErrorCode.FtpUnavailable, [fieldError('ftp_id', 'firmwareUploadIncomplete', { got, expected: size })]);
      }
    } catch (e) {
      c.close();
      await this.remove(s, remotePath);
      throw ftpFailure(e);
    } finally {
      c.close();
    }
  }

  /** Removes a file if the server lets us (a fresh connection: the failed one may be dead); never throws. */
  async remove(s: FtpServerRow, remotePath: string): Promise<boolean> {
    try {
      const c = await this.connect(s);
      try {
        await c.remove(remotePath);
        return true;
      } finally {
        c.close();
      }
    } catch {
      return false;
    }
  }
}
