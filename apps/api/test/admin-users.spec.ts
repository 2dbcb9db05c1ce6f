import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './harness.js';

let api: TestApi;
let admin: string;
let managerA: string;
let managerB: string;

beforeAll(async () => {
  api = await startApi();
  admin = await api.signIn('admin');
  managerA = await api.signIn('partnera-manager');
  managerB = await api.signIn('partnerb-manager');
});
afterAll(() => api?.close());

const OUT_OF_SCOPE = '401, You are not authorized to edit this user. You can edit only users of your own partner.';
let seq = 0;
const name = (p: string) => `${p}-${++seq}`;
const body = (over: Record<string, unknown> = {}) => ({ username: name('staff'), role: 9, password: 'Good-pass-1', repeat: 'Good-pass-1', ...over });

async function add(over: Record<string, unknown> = {}, token = admin) {
  const r = await api.post('/local/add', body(over), token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.model as { id: number; username: string; role: number; types: number[]; enabled: boolean };
}

/** Signs a new user in through the first-sign-in TOTP enrollment; returns the session token. */
async function enrolAndSignIn(username: string, password = 'Good-pass-1') {
  const login = await api.post('/login', { username, password });
  expect(login.status).toBe(200);
  const secret = login.body.model.enrollment.secret as string;
  const token = await api.post('/token', { username, password, code: await generate({ secret }) });
  expect(token.status, JSON.stringify(token.body)).toBe(200);
  return token.body.model.token as string;
}

const lastAudit = async (id: number) =>
  (await api.pool.query(`SELECT action, actor_name, before, after FROM audit_event WHERE entity = 'backoffice_user' AND entity_id = $1 ORDER BY id DESC LIMIT 1`, [String(id)])).rows[0];

describe('POST /local/add', () => {
  it('adds a user who enrols TOTP at the first sign-in; the list shows them; the audit has before and after', async () => {
    const u = await add({ email: 'new.staff@example.com', operators: [4] });
    expect(u).toMatchObject({ role: 9, types: [-1], enabled: true, operators: [4] });
    const list = await api.get('/local/list', admin);
    expect(list.body.model.map((x: { id: number }) => x.id)).toContain(u.id);
    const audit = await lastAudit(u.id);
    expect(audit).toMatchObject({ action: 'POST /local/add', actor_name: 'admin', before: null, after: { username: u.username, role: 9 } });
    expect(JSON.stringify(audit.after)).not.toContain('Good-pass-1');
    const token = await enrolAndSignIn(u.username);
    expect((await api.get('/local/role', token)).body.model.username).toBe(u.username);
  });

  it('answers the §5 password messages', async () => {
    const short = await api.post('/local/add', body({ password: 'short', repeat: 'short' }), admin);
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([expect.objectContaining({ field: 'password', message: 'Password must be between 8 and 20 characters long' })]);
    const long = await api.post('/local/add', body({ password: 'x'.repeat(21), repeat: 'x'.repeat(21) }), admin);
    expect(long.body.error).toBe('Password must be between 8 and 20 characters long');
    const mismatch = await api.post('/local/add', body({ repeat: 'Other-pass-1' }), admin);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual([expect.objectContaining({ field: 'repeat', code: 'PASSWORD_MISMATCH', message: 'Password dont match!' })]);
    const blank = await api.post('/local/add', body({ password: '', repeat: '' }), admin);
    expect(blank.body.errors[0]).toMatchObject({ field: 'password', message: 'Fileds cant be blank' });
  });

  it('refuses a password over 72 bytes (bcrypt would cut it) on add and edit, naming the field', async () => {
    const long = '😀'.repeat(19) + 'a';
    const r = await api.post('/local/add', body({ password: long, repeat: long }), admin);
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ field: 'password', code: 'PASSWORD_TOO_LONG' });
    const u = await add();
    const edit = await api.post(`/local/edit?user_id=${u.id}`, { username: u.username, role: 9, password: long, repeat: long }, admin);
    expect(edit.status).toBe(400);
    expect(edit.body.errors[0]).toMatchObject({ field: 'password', code: 'PASSWORD_TOO_LONG' });
  });

  it('names the field of bad input and refuses a taken username', async () => {
    const bad = await api.post('/local/add', body({ username: 'has space', role: 7, types: [-1, 2], email: 'nope' }), admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'role', 'types', 'username']);
    const unknown = await api.post('/local/add', body({ operators: [99999], types: [99], white_labels: [99999] }), admin);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.map((e: { message: string }) => e.message).sort()).toEqual(['Unknown device type', 'Unknown operator', 'Unknown white label']);
    const dup = await api.post('/local/add', body({ username: 'admin' }), admin);
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]).toMatchObject({ field: 'username', message: 'Duplicate entry' });
  });
});

