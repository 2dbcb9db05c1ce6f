import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './harness.js';

// Backoffice usernames are unique without case (issue 22; docs/access.md "Usernames"): the migration that says so
// reports existing clashes, add and edit refuse a case variant of a taken name, sign-in finds the user whatever the
// case typed, and the sign-in throttle counts per user (its id), not per name typed.
let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await startApi({ THROTTLE_PAIR_MAX: '4', THROTTLE_ACCOUNT_MAX: '100', THROTTLE_IP_MAX: '1000' });
  admin = await api.signIn('admin');
});
afterAll(() => api?.close());

const migrationDir = new URL('../../../prisma/migrations/', import.meta.url);
const migrationSql = () => {
  const dir = readdirSync(migrationDir).find((d) => d.endsWith('_username_unique_without_case'))!;
  return readFileSync(new URL(`${dir}/migration.sql`, migrationDir), 'utf8');
};
const add = (username: string) => api.post('/local/add', { username, role: 9, password: 'Good-pass-1', repeat: 'Good-pass-1' }, admin);

describe('usernames unique without case', () => {
  it('the migration stops with a message listing the names that clash, and passes once they are renamed', async () => {
    const c = await api.pool.connect();
    try {
      await c.query('BEGIN');
      await c.query('DROP INDEX backoffice_user_username_lower_key');
      await c.query(`INSERT INTO backoffice_user (username, password_hash, role_id) VALUES ('Clash-Case', 'x', 9), ('clash-case', 'x', 9), ('CLASH-case', 'x', 9), ('alone', 'x', 9)`);
      await c.query('SAVEPOINT before');
      const refused = await c.query(migrationSql()).then(
        () => null,
        (e: Error) => e.message,
      );
      expect(refused).toBe('backoffice usernames must be unique without case; rename all but one of each group, then migrate again: CLASH-case, Clash-Case, clash-case');
      await c.query('ROLLBACK TO SAVEPOINT before');
      await c.query(`DELETE FROM backoffice_user WHERE username IN ('clash-case', 'CLASH-case')`);
      await c.query(migrationSql());
      await expect(c.query(`INSERT INTO backoffice_user (username, password_hash, role_id) VALUES ('ALONE', 'x', 9)`)).rejects.toThrow(/backoffice_user_username_lower_key/);
    } finally {
      await c.query('ROLLBACK');
      c.release();
    }
  });

  it('add and edit refuse a case variant of a taken name (409 on username)', async () => {
    expect((await add('Casey-Upper')).status).toBe(200);
    const dup = await add('casey-upper');
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]).toMatchObject({ field: 'username', message: 'Duplicate entry' });
    const other = (await add('casey-other')).body.model;
    const rename = await api.post(`/local/edit?user_id=${other.id}`, { username: 'CASEY-UPPER', role: 9 }, admin);
    expect(rename.status).toBe(409);
    expect(rename.body.errors[0]).toMatchObject({ field: 'username' });
  });

  it('signs in whatever the case typed; `_` and `%` in a typed name are no wildcards', async () => {
    expect((await add('Mixed_Case')).status).toBe(200);
    expect((await api.post('/login', { username: 'mixed_case', password: 'Good-pass-1' })).status).toBe(200);
    expect((await api.post('/login', { username: 'MIXED_CASE', password: 'Good-pass-1' })).status).toBe(200);
    expect((await api.post('/login', { username: 'mixedXcase', password: 'Good-pass-1' })).status).toBe(401);
    expect((await api.post('/login', { username: 'mixed%', password: 'Good-pass-1' })).status).toBe(401);
  });

  it('the throttle counts per user: spellings share a count, and a renamed user keeps it', async () => {
    const u = (await add('Throttled-One')).body.model;
    for (const typed of ['Throttled-One', 'throttled-one', 'THROTTLED-ONE', 'tHrOtTlEd-OnE']) {
      expect((await api.post('/login', { username: typed, password: 'wrong-pass-1' })).status).toBe(401);
    }
    expect((await api.post(`/local/edit?user_id=${u.id}`, { username: 'renamed-two', role: 9 }, admin)).status).toBe(200);
    // the same user under its new name: still locked, even with the right password
    const locked = await api.post('/login', { username: 'renamed-two', password: 'Good-pass-1' });
    expect(locked.status).toBe(429);
    // and its old name is nobody's now: a count of its own
    expect((await api.post('/login', { username: 'throttled-one', password: 'Good-pass-1' })).status).toBe(401);
  });
});
