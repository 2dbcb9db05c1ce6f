import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { Client, FTPError } from 'basic-ftp';
import type { Knobs } from './knobs.js';

/**
 * A watch's firmware update (docs/fleet-sim.md "Firmware"): the FOTA command
 * `FOTA,<request>,<version>,<host>:<port>,<user>,<password>,<path>,<size>,<sha256>#` makes the watch answer
 * `FOTA:DOWNLOADING,<request>`, log into the FTP server, download the file and check its size and sha256, then answer
 * `FOTA:OK,<request>,<version>` or `FOTA:ERR,<request>,<reason>` (FTP_LOGIN, FTP_NOT_FOUND, FTP_UNREACHABLE, SIZE,
 * CHECKSUM, BAD_COMMAND). `FOTA?,<request>#` asks for the watch's latest report again (`FOTA:ERR,<request>,NO_COMMAND`
 * when it never got that request's command). Knobs: fotaCorruptRate (the bytes arrive damaged: CHECKSUM),
 * fotaStallRate (the watch says downloading and then nothing), fotaReportLossRate (the final report is lost on the
 * way; the watch still knows it and says it again when asked).
 */
export const FOTA_QUERY = /^FOTA\?,(\d{1,9})#$/;
export const FOTA_COMMAND = /^FOTA,(\d{1,9}),([A-Za-z0-9._-]{1,50}),([^,:]+):(\d{1,5}),([^,]*),([^,]*),([^,]+),(\d{1,12}),([0-9a-f]{64})#$/;

/** Downloads at once across every watch (each one an FTP session: a control and a data connection). */
const PARALLEL = 16;

export class FirmwareWatches {
  private active = 0;
  private readonly queue: (() => void)[] = [];
  /** downloads done, by outcome (GET /control/firmware) */
  readonly counts = new Map<string, number>();
  /** each watch's latest report per request, by `<number>:<request>` */
  private readonly reports = new Map<string, string>();

  constructor(
    private readonly knobs: () => Knobs,
    private readonly log: (line: string) => void,
  ) {}

  handles(text: string): boolean {
    return text.startsWith('FOTA,') || text.startsWith('FOTA?,');
  }

  /**
   * The whole update of the watch at `number`: `say` posts a message from the watch; `wait` is a latency (false:
   * fleet-sim closing).
   */
  async run(text: string, number: string, say: (body: string) => Promise<unknown>, wait: () => Promise<boolean>): Promise<void> {
    const asked = FOTA_QUERY.exec(text);
    if (asked) {
      await say(this.reports.get(`${number}:${asked[1]}`) ?? `FOTA:ERR,${asked[1]},NO_COMMAND`);
      return;
    }
    const m = FOTA_COMMAND.exec(text);
    if (!m) {
      const req = /^FOTA,(\d{1,9}),/.exec(text)?.[1] ?? '0';
      await say(`FOTA:ERR,${req},BAD_COMMAND`);
      return;
    }
    const [, req, version, host, port, user, password, path, size, sha256] = m as unknown as string[];
    const report = (body: string) => this.reports.set(`${number}:${req}`, body);
    report(`FOTA:DOWNLOADING,${req}`);
    await say(`FOTA:DOWNLOADING,${req}`);
    const k = this.knobs();
    if (Math.random() < k.fotaStallRate) return;
    const outcome = await this.slot(() => this.download({ host: host!, port: Number(port), user: user!, password: password!, path: path! }, Number(size), sha256!, Math.random() < k.fotaCorruptRate));
    this.counts.set(outcome, (this.counts.get(outcome) ?? 0) + 1);
    const final = outcome === 'OK' ? `FOTA:OK,${req},${version}` : `FOTA:ERR,${req},${outcome}`;
    report(final);
    if (!(await wait()) || Math.random() < this.knobs().fotaReportLossRate) return;
    await say(final);
  }

  private async slot<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= PARALLEL) await new Promise<void>((r) => this.queue.push(r));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.queue.shift()?.();
    }
  }

  /** 'OK' or the reason the watch reports */
  private async download(at: { host: string; port: number; user: string; password: string; path: string }, size: number, sha256: string, corrupt: boolean): Promise<string> {
    const c = new Client(20_000);
    const hash = createHash('sha256');
    let got = 0;
    try {
      await c.access({ host: at.host, port: at.port, user: at.user, password: at.password, secure: false });
    } catch (e) {
      return e instanceof FTPError && e.code === 530 ? 'FTP_LOGIN' : 'FTP_UNREACHABLE';
    }
    try {
      await c.downloadTo(
        new Writable({
          write(chunk: Buffer, _enc, next) {
            // a damaged transfer: one byte flipped in the first chunk
            if (corrupt && got === 0 && chunk.length) chunk = Buffer.concat([Buffer.from([chunk[0]! ^ 0xff]), chunk.subarray(1)]);
            hash.update(chunk);
            got += chunk.length;
            next();
          },
        }),
        at.path,
      );
    } catch (e) {
      this.log(`watch download of ${at.path} failed: ${(e as Error).message}`);
      return e instanceof FTPError && e.code >= 500 ? 'FTP_NOT_FOUND' : 'FTP_UNREACHABLE';
    } finally {
      c.close();
    }
    if (got !== size) return 'SIZE';
    return hash.digest('hex') === sha256 ? 'OK' : 'CHECKSUM';
  }

  reset(): void {
    this.counts.clear();
    this.reports.clear();
  }
}