describe('POST /local/edit', () => {
  it('keeps the password when it is empty, changes it otherwise, and records before and after', async () => {
    const u = await add();
    const hash = async () => (await api.pool.query('SELECT password_hash FROM backoffice_user WHERE id = $1', [u.id])).rows[0].password_hash;
    const first = await hash();
    const same = await api.post(`/local/edit?user_id=${u.id}`, { username: u.username, role: 9, email: 'edited@example.com' }, admin);
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(await hash()).toBe(first);
    const audit = await lastAudit(u.id);
    expect(audit.before).toMatchObject({ email: null });
    expect(audit.after).toMatchObject({ email: 'edited@example.com' });
    const mismatch = await api.post(`/local/edit?user_id=${u.id}`, { username: u.username, role: 9, password: 'New-pass-12', repeat: 'New-pass-13' }, admin);
    expect(mismatch.body.code).toBe('PASSWORD_MISMATCH');
    const changed = await api.post(`/local/edit?user_id=${u.id}`, { username: u.username, role: 9, password: 'New-pass-12', repeat: 'New-pass-12' }, admin);
    expect(changed.status).toBe(200);
    expect(await hash()).not.toBe(first);
  });

  it('keeps what the edit leaves out: a disabled user stays disabled, their scope and e-mail stay', async () => {
    const u = await add({ enabled: false, operators: [4], white_labels: [1], types: [1], email: 'kept@example.com' });
    const r = await api.post(`/local/edit?user_id=${u.id}`, { username: u.username, role: 10 }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.model).toMatchObject({ role: 10, enabled: false, operators: [4], white_labels: [1], types: [1], email: 'kept@example.com' });
    const stored = (await api.pool.query('SELECT enabled, operators, white_labels, types, email FROM backoffice_user WHERE id = $1', [u.id])).rows[0];
    expect(stored).toEqual({ enabled: false, operators: [4], white_labels: [1], types: [1], email: 'kept@example.com' });
    // what it names still changes, '' still clears the e-mail
    const cleared = await api.post(`/local/edit?user_id=${u.id}`, { username: u.username, role: 10, enabled: true, operators: [], email: '' }, admin);
    expect(cleared.body.model).toMatchObject({ enabled: true, operators: [], white_labels: [1], email: null });
  });

  it('answers 404 for a user that does not exist', async () => {
    const r = await api.post('/local/edit?user_id=999999', { username: 'nobody-here', role: 9 }, admin);
    expect(r.status).toBe(404);
  });
});

