import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devUser, startApi, type TestApi } from './harness.js';

/**
 * The sign-in throttle under attack (docs/access.md "Sign-in throttle"): attempts are counted atomically before
 * the password is checked, an attacker cannot lock a user out, and the client address comes only from trusted
 * proxies. The api trusts loopback as a proxy here so each request can say which address it comes from.
 */
const LIMITS = {
  THROTTLE_PAIR_MAX: '5',
  THROTTLE_ACCOUNT_MAX: '10',
  THROTTLE_ACCOUNT_DELAY_SECONDS: '60',
  THROTTLE_IP_MAX: '10',
  THROTTLE_WINDOW_SECONDS: '900',
};

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ ...LIMITS, TRUST_PROXY: 'loopback' });
});
afterAll(() => api?.close());

let addressSeq = 0;
/** A fresh client address for each scenario (the tests share one Redis prefix). */
const newAddress = () => `198.51.100.${++addressSeq}`;

function login(username: string, password: string, from: string) {
  return api.call('POST', '/login', { body: { username, password }, headers: { 'x-forwarded-for': from } });
}
async function fullSignIn(username: string, from: string) {
  const u = devUser(username);
  const login1 = await login(username, u.password, from);
  const token = await api.call('POST', '/token', {
    body: { username, password: u.password, code: await api.codeFor(u) },
    headers: { 'x-forwarded-for': from },
  });
  return { login: login1.status, token: token.status, body: token.body };
}
const statuses = (rs: { status: number }[]) => {
  const out: Record<number, number> = {};
  for (const r of rs) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
};

