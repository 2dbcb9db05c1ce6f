import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { Client, FTPError } from 'basic-ftp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFtp, type StartedFtp } from './ftp.js';
import { DEFAULT_KNOBS, type Knobs } from './knobs.js';

let ftp: StartedFtp;
let knobs: Knobs = DEFAULT_KNOBS;
const clients: Client[] = [];

beforeAll(async () => {
  ftp = await startFtp({ host: '127.0.0.1', port: 0, knobs: () => knobs, log: () => undefined });
});
afterAll(async () => {
  for (const c of clients) c.close();
  await ftp?.close();
});
beforeEach(() => {
  knobs = DEFAULT_KNOBS;
});

/** a basic-ftp client logged in as `user` (the api's and the watches' FTP client) */
async function login(user: string, password: string): Promise<Client> {
  const c = new Client(10_000);
  clients.push(c);
  await c.access({ host: '127.0.0.1', port: ftp.port, user, password, secure: false });
  return c;
}

/** a file on the server, written beside it (as a firmware upload would have left it) */
function file(size = 5000): { name: string; path: string; bytes: Buffer } {
  const bytes = randomBytes(size);
  const name = `${randomBytes(4).toString('hex')}.bin`;
  mkdirSync(join(ftp.root, 'firmware'), { recursive: true });
  writeFileSync(join(ftp.root, 'firmware', name), bytes);
  return { name, path: `/firmware/${name}`, bytes };
}

async function download(c: Client, path: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await c.downloadTo(
    new Writable({
      write(chunk: Buffer, _enc, next) {
        chunks.push(chunk);
        next();
      },
    }),
    path,
  );
  return Buffer.concat(chunks);
}

/** the FTP reply code a refused request got */
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof FTPError ? e.code : String(e)));

describe('the firmware FTP server: an upload login and a read-only download login', () => {
  it('has the documented logins by default', () => {
    expect(ftp).toMatchObject({ user: 'firmware', password: 'firmware-dev', downloadUser: 'firmware-dl', downloadPassword: 'firmware-dl-dev' });
  });

  it('lets the download login list, size and download a file', async () => {
    const f = file();
    const c = await login(ftp.downloadUser, ftp.downloadPassword);
    expect((await c.list('/firmware')).map((e) => e.name)).toContain(f.name);
    expect(await c.size(f.path)).toBe(f.bytes.length);
    expect((await download(c, f.path)).equals(f.bytes)).toBe(true);
  });

  it('refuses every write of the download login with a 5xx reply and leaves the files as they were', async () => {
    const f = file();
    const c = await login(ftp.downloadUser, ftp.downloadPassword);
    const stor = await refusal(c.uploadFrom(Readable.from([Buffer.from('overwritten')]), f.path));
    expect(stor).toBeGreaterThanOrEqual(500);
    expect(await refusal(c.uploadFrom(Readable.from([Buffer.from('new')]), '/firmware/new.bin'))).toBeGreaterThanOrEqual(500);
    expect(await refusal(c.appendFrom(Readable.from([Buffer.from('more')]), f.path))).toBeGreaterThanOrEqual(500);
    expect(await refusal(c.remove(f.path))).toBeGreaterThanOrEqual(500);
    expect(await refusal(c.send('MKD /firmware/sub'))).toBeGreaterThanOrEqual(500);
    expect(await refusal(c.send('RMD /firmware'))).toBeGreaterThanOrEqual(500);
    expect(await refusal(c.send(`RNFR ${f.path}`))).toBeGreaterThanOrEqual(500);
    expect(await refusal(c.send('RNTO /firmware/renamed.bin'))).toBeGreaterThanOrEqual(500);
    expect(await refusal(c.send(`SITE CHMOD 777 ${f.path}`))).toBeGreaterThanOrEqual(500);
    // still logged in, and nothing changed
    expect((await download(c, f.path)).equals(f.bytes)).toBe(true);
    expect(readFileSync(join(ftp.root, 'firmware', f.name)).equals(f.bytes)).toBe(true);
    expect(existsSync(join(ftp.root, 'firmware', 'new.bin'))).toBe(false);
    expect(existsSync(join(ftp.root, 'firmware', 'sub'))).toBe(false);
    expect(existsSync(join(ftp.root, 'firmware', 'renamed.bin'))).toBe(false);
  });

  it('keeps full rights for the upload login: it uploads, makes folders and deletes', async () => {
    const c = await login(ftp.user, ftp.password);
    const bytes = randomBytes(3000);
    await c.ensureDir('/firmware/uploads');
    await c.uploadFrom(Readable.from([bytes]), '/firmware/uploads/up.bin');
    expect(readFileSync(join(ftp.root, 'firmware', 'uploads', 'up.bin')).equals(bytes)).toBe(true);
    // what the upload login wrote, the download login reads
    const d = await login(ftp.downloadUser, ftp.downloadPassword);
    expect((await download(d, '/firmware/uploads/up.bin')).equals(bytes)).toBe(true);
    await c.remove('/firmware/uploads/up.bin');
    expect(existsSync(join(ftp.root, 'firmware', 'uploads', 'up.bin'))).toBe(false);
  });

  it('refuses a wrong password of either login, and both logins under ftpRefuseLogin (530)', async () => {
    expect(await refusal(login(ftp.downloadUser, ftp.password))).toBe(530);
    expect(await refusal(login(ftp.user, ftp.downloadPassword))).toBe(530);
    knobs = { ...DEFAULT_KNOBS, ftpRefuseLogin: true };
    expect(await refusal(login(ftp.user, ftp.password))).toBe(530);
    expect(await refusal(login(ftp.downloadUser, ftp.downloadPassword))).toBe(530);
  });
});

describe('startFtp with logins of its own', () => {
  it('takes the upload and download logins from its options', async () => {
    const own = await startFtp({ host: '127.0.0.1', port: 0, user: 'up', password: 'up-pw', downloadUser: 'down', downloadPassword: 'down-pw', knobs: () => DEFAULT_KNOBS, log: () => undefined });
    try {
      expect(own).toMatchObject({ user: 'up', password: 'up-pw', downloadUser: 'down', downloadPassword: 'down-pw' });
      const c = new Client(10_000);
      clients.push(c);
      await c.access({ host: '127.0.0.1', port: own.port, user: 'down', password: 'down-pw', secure: false });
      expect(await refusal(c.send('MKD /x'))).toBeGreaterThanOrEqual(500);
    } finally {
      await own.close();
    }
  });
});