describe('sessions end at once', () => {
  it('when the user is disabled, given another role, or deleted', async () => {
    for (const change of ['disable', 'role', 'delete'] as const) {
      const u = await add();
      const token = await enrolAndSignIn(u.username);
      expect((await api.get('/local/role', token)).status).toBe(200);
      const r =
        change === 'delete'
          ? await api.get(`/local/del?user_id=${u.id}`, admin)
          : await api.post(`/local/edit?user_id=${u.id}`, { username: u.username, role: change === 'role' ? 10 : 9, enabled: change !== 'disable' }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((await api.get('/local/role', token)).status, change).toBe(401);
    }
  });

  it('but not for an edit that keeps role and enabled without a new password', async () => {
    const u = await add();
    const token = await enrolAndSignIn(u.username);
    expect((await api.get('/local/role', token)).body.model.operators).toEqual([]);
    await api.post(`/local/edit?user_id=${u.id}`, { username: u.username, role: 9, email: 'still@example.com', operators: [4] }, admin);
    const after = await api.get('/local/role', token);
    expect(after.status).toBe(200);
    // the session carries the user as edited from its next call on: no cached session skips the change
    expect(after.body.model.operators).toEqual([4]);
  });
});

describe('manager scope (§5, §6): roles 12 and 14 against the other partner', () => {
  const partners = [
    { role: 12, token: () => managerA, own: { role: 13, types: [2] }, other: { role: 15, types: [3] }, otherManager: () => managerB },
    { role: 14, token: () => managerB, own: { role: 15, types: [3] }, other: { role: 13, types: [2] }, otherManager: () => managerA },
  ];
  for (const p of partners) {
    describe(`role ${p.role}`, () => {
      it("reads only its partner's users", async () => {
        const mine = await add({ role: p.own.role, types: p.own.types });
        const theirs = await add({ role: p.other.role, types: p.other.types });
        const allTypes = await add({ role: p.own.role, types: [-1] });
        const ids = (await api.get('/local/list', p.token())).body.model.map((u: { id: number }) => u.id);
        expect(ids).toContain(mine.id);
        expect(ids).not.toContain(theirs.id);
        expect(ids).not.toContain(allTypes.id);
        const roles = (await api.get('/local/list', p.token())).body.model.map((u: { role: number }) => u.role);
        expect(new Set(roles)).toEqual(new Set([p.role, p.own.role].filter((r) => roles.includes(r))));
        expect(roles.every((r: number) => [p.role, p.own.role].includes(r))).toBe(true);
      });

      it("cannot edit or delete the other partner's users (nor users of every type)", async () => {
        for (const target of [await add({ role: p.other.role, types: p.other.types }), await add({ role: p.own.role, types: [-1] }), await add({ role: 1 })]) {
          const edit = await api.post(`/local/edit?user_id=${target.id}`, { username: target.username, role: p.own.role }, p.token());
          expect(edit.status).toBe(403);
          expect(edit.body).toMatchObject({ code: 'USER_OUT_OF_SCOPE', error: OUT_OF_SCOPE });
          const del = await api.get(`/local/del?user_id=${target.id}`, p.token());
          expect(del.status).toBe(403);
          expect(del.body.error).toBe(OUT_OF_SCOPE);
          const row = (await api.pool.query('SELECT role_id FROM backoffice_user WHERE id = $1', [target.id])).rows[0];
          expect(row.role_id).toBe(target.role);
        }
      });

      it('cannot assign roles, types, operators or white labels outside its partner', async () => {
        const own = (await api.get('/local/role', p.token())).body.model as { operators: number[]; white_labels: number[] };
        const foreignOp = (await api.pool.query('SELECT id FROM operator WHERE NOT (id = ANY($1::int[])) ORDER BY id LIMIT 1', [own.operators])).rows[0].id;
        const foreignWl = (await api.pool.query('SELECT id FROM white_label WHERE NOT (id = ANY($1::int[])) ORDER BY id LIMIT 1', [own.white_labels])).rows[0].id;
        const refused = [
          { role: 1 },
          { role: p.other.role },
          { role: 9 },
          { role: p.own.role, types: p.other.types },
          { role: p.own.role, types: [-1] },
          { role: p.own.role, operators: [foreignOp] },
          { role: p.own.role, white_labels: [foreignWl] },
        ];
        for (const over of refused) {
          const r = await api.post('/local/add', body(over), p.token());
          expect(r.status, JSON.stringify(over)).toBe(403);
          expect(r.body.error).toBe(OUT_OF_SCOPE);
        }
        const mine = await add({ role: p.own.role }, p.token());
        const promote = await api.post(`/local/edit?user_id=${mine.id}`, { username: mine.username, role: 1 }, p.token());
        expect(promote.status).toBe(403);
        expect(promote.body.errors[0]).toMatchObject({ field: 'role', message: OUT_OF_SCOPE });
      });

      it("manages only users of its own partner: same roles and type but another white label or operator are not its users", async () => {
        const own = (await api.get('/local/role', p.token())).body.model as { operators: number[]; white_labels: number[] };
        const foreignOp = (await api.pool.query('SELECT id FROM operator WHERE NOT (id = ANY($1::int[])) ORDER BY id LIMIT 1', [own.operators])).rows[0].id;
        const foreignWl = (await api.pool.query('SELECT id FROM white_label WHERE NOT (id = ANY($1::int[])) ORDER BY id LIMIT 1', [own.white_labels])).rows[0].id;
        const mine = await add({ role: p.own.role, types: p.own.types, white_labels: own.white_labels.slice(0, 1), operators: own.operators.slice(0, 1) });
        const otherLabel = await add({ role: p.own.role, types: p.own.types, white_labels: [foreignWl] });
        const otherOperator = await add({ role: p.own.role, types: p.own.types, operators: [own.operators[0], foreignOp] });
        const ids = (await api.get('/local/list', p.token())).body.model.map((u: { id: number }) => u.id);
        expect(ids).toContain(mine.id);
        expect(ids).not.toContain(otherLabel.id);
        expect(ids).not.toContain(otherOperator.id);
        for (const target of [otherLabel, otherOperator]) {
          const edit = await api.post(`/local/edit?user_id=${target.id}`, { username: target.username, role: p.own.role, enabled: false }, p.token());
          expect(edit.status).toBe(403);
          expect(edit.body).toMatchObject({ code: 'USER_OUT_OF_SCOPE', error: OUT_OF_SCOPE });
          expect((await api.get(`/local/del?user_id=${target.id}`, p.token())).status).toBe(403);
          expect((await api.pool.query('SELECT enabled FROM backoffice_user WHERE id = $1', [target.id])).rows[0].enabled).toBe(true);
        }
        expect((await api.post(`/local/edit?user_id=${mine.id}`, { username: mine.username, role: p.own.role, white_labels: own.white_labels.slice(0, 1), operators: own.operators.slice(0, 1) }, p.token())).status).toBe(200);
      });

      it("adds, edits and deletes its own partner's users (their type by default)", async () => {
        const mine = await add({ role: p.own.role }, p.token());
        expect(mine.types).toEqual(p.own.types);
        const edit = await api.post(`/local/edit?user_id=${mine.id}`, { username: mine.username, role: p.role, enabled: false }, p.token());
        expect(edit.status).toBe(200);
        expect(edit.body.model).toMatchObject({ role: p.role, enabled: false, types: p.own.types });
        const otherTry = await api.get(`/local/del?user_id=${mine.id}`, p.otherManager());
        expect(otherTry.status).toBe(403);
        expect((await api.get(`/local/del?user_id=${mine.id}`, p.token())).status).toBe(200);
        expect((await api.pool.query('SELECT 1 FROM backoffice_user WHERE id = $1', [mine.id])).rowCount).toBe(0);
      });
    });
  }
});

describe('the last enabled administrator stays', () => {
  it('refuses to disable, demote or delete them, and allows it once another administrator exists', async () => {
    const me = (await api.pool.query(`SELECT id FROM backoffice_user WHERE username = 'admin'`)).rows[0].id as number;
    await api.pool.query(`UPDATE backoffice_user SET enabled = false WHERE role_id = 1 AND id <> $1`, [me]);
    const LAST = 'The last enabled administrator cannot be disabled, demoted or deleted.';
    for (const r of [
      await api.post(`/local/edit?user_id=${me}`, { username: 'admin', role: 1, enabled: false }, admin),
      await api.post(`/local/edit?user_id=${me}`, { username: 'admin', role: 9 }, admin),
      await api.get(`/local/del?user_id=${me}`, admin),
    ]) {
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code: 'LAST_ADMINISTRATOR', error: LAST });
    }
    expect((await api.pool.query('SELECT role_id, enabled FROM backoffice_user WHERE id = $1', [me])).rows[0]).toEqual({ role_id: 1, enabled: true });
    // a disabled administrator does not count; an enabled second one does
    const second = await add({ role: 1 });
    const demote = await api.post(`/local/edit?user_id=${second.id}`, { username: second.username, role: 1, enabled: false }, admin);
    expect(demote.status).toBe(200);
    expect((await api.get(`/local/del?user_id=${me}`, admin)).status).toBe(409);
    await api.post(`/local/edit?user_id=${second.id}`, { username: second.username, role: 1, enabled: true }, admin);
    const self = await api.post(`/local/edit?user_id=${me}`, { username: 'admin', role: 9 }, admin);
    expect(self.status).toBe(200);
    expect((await api.get('/local/role', admin)).status).toBe(401);
  });
});
