import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually, key, useWorld } from './test/harness.js';

const FROM = '+15005550006';
const ctx = useWorld();

/** A file on fleet-sim's FTP server, and the FOTA command that names it. */
function binary(size = 20_000) {
  const bytes = randomBytes(size);
  const name = `${randomBytes(4).toString('hex')}.bin`;
  mkdirSync(join(ctx.w.sim.ftp.root, 'firmware'), { recursive: true });
  writeFileSync(join(ctx.w.sim.ftp.root, 'firmware', name), bytes);
  const { port, user, password } = ctx.w.sim.ftp;
  const sha = createHash('sha256').update(bytes).digest('hex');
  return (req: number, o: { path?: string; sha?: string; user?: string; password?: string } = {}) =>
    `FOTA,${req},W9.1.0,127.0.0.1:${port},${o.user ?? user},${o.password ?? password},${o.path ?? `/firmware/${name}`},${size},${o.sha ?? sha}#`;
}

/** Sends a FOTA command to the watch; answers the bodies of the watch's messages once it sent `n`. */
async function update(body: string, n = 2) {
  const m = await ctx.w.gateway.send({ to: ctx.watch.number, from: FROM, body, statusCallback: ctx.w.statusUrl, idempotencyKey: key() });
  const replies = await eventually(() => {
    const r = ctx.w.sim.control.messages(ctx.watch.number).find((x) => x.sid === m.sid)?.replies ?? [];
    return r.length >= n && r.every((x) => x.answered) ? r : null;
  }, { what: `${n} reports to ${body}` });
  return replies.map((r) => r.body);
}

describe('a watch updating its firmware from the FTP server', () => {
  it('reports downloading, downloads and checks the file, then reports the new version', async () => {
    const cmd = binary();
    expect(await update(cmd(7))).toEqual(['FOTA:DOWNLOADING,7', 'FOTA:OK,7,W9.1.0']);
    expect(ctx.w.sim.control.firmware().OK).toBeGreaterThanOrEqual(1);
  });

  it('downloads with the read-only download login the FOTA command carries', async () => {
    const cmd = binary();
    const { downloadUser, downloadPassword } = ctx.w.sim.ftp;
    expect(downloadUser).not.toBe(ctx.w.sim.ftp.user);
    expect(await update(cmd(14, { user: downloadUser, password: downloadPassword }))).toEqual(['FOTA:DOWNLOADING,14', 'FOTA:OK,14,W9.1.0']);
    expect(await update(cmd(15, { user: downloadUser, password: 'wrong' }))).toEqual(['FOTA:DOWNLOADING,15', 'FOTA:ERR,15,FTP_LOGIN']);
  });

  it('reports what went wrong: checksum, missing file, refused login, a damaged download, a command it cannot read', async () => {
    const cmd = binary();
    expect(await update(cmd(8, { sha: '0'.repeat(64) }))).toEqual(['FOTA:DOWNLOADING,8', 'FOTA:ERR,8,CHECKSUM']);
    expect(await update(cmd(9, { path: '/firmware/none.bin' }))).toEqual(['FOTA:DOWNLOADING,9', 'FOTA:ERR,9,FTP_NOT_FOUND']);
    expect(await update(cmd(10, { password: 'wrong' }))).toEqual(['FOTA:DOWNLOADING,10', 'FOTA:ERR,10,FTP_LOGIN']);
    ctx.w.sim.control.configure({ fotaCorruptRate: 1 });
    try {
      expect(await update(cmd(11))).toEqual(['FOTA:DOWNLOADING,11', 'FOTA:ERR,11,CHECKSUM']);
    } finally {
      ctx.w.sim.control.configure({ fotaCorruptRate: 0 });
    }
    expect(await update('FOTA,12,garbage#', 1)).toEqual(['FOTA:ERR,12,BAD_COMMAND']);
  });

  it('says its latest report again when asked (FOTA?), even one lost on the way', async () => {
    const cmd = binary();
    ctx.w.sim.control.configure({ fotaReportLossRate: 1 });
    try {
      expect(await update(cmd(13), 1)).toEqual(['FOTA:DOWNLOADING,13']);
      await eventually(() => (ctx.w.sim.control.firmware().OK ?? 0) >= 1, { what: 'the download' });
    } finally {
      ctx.w.sim.control.configure({ fotaReportLossRate: 0 });
    }
    expect(await update('FOTA?,13#', 1)).toEqual(['FOTA:OK,13,W9.1.0']);
    expect(await update('FOTA?,99#', 1)).toEqual(['FOTA:ERR,99,NO_COMMAND']);
  });
});
