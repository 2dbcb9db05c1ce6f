import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponse, roleResponse, tokenResponse } from '@tracker/contract';
import { devUser, startApi, type TestApi } from './harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ THROTTLE_PAIR_MAX: '4', THROTTLE_ACCOUNT_MAX: '100', THROTTLE_IP_MAX: '1000' });
});
afterAll(() => api?.close());

describe('password step', () => {
  it('answers passwordChangeRequired and no enrollment for an enrolled user', async () => {
    const u = devUser('admin');
    const r = await api.post('/login', { username: 'admin', password: u.password });
    expect(r.status).toBe(200);
    const body = loginResponse.parse(r.body);
    expect(body.model).toEqual({ passwordChangeRequired: false });
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const wrong = await api.post('/login', { username: 'manager', password: 'nope-nope-1' });
    const unknown = await api.post('/login', { username: 'nobody-here', password: 'nope-nope-1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    // the same answer but for the request id every error body carries (docs/operations.md)
    const { request_id: _a, ...wrongBody } = wrong.body;
    const { request_id: _b, ...unknownBody } = unknown.body;
    expect(wrongBody).toEqual(unknownBody);
    expect(wrong.body.error).toBe('Wrong username or password.');
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('answers in the request language', async () => {
    const r = await api.call('POST', '/login', {
      body: { username: 'manager', password: 'nope-nope-2' },
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
    });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('Benutzername oder Passwort ist falsch.');
  });

  it('rejects malformed bodies with 400 and field errors', async () => {
    const r = await api.post('/login', { username: '' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION_FAILED');
    expect(r.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['password', 'username']);
    const bad = await api.call('POST', '/login', { raw: '{"username": ' });
    expect(bad.status).toBe(400);
  });

  it('refuses calls without the request-origin header', async () => {
    const r = await api.call('POST', '/login', { body: { username: 'admin', password: 'x' }, noOrigin: true });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('MISSING_REQUEST_ORIGIN');
  });
});

describe('code step and session', () => {
  it('issues a session for the right code and refuses a wrong one', async () => {
    const u = devUser('tier1');
    const wrong = await api.post('/token', { username: u.username, password: u.password, code: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('INVALID_CODE');
    const ok = await api.post('/token', { username: u.username, password: u.password, code: await api.codeFor(u) });
    expect(ok.status).toBe(200);
    const model = tokenResponse.parse(ok.body).model;
    expect(model.role).toBe(9);
    expect(new Date(model.expDate).getTime()).toBeGreaterThan(Date.now());
    const role = await api.get('/local/role', model.token);
    expect(role.status).toBe(200);
    expect(roleResponse.parse(role.body).model.username).toBe('tier1');
  });

  it('refuses a replayed code', async () => {
    const u = devUser('manager');
    const code = await api.codeFor(u);
    const first = await api.post('/token', { username: u.username, password: u.password, code });
    expect(first.status).toBe(200);
    const replay = await api.post('/token', { username: u.username, password: u.password, code });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('INVALID_CODE');
  });

  it('needs the password again at the code step', async () => {
    const u = devUser('admin');
    const r = await api.post('/token', { username: u.username, password: 'wrong-pass-1', code: await api.codeFor(u) });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('answers 401 without a token and with a garbage token', async () => {
    expect((await api.get('/local/role')).status).toBe(401);
    const r = await api.get('/local/role', 'garbage');
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('UNAUTHENTICATED');
  });

  it('revokes the session on logout', async () => {
    const token = await api.signIn('admin');
    expect((await api.get('/local/role', token)).status).toBe(200);
    expect((await api.call('POST', '/logout', { token })).status).toBe(200);
    const after = await api.get('/local/role', token);
    expect(after.status).toBe(401);
  });

  it('refuses an expired session with SESSION_EXPIRED', async () => {
    const token = await api.signIn('admin');
    await api.pool.query(
      `update backoffice_session set exp_date = now() - interval '1 second' where revoked_at is null and user_id = (select id from backoffice_user where username = 'admin')`,
    );
    const r = await api.get('/local/role', token);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('SESSION_EXPIRED');
  });

  it('ends sessions when the user is disabled', async () => {
    const token = await api.signIn('partnerb-tier1');
    await api.pool.query(`update backoffice_user set enabled = false where username = 'partnerb-tier1'`);
    expect((await api.get('/local/role', token)).status).toBe(401);
    const u = devUser('partnerb-tier1');
    const login = await api.post('/login', { username: u.username, password: u.password });
    expect(login.status).toBe(401);
    await api.pool.query(`update backoffice_user set enabled = true where username = 'partnerb-tier1'`);
  });

  it('never stores the token itself', async () => {
    const token = await api.signIn('admin');
    const r = await api.pool.query('select count(*)::int as n from backoffice_session where token_hash = $1', [token]);
    expect(r.rows[0].n).toBe(0);
  });

  it('keeps secrets out of the audit trail', async () => {
    const token = await api.signIn('partnera-tier1');
    const r = await api.pool.query(
      `select before::text as b, after::text as a from audit_event where actor_name = 'partnera-tier1' and action = 'POST /token'`,
    );
    expect(r.rowCount).toBeGreaterThan(0);
    for (const row of r.rows) {
      expect(row.b).not.toContain(devUser('partnera-tier1').password);
      expect(row.b).toContain('[redacted]');
      expect(row.a ?? '').not.toContain(token);
    }
  });
});

describe('first sign-in enrollment', () => {
  it('offers a secret, accepts a code from it, then stops offering', async () => {
    const u = devUser('enroll');
    const login = await api.post('/login', { username: u.username, password: u.password });
    expect(login.status).toBe(200);
    const enrollment = loginResponse.parse(login.body).model.enrollment!;
    expect(enrollment.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    const again = await api.post('/login', { username: u.username, password: u.password });
    expect(again.body.model.enrollment.secret).toBe(enrollment.secret);
    const code = await generate({ secret: enrollment.secret });
    const token = await api.post('/token', { username: u.username, password: u.password, code });
    expect(token.status).toBe(200);
    const after = await api.post('/login', { username: u.username, password: u.password });
    expect(after.body.model.enrollment).toBeUndefined();
  });
});

describe('password change', () => {
  it('requires a change before the code step, validates, and then lets the user in', async () => {
    const u = devUser('changeme');
    const login = await api.post('/login', { username: u.username, password: u.password });
    expect(login.body.model.passwordChangeRequired).toBe(true);
    const token = await api.post('/token', { username: u.username, password: u.password, code: '123456' });
    expect(token.status).toBe(403);
    expect(token.body.code).toBe('PASSWORD_CHANGE_REQUIRED');

    const short = await api.post('/password', { username: u.username, current: u.password, password: 'short', repeat: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Password must be between 8 and 20 characters long');
    expect(short.body.errors).toEqual([{ field: 'password', code: 'PASSWORD_LENGTH', message: 'Password must be between 8 and 20 characters long' }]);
    const mismatch = await api.post('/password', { username: u.username, current: u.password, password: 'Longer-pass-1', repeat: 'Longer-pass-2' });
    expect(mismatch.body.error).toBe('Password dont match!');
    const wrongCurrent = await api.post('/password', { username: u.username, current: 'not-it-123', password: 'Longer-pass-1', repeat: 'Longer-pass-1' });
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body.code).toBe('CURRENT_PASSWORD_WRONG');

    const ok = await api.post('/password', { username: u.username, current: u.password, password: 'Longer-pass-1', repeat: 'Longer-pass-1' });
    expect(ok.status).toBe(200);
    const relogin = await api.post('/login', { username: u.username, password: 'Longer-pass-1' });
    expect(relogin.body.model.passwordChangeRequired).toBe(false);
  });

  it('revokes existing sessions when the password changes', async () => {
    const u = devUser('partnerb-manager');
    const token = await api.signIn(u.username);
    const body = { username: u.username, current: u.password, password: 'Another-pass-9', repeat: 'Another-pass-9' };
    const r = await api.call('POST', '/password', { body, token });
    expect(r.status).toBe(200);
    expect((await api.get('/local/role', token)).status).toBe(401);
  });

  it('without a session changes only the password of an account that must change it', async () => {
    // a stolen password alone must not change the password (and end the owner's sessions)
    const u = devUser('partnera-manager');
    const token = await api.signIn(u.username);
    const body = { username: u.username, current: u.password, password: 'Stolen-pass-99', repeat: 'Stolen-pass-99' };
    const r = await api.post('/password', body);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('PASSWORD_CHANGE_NEEDS_SESSION');
    expect((await api.get('/local/role', token)).status).toBe(200);
    // the old password still works
    expect((await api.post('/login', { username: u.username, password: u.password })).status).toBe(200);
  });

  it("from a session changes only the session's own password", async () => {
    const other = devUser('partnerb-tier1');
    const token = await api.signIn('tier1');
    const body = { username: other.username, current: other.password, password: 'Hijack-pass-99', repeat: 'Hijack-pass-99' };
    const r = await api.call('POST', '/password', { body, token });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('PASSWORD_CHANGE_OWN_ONLY');
    expect(r.body.errors).toEqual([{ field: 'username', code: 'PASSWORD_CHANGE_OWN_ONLY', message: 'You can change only your own password.' }]);
    expect((await api.post('/login', { username: other.username, password: other.password })).status).toBe(200);
  });

  it('counts length in characters (code points) and refuses whitespace-only passwords', async () => {
    const u = devUser('tier1');
    const token = await api.signIn(u.username);
    const change = (password: string) =>
      api.call('POST', '/password', { token, body: { username: u.username, current: u.password, password, repeat: password } });
    const spaces = await change(' '.repeat(8));
    expect(spaces.status).toBe(400);
    expect(spaces.body.code).toBe('PASSWORD_BLANK');
    const tooLong = await change('😀'.repeat(21));
    expect(tooLong.body.code).toBe('PASSWORD_LENGTH');
    const tooShort = await change('😀'.repeat(7));
    expect(tooShort.body.code).toBe('PASSWORD_LENGTH');
    // 11 emoji are 11 characters (22 UTF-16 units): accepted, and the password works
    const emoji = '😀'.repeat(11);
    expect((await change(emoji)).status).toBe(200);
    expect((await api.post('/login', { username: u.username, password: emoji })).status).toBe(200);
    // put the dev password back for the other tests
    const signedIn = await api.post('/token', { username: u.username, password: emoji, code: await api.codeFor(u) });
    expect(signedIn.status).toBe(200);
    expect((await api.call('POST', '/password', { token: signedIn.body.model.token, body: { username: u.username, current: emoji, password: u.password, repeat: u.password } })).status).toBe(200);
  });
});

describe('reset link', () => {
  async function makeLink(username: string, expiresInSeconds = 3600) {
    const uuid = randomUUID();
    await api.pool.query(
      `insert into password_reset (uuid, user_id, expires_at) select $1, id, now() + make_interval(secs => $3) from backoffice_user where username = $2`,
      [uuid, username, expiresInSeconds],
    );
    return uuid;
  }

  it('validates the link, sets the password once, then is invalid', async () => {
    const uuid = await makeLink('nologin');
    const check = await api.get(`/backoffice/forgotpassword/${uuid}`);
    expect(check.status).toBe(200);
    expect(check.body.model).toEqual({ valid: true, username: 'nologin' });
    const blank = await api.post(`/backoffice/forgotpassword/${uuid}`, { uuid, password: '', repeat: '' });
    expect(blank.body.error).toBe('Fileds cant be blank');
    const ok = await api.post(`/backoffice/forgotpassword/${uuid}`, { uuid, password: 'Reset-pass-12', repeat: 'Reset-pass-12' });
    expect(ok.status).toBe(200);
    const again = await api.get(`/backoffice/forgotpassword/${uuid}`);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('This password reset link is invalid or has expired.');
    const login = await api.post('/login', { username: 'nologin', password: 'Reset-pass-12' });
    expect(login.status).toBe(200);
  });

  it('refuses a password over 72 bytes (bcrypt would cut it) on the reset link and the password change', async () => {
    // 19 emoji + 1 letter: 20 characters, 77 bytes; before, it and any other ending after byte 72 both worked
    const long = '😀'.repeat(19) + 'a';
    const uuid = await makeLink('nologin');
    const reset = await api.post(`/backoffice/forgotpassword/${uuid}`, { uuid, password: long, repeat: long });
    expect(reset.status).toBe(400);
    expect(reset.body.code).toBe('PASSWORD_TOO_LONG');
    expect(reset.body.errors[0]).toMatchObject({ field: 'password', code: 'PASSWORD_TOO_LONG' });
    expect((await api.get(`/backoffice/forgotpassword/${uuid}`)).status).toBe(200);
    const u = devUser('tier1');
    const token = await api.signIn(u.username);
    const change = await api.call('POST', '/password', { token, body: { username: u.username, current: u.password, password: long, repeat: long }, headers: { 'accept-language': 'de' } });
    expect(change.status).toBe(400);
    expect(change.body).toMatchObject({ code: 'PASSWORD_TOO_LONG', error: expect.stringContaining('72 Bytes') });
    // 18 emoji are 72 bytes: accepted
    const fits = '😀'.repeat(18);
    expect((await api.post(`/backoffice/forgotpassword/${uuid}`, { uuid, password: fits, repeat: fits })).status).toBe(200);
  });

  it('refuses expired, unknown and malformed links', async () => {
    const expired = await makeLink('nologin', -5);
    expect((await api.get(`/backoffice/forgotpassword/${expired}`)).status).toBe(400);
    expect((await api.get(`/backoffice/forgotpassword/${randomUUID()}`)).status).toBe(400);
    const malformed = await api.get('/backoffice/forgotpassword/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('throttling', () => {
  it('locks an account after repeated failures, even for the right password', async () => {
    const u = devUser('partnera-manager');
    for (let i = 0; i < 4; i++) {
      expect((await api.post('/login', { username: u.username, password: `wrong-${i}-pass` })).status).toBe(401);
    }
    const locked = await api.post('/login', { username: u.username, password: u.password });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('THROTTLED');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts wrong codes too', async () => {
    const u = devUser('partnera-tier1');
    for (let i = 0; i < 4; i++) {
      await api.post('/token', { username: u.username, password: u.password, code: '999999' });
    }
    const r = await api.post('/token', { username: u.username, password: u.password, code: await api.codeFor(u) });
    expect(r.status).toBe(429);
  });
});

describe('throttling per IP', () => {
  let ipApi: TestApi;
  beforeAll(async () => {
    ipApi = await startApi({ THROTTLE_PAIR_MAX: '5', THROTTLE_ACCOUNT_MAX: '100', THROTTLE_IP_MAX: '3' });
  });
  afterAll(() => ipApi?.close());

  it('blocks a client that tries many accounts', async () => {
    for (const name of ['a-user', 'b-user', 'c-user']) {
      expect((await ipApi.post('/login', { username: name, password: 'whatever-1' })).status).toBe(401);
    }
    const admin = devUser('admin');
    const r = await ipApi.post('/login', { username: 'admin', password: admin.password });
    expect(r.status).toBe(429);
  });
});