describe('parallel bursts (counted before the check)', () => {
  it('40 parallel wrong passwords for one account from one address: the pair limit gets 401, the rest 429', async () => {
    const from = newAddress();
    const rs = await Promise.all(Array.from({ length: 40 }, (_, i) => login('manager', `wrong-burst-${i}`, from)));
    expect(statuses(rs)).toEqual({ 401: 5, 429: 35 });
  });

  it('40 parallel wrong codes (right password) on /token: the pair limit gets 401, the rest 429', async () => {
    const from = newAddress();
    const u = devUser('partnera-tier1');
    const rs = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api.call('POST', '/token', {
          body: { username: u.username, password: u.password, code: String(100000 + i) },
          headers: { 'x-forwarded-for': from },
        }),
      ),
    );
    expect(statuses(rs)).toEqual({ 401: 5, 429: 35 });
  });

  it('40 parallel wrong passwords for 40 accounts from one address: the address limit gets 401, the rest 429', async () => {
    const from = newAddress();
    const rs = await Promise.all(Array.from({ length: 40 }, (_, i) => login(`spray-${i}`, 'Summer2026!', from)));
    expect(statuses(rs)).toEqual({ 401: 10, 429: 30 });
  });

  it('many addresses in parallel against one account: at most the account limit + 1 passwords are checked', async () => {
    const froms = Array.from({ length: 60 }, () => newAddress());
    const rs = await Promise.all(froms.map((from, i) => login('partnerb-manager', `guess-${i}-xx`, from)));
    const s = statuses(rs);
    // 10 free attempts, the 11th starts the delay (60 s, doubling): every other attempt waits
    expect(s[401]).toBe(11);
    expect(s[429]).toBe(49);
    const wait = rs.find((r) => r.status === 429)!;
    expect(Number(wait.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('lockout is not a weapon', () => {
  it('an attacker failing forever for admin at one address does not stop admin at another address', async () => {
    const attacker = newAddress();
    for (let round = 0; round < 3; round++) {
      const rs = await Promise.all(Array.from({ length: 20 }, (_, i) => login('admin', `attack-${round}-${i}`, attacker)));
      expect(statuses(rs)[401] ?? 0).toBeLessThanOrEqual(5);
    }
    // the attacker's own pair stays shut, even with the right password
    expect((await login('admin', devUser('admin').password, attacker)).status).toBe(429);
    const admin = await fullSignIn('admin', newAddress());
    expect(admin).toMatchObject({ login: 200, token: 200 });
  });

  it('a full sign-in clears its own pair', async () => {
    const from = newAddress();
    for (let i = 0; i < 4; i++) expect((await login('nologin', `typo-${i}-xx`, from)).status).toBe(401);
    expect(await fullSignIn('nologin', from)).toMatchObject({ login: 200, token: 200 });
    for (let i = 0; i < 5; i++) expect((await login('nologin', `typo-again-${i}`, from)).status).toBe(401);
    expect((await login('nologin', `typo-again-5`, from)).status).toBe(429);
  });

  it('a known address skips the account delay and the address limit (an office behind one NAT)', async () => {
    const office = newAddress();
    expect(await fullSignIn('partnerb-tier1', office)).toMatchObject({ login: 200, token: 200 });
    // a distributed attack delays the account for unknown addresses ...
    const rs = await Promise.all(Array.from({ length: 15 }, (_, i) => login('partnerb-tier1', `dist-${i}-xx`, newAddress())));
    expect(statuses(rs)[429]).toBeGreaterThan(0);
    expect((await login('partnerb-tier1', devUser('partnerb-tier1').password, newAddress())).status).toBe(429);
    // ... and someone sprays accounts from the office's address
    for (let i = 0; i < 10; i++) expect((await login(`office-spray-${i}`, 'Winter2026!', office)).status).toBe(401);
    expect((await login('office-spray-10', 'Winter2026!', office)).status).toBe(429);
    // the user still signs in from the office
    expect(await fullSignIn('partnerb-tier1', office)).toMatchObject({ login: 200, token: 200 });
  });

  it('a refused attempt does not check the password (the right one is refused too)', async () => {
    const from = newAddress();
    for (let i = 0; i < 5; i++) await login('partnera-manager', `wrong-${i}-xx`, from);
    const r = await login('partnera-manager', devUser('partnera-manager').password, from);
    expect(r.status).toBe(429);
    expect(r.body.code).toBe('THROTTLED');
  });

  it('a NUL byte in the username is refused by validation, before any password is checked', async () => {
    const from = newAddress();
    const r = await login('admin\u0000', devUser('admin').password, from);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'username', code: 'controlChars', message: 'Must not contain control characters' }]);
  });
});

describe('client address', () => {
  let direct: TestApi;
  beforeAll(async () => {
    // default configuration: no trusted proxy
    direct = await startApi({ ...LIMITS, TRUST_PROXY: '' });
  });
  afterAll(() => direct?.close());

  it('ignores X-Forwarded-For unless the proxy is trusted: a caller cannot choose a fresh address', async () => {
    const rs = [];
    for (let i = 0; i < 8; i++) {
      rs.push(
        await direct.call('POST', '/login', {
          body: { username: 'manager', password: `spoof-${i}-xx` },
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        }),
      );
    }
    expect(statuses(rs)).toEqual({ 401: 5, 429: 3 });
    // nor write the address of its choice into the audit
    const u = devUser('partnera-tier1');
    const token = await direct.call('POST', '/token', {
      body: { username: u.username, password: u.password, code: await direct.codeFor(u) },
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    expect(token.status).toBe(200);
    const audit = await direct.pool.query(
      `select ip from audit_event where action = 'POST /token' and actor_name = 'partnera-tier1' and created > now() - interval '10 minutes'`,
    );
    expect(audit.rows.map((r: { ip: string }) => r.ip)).toEqual(['127.0.0.1']);
  });

  it('believes X-Forwarded-For from a trusted proxy (the audit records the client)', async () => {
    const from = newAddress();
    expect(await fullSignIn('partnera-tier1', from)).toMatchObject({ token: 200 });
    const audit = await api.pool.query(
      `select ip from audit_event where action = 'POST /token' and actor_name = 'partnera-tier1' and created > now() - interval '10 minutes'`,
    );
    expect(audit.rows.map((r: { ip: string }) => r.ip)).toContain(from);
  });
});
