import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { FileSystem, FtpSrv, type FtpConnection } from 'ftp-srv';
import type { Knobs } from './knobs.js';

/** The firmware FTP server's upload login, full rights (the seed's ftp_server row 1 holds the same, docs/fleet-sim.md "FTP"). */
export const DEFAULT_FTP_USER = 'firmware';
export const DEFAULT_FTP_PASSWORD = 'firmware-dev';
/** Its download login: list and read only (what a FOTA command hands the watches). */
export const DEFAULT_FTP_DOWNLOAD_USER = 'firmware-dl';
export const DEFAULT_FTP_DOWNLOAD_PASSWORD = 'firmware-dl-dev';

/** What the download login may not do: every command that writes (each refused with 502 before it runs). */
export const FTP_WRITE_COMMANDS = ['STOR', 'APPE', 'STOU', 'DELE', 'MKD', 'XMKD', 'RMD', 'XRMD', 'RNFR', 'RNTO', 'SITE'];

export interface FtpOptions {
  host: string;
  /** 0: a free port */
  port: number;
  /** the folder it serves; default a fresh temporary folder, removed on close */
  root?: string;
  /** the upload login (full rights) */
  user?: string;
  password?: string;
  /** the download login (list and read only) */
  downloadUser?: string;
  downloadPassword?: string;
  knobs: () => Knobs;
  log: (line: string) => void;
}

export interface StartedFtp {
  port: number;
  root: string;
  /** the upload login */
  user: string;
  password: string;
  /** the download login (read-only) */
  downloadUser: string;
  downloadPassword: string;
  close(): Promise<void>;
}

const noop = () => undefined;
/** ftp-srv logs through a bunyan-like logger; fleet-sim keeps quiet */
const quiet = { child: () => quiet, trace: noop, debug: noop, info: noop, warn: noop, error: noop, fatal: noop };

/** A file system whose uploads keep only the first `truncateAt` bytes (the knob ftpTruncateUploadAt): a server that lost part of a file. */
class SimFileSystem extends FileSystem {
  constructor(connection: FtpConnection, opts: { root: string; cwd: string }, private readonly truncateAt: () => number) {
    super(connection, opts);
  }

  override write(fileName: string, opts: { append?: boolean; start?: unknown } = {}) {
    const limit = this.truncateAt();
    const written = super.write(fileName, opts) as { stream: Writable & { path?: string }; clientPath: string };
    if (!limit) return written;
    const file = written.stream;
    let kept = 0;
    const stream = new Writable({
      write(chunk: Buffer, _enc, next) {
        const room = Math.max(0, limit - kept);
        kept += chunk.length;
        if (room === 0) return next();
        file.write(room >= chunk.length ? chunk : chunk.subarray(0, room), next);
      },
      final(done) {
        file.end(done);
      },
    });
    return { stream, clientPath: written.clientPath };
  }
}

/** The download login's file system: reads as the server's, refuses every write (a second guard behind the command blacklist). */
class ReadOnlyFileSystem extends FileSystem {
  private refuse(): never {
    throw new Error('Permission denied: read-only login');
  }
  override write(): never {
    return this.refuse();
  }
  override delete(): never {
    return this.refuse();
  }
  override mkdir(): never {
    return this.refuse();
  }
  override rename(): never {
    return this.refuse();
  }
  override chmod(): never {
    return this.refuse();
  }
}

/**
 * fleet-sim's FTP server (ftp-srv, in-process, loopback only, passive ports on the same host): the api uploads
 * firmware binaries to it with basic-ftp and the simulated watches download them from it. Two logins: the upload
 * login (full rights) and the download login (LIST, SIZE, RETR, ...; every write refused with a 5xx reply); the knob
 * `ftpRefuseLogin` refuses both (530), `ftpTruncateUploadAt` keeps only the first bytes of an upload.
 */
export async function startFtp(o: FtpOptions): Promise<StartedFtp> {
  const own = !o.root;
  const root = o.root ?? mkdtempSync(join(tmpdir(), 'fleet-sim-ftp-'));
  mkdirSync(root, { recursive: true });
  const user = o.user ?? DEFAULT_FTP_USER;
  const password = o.password ?? DEFAULT_FTP_PASSWORD;
  const downloadUser = o.downloadUser ?? DEFAULT_FTP_DOWNLOAD_USER;
  const downloadPassword = o.downloadPassword ?? DEFAULT_FTP_DOWNLOAD_PASSWORD;
  const srv = new FtpSrv({
    url: `ftp://${o.host}:${o.port}`,
    pasv_url: o.host,
    pasv_min: 20000,
    pasv_max: 29999,
    anonymous: false,
    greeting: 'fleet-sim firmware FTP',
    log: quiet,
    timeout: 60_000,
  });
  srv.on('login', ({ connection, username, password: pw }, resolve, reject) => {
    if (o.knobs().ftpRefuseLogin) return reject(new Error('Login incorrect'));
    if (username === user && pw === password) return resolve({ fs: new SimFileSystem(connection, { root, cwd: '/' }, () => o.knobs().ftpTruncateUploadAt) });
    if (username === downloadUser && pw === downloadPassword) return resolve({ fs: new ReadOnlyFileSystem(connection, { root, cwd: '/' }), blacklist: FTP_WRITE_COMMANDS });
    reject(new Error('Login incorrect'));
  });
  srv.on('client-error', ({ error }) => o.log(`ftp client error: ${(error as Error).message}`));
  await srv.listen();
  const port = ((srv as unknown as { server: { address(): AddressInfo } }).server.address()).port;
  return {
    port,
    root,
    user,
    password,
    downloadUser,
    downloadPassword,
    async close() {
      await srv.close().catch(noop);
      if (own) rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A file the FTP server holds (tests: what an upload left behind), or null. */
export function ftpFilePath(root: string, remotePath: string): string {
  return join(root, ...remotePath.split('/').filter(Boolean));
}

