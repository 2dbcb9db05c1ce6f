import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devUser, startApi, type TestApi } from './harness.js';

/**
 * Runs real requests that carry secrets (passwords, codes, tokens, reset ids, a search for a person) with the api's
 * log going to a file, then reads the log: none of those values may appear in it. A token is accepted from the
 * Authorization header only.
 */
let api: TestApi;
let dir: string;
let logFile: string;
const secrets = new Set<string>();
const remember = <T extends string>(s: T): T => (secrets.add(s), s);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'log-leaks-'));
  logFile = join(dir, 'api.log');
  api = await startApi({ LOG_LEVEL: 'debug', LOG_FILE: logFile });
});
afterAll(async () => {
  await api?.close();
  // the next api started by this worker logs as configured by its own test again
  delete process.env.LOG_FILE;
  rmSync(dir, { recursive: true, force: true });
});

const readLog = () => readFileSync(logFile, 'utf8');

describe('bearer token', () => {
  it('is taken from the Authorization header only, never from the query string or the body', async () => {
    const token = remember(await api.signIn('admin'));
    expect((await api.get('/local/role', token)).status).toBe(200);
    const inQuery = await api.get(`/local/role?access_token=${encodeURIComponent(token)}`);
    expect(inQuery.status).toBe(401);
    const inBody = await api.call('POST', '/logout', { body: { access_token: token } });
    expect(inBody.status).toBe(401);
    // the session is still alive: the body token did not log anyone out
    expect((await api.get('/local/role', token)).status).toBe(200);
  });
});

describe('the log of a run', () => {
  it('holds no password, code, token, reset id or searched name', async () => {
    const admin = devUser('admin');
    remember(admin.password);
    // sign-in steps, right and wrong
    await api.post('/login', { username: 'admin', password: admin.password });
    await api.post('/login', { username: 'admin', password: remember('Wrong-pass-77') });
    const code = remember(await api.codeFor(admin));
    const signed = await api.post('/token', { username: 'admin', password: admin.password, code });
    expect(signed.status).toBe(200);
    const token = remember(signed.body.model.token as string);
    await api.post('/token', { username: 'admin', password: admin.password, code: remember('123987') });

    // a password change (own session) and its failure
    const changer = devUser('partnera-manager');
    remember(changer.password);
    const changerToken = remember(await api.signIn(changer.username));
    const newPassword = remember('Fresh-pass-4321');
    await api.call('POST', '/password', {
      token: changerToken,
      body: { username: changer.username, current: remember('Not-current-1'), password: newPassword, repeat: newPassword },
    });
    expect(
      (
        await api.call('POST', '/password', {
          token: changerToken,
          body: { username: changer.username, current: changer.password, password: newPassword, repeat: newPassword },
        })
      ).status,
    ).toBe(200);

    // a reset link: checked, used, checked again
    const uuid = remember(randomUUID());
    await api.pool.query(
      `insert into password_reset (uuid, user_id, expires_at) select $1, id, now() + interval '1 hour' from backoffice_user where username = 'nologin'`,
      [uuid],
    );
    expect((await api.get(`/backoffice/forgotpassword/${uuid}`)).status).toBe(200);
    const resetPassword = remember('Reset-pass-2468');
    expect((await api.post(`/backoffice/forgotpassword/${uuid}`, { uuid, password: resetPassword, repeat: resetPassword })).status).toBe(200);
    expect((await api.get(`/backoffice/forgotpassword/${uuid}`)).status).toBe(400);

    // a token where it does not belong, a search for a person, an unknown route with an id in it
    await api.get(`/local/role?access_token=${token}`);
    const name = remember('Zyxwvutsrq');
    expect((await api.get(`/device/search?query=${name}&filter=user_name`, token)).status).toBe(200);
    await api.get(`/no/such/route/${remember(randomUUID())}?token=${token}`, token);

    // a 500: the reset table is gone, so the reset link check fails inside the server
    await api.pool.query('alter table password_reset rename to password_reset_gone');
    const brokenUuid = remember(randomUUID());
    const broken = await api.get(`/backoffice/forgotpassword/${brokenUuid}?access_token=${token}`, token);
    await api.pool.query('alter table password_reset_gone rename to password_reset');
    expect(broken.status).toBe(500);

    const log = readLog();
    // the log did capture the run (else this test could not fail)
    expect(log).toContain('unhandled error');
    expect(log.split('\n').length).toBeGreaterThan(10);
    for (const secret of secrets) expect(log, `the log holds ${secret}`).not.toContain(secret);
    expect(log).not.toContain('access_token');
    // and says which route was called
    expect(log).toContain('"route":"/api/backoffice/forgotpassword/:uuid"');
    expect(log).toContain('"route":"/api/device/search"');
  });
});

describe('database errors', () => {
  it("log the SQLSTATE and constraint of a unique violation, never its detail with the submitted value", async () => {
    const { createLogger } = await import('@tracker/server');
    const lines: string[] = [];
    const log = createLogger('debug', 'api', undefined, { write: (s: string) => void lines.push(s) });
    const code = (await api.pool.query<{ code: string }>('SELECT code FROM country ORDER BY code LIMIT 1')).rows[0]!.code;
    const err = await api.pool
      .query('INSERT INTO country (code, name, phone_code) SELECT code, name, phone_code FROM country WHERE code = $1', [code])
      .then(() => null, (e: unknown) => e as Error & { detail?: string; constraint?: string });
    expect(err?.detail).toContain(`=(${code})`);
    log.error({ err }, 'unhandled error');
    const fk = await api.pool
      .query("UPDATE owner SET country_code = 'Q7' WHERE id = (SELECT min(id) FROM owner)")
      .then(() => null, (e: unknown) => e as Error & { detail?: string });
    expect(fk?.detail).toContain('(Q7)');
    log.error({ err: fk }, 'unhandled error');
    const out = lines.join('');
    expect(out).toContain('"sqlstate":"23505"');
    expect(out).toContain(err!.constraint!);
    expect(out).not.toContain(`(${code})`);
    expect(out).not.toContain('Q7');
  });
});
