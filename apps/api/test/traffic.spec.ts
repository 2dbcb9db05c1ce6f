import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonText, storedReason } from '@tracker/contract';
import { startApi, type TestApi } from './harness.js';

// SMS traffic search, its counters and exports, and the carrier whitelist (docs/sms-traffic.md), on the seeded
// template plus messages of March 2020 this file adds (the seed's history lies in the last 30 days).
let api: TestApi;
let admin: string;
let imei: string;
const NUMBER = '+4915550001234';

type Msg = { created: string; message: string; key?: string | null; status?: number; number?: string; device?: number | null; direction?: string };
/**
 * Before the SMS pipeline's migration a failure is the text column `error`; after it, `error_code` + `error_params`
 * (docs/sms-traffic.md). The messages here fail in whichever the schema has, and ERROR_TEXT is what the api says.
 */
let coded = false;
const UNDELIVERED = { code: 'smsUndelivered', params: { status: 'undelivered', code: 30003 } };
let ERROR_TEXT = 'unreachable';
async function insert(m: Msg) {
  const error = m.status === 3 ? (coded ? UNDELIVERED.code : 'unreachable') : null;
  await api.pool.query(
    `INSERT INTO sms_message (command_key, message, device_id, gsm_number, direction, status, created, ${coded ? 'error_code, error_params' : 'error'})
     VALUES ($1, $2, $3, $4, $5::sms_direction, $6, $7, $8${coded ? ', $9::jsonb' : ''})`,
    [m.key ?? null, m.message, m.device ?? null, m.number ?? NUMBER, m.direction ?? 'OUTBOUND', m.status ?? 1, m.created, error,
      ...(coded ? [error ? JSON.stringify(UNDELIVERED.params) : null] : [])],
  );
}
const ids = (r: { body: { model: { items: { message: string }[] } } }) => r.body.model.items.map((i) => i.message);

beforeAll(async () => {
  api = await startApi();
  admin = await api.signIn('admin');
  coded = (await api.pool.query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'sms_message' AND column_name = 'error_code'`)).rowCount === 1;
  if (coded) {
    const why = storedReason(UNDELIVERED.code, UNDELIVERED.params);
    ERROR_TEXT = reasonText(why.code, why.params);
  }
  const dev = (await api.pool.query(`SELECT id, imei FROM device WHERE imei IS NOT NULL ORDER BY id LIMIT 1`)).rows[0];
  imei = dev.imei;
  // 30 messages on 2020-03-10, one a minute from 10:00, to the number (newest is "msg 29")
  for (let i = 0; i < 30; i++) await insert({ created: `2020-03-10T10:${String(i).padStart(2, '0')}:00Z`, message: `msg ${i}`, key: 'STATUS' });
  await insert({ created: '2020-03-10T09:00:00Z', message: 'Hello WORLD from support', key: 'CUSTOM', number: '+34600111222' });
  await insert({ created: '2020-03-10T08:00:00Z', message: 'LOC:OK', key: 'LOCATE', number: '+34600999888', device: dev.id, direction: 'INBOUND', status: 2 });
  await insert({ created: '2020-03-11T00:30:00Z', message: 'extra hour', key: 'REBOOT', status: 3 });
  await insert({ created: '2020-03-11T01:30:00Z', message: 'after the extra hour', key: 'REBOOT' });
  await insert({ created: '2020-03-10T07:00:00Z', message: '=HYPERLINK("http://evil")', key: 'CUSTOM', number: '+34600111222', status: 3 });
});
afterAll(() => api?.close());

const search = (q: string, from = '2020-03-10', to = '2020-03-10', page = 0) =>
  api.get(`/sms/search?query=${encodeURIComponent(q)}&from=${from}&to=${to}&page=${page}`, admin);

describe('GET /sms/search', () => {
  it('matches a number or its part however it is typed, newest first, 25 per page', async () => {
    for (const q of [NUMBER, '0049 1555 000-1234', '15550001234', '0001234']) {
      const r = await search(q, '2020-03-10', '2020-03-11');
      expect(r.status, q).toBe(200);
      expect(r.body.model).toMatchObject({ total_pages: 2, more: false, page: 0 });
      expect(r.body.model.items).toHaveLength(25);
      expect(r.body.model.items[0].message).toBe('after the extra hour');
      expect(r.body.model.items[1]).toMatchObject({ message: 'extra hour', gsm_number: NUMBER, status: 3, direction: 'OUTBOUND', error: ERROR_TEXT });
      expect(r.body.model.items[2].message).toBe('msg 29');
    }
    const second = await search('0001234', '2020-03-10', '2020-03-10', 1);
    expect(ids(second)).toEqual(['msg 4', 'msg 3', 'msg 2', 'msg 1', 'msg 0']);
  });

  it('matches an IMEI (whole or its first digits), a command key in any case and a part of the text in any case', async () => {
    expect(ids(await search(imei))).toEqual(['LOC:OK']);
    expect(ids(await search(imei.slice(0, 12)))).toContain('LOC:OK');
    expect((await search(imei)).body.model.items[0]).toMatchObject({ imei, direction: 'INBOUND', status: 2 });
    expect(ids(await search('locate'))).toEqual(['LOC:OK']);
    expect(ids(await search('world FROM'))).toEqual(['Hello WORLD from support']);
    expect(ids(await search('100%'))).toEqual([]);
    const status = await search('status');
    expect(status.body.model.items).toHaveLength(25);
    expect(status.body.model.total_pages).toBe(2);
  });

  it('until is a day included, whether or not it equals from (no hour of the next day)', async () => {
    expect(ids(await search('REBOOT'))).toEqual([]);
    expect(ids(await search('REBOOT', '2020-03-10', '2020-03-11'))).toEqual(['after the extra hour', 'extra hour']);
    expect(ids(await search('REBOOT', '2020-03-10', '2020-03-12'))).toEqual(['after the extra hour', 'extra hour']);
    expect(ids(await search('REBOOT', '2020-03-11', '2020-03-11'))).toEqual(['after the extra hour', 'extra hour']);
  });

  it('needs a query and two valid days, until not before from: a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['/sms/search?from=2020-03-10&to=2020-03-10', 'query'],
      ['/sms/search?query=%20&from=2020-03-10&to=2020-03-10', 'query'],
      ['/sms/search?query=x&to=2020-03-10', 'from'],
      ['/sms/search?query=x&from=2020-02-30&to=2020-03-10', 'from'],
      ['/sms/search?query=x&from=2020-03-10&to=10.03.2020', 'to'],
      ['/sms/search?query=x&from=2020-03-10&to=2020-03-09', 'to'],
      ['/sms/search?query=x&from=2010-03-10&to=2020-03-09', 'to'],
      ['/sms/search?query=x&from=2020-03-10&to=2020-03-10&count=0', 'count'],
      ['/sms/statistics?from=2020-03-10', 'to'],
    ];
    for (const [path, field] of cases) {
      const r = await api.get(path, admin);
      expect(r.status, path).toBe(400);
      expect(r.body.errors[0].field, path).toBe(field);
    }
    const order = await api.get('/sms/search?query=x&from=2020-03-10&to=2020-03-09', admin);
    expect(order.body.errors[0]).toMatchObject({ code: 'smsUntilBeforeFrom', message: 'Until must not be before from' });
  });

  it('is refused to roles other than the administrator (403)', async () => {
    const tier1 = await api.signIn('tier1');
    for (const path of ['/sms/search?query=x&from=2020-03-10&to=2020-03-10', '/sms/statistics', '/sms/gsmSearch', '/csv/generate/sms?from=2020-03-10&to=2020-03-10']) {
      expect((await api.get(path, tier1)).status, path).toBe(403);
    }
    expect((await api.post('/updateWhiteListNumber', { number: '+4930123456789', is_allowed: true }, tier1)).status).toBe(403);
  });
});

describe('GET /sms/statistics', () => {
  it('sums sms_statistic over every day, or over the days of the range, until included', async () => {
    await api.pool.query(`INSERT INTO sms_statistic (day, created, sent, errors, received, replies) VALUES ('2020-03-10', 1, 2, 3, 4, 5), ('2020-03-11', 10, 20, 30, 40, 50)`);
    const all = (await api.get('/sms/statistics', admin)).body.model;
    const sums = (await api.pool.query(`SELECT sum(created)::int AS created, sum(sent)::int AS sent, sum(errors)::int AS errors, sum(received)::int AS received, sum(replies)::int AS replies FROM sms_statistic`)).rows[0];
    // less the seeded test owners' messages (docs/statistics.md "Test owners")
    const tests = (await api.pool.query(`SELECT count(*) FILTER (WHERE m.direction = 'OUTBOUND')::int AS created, count(*) FILTER (WHERE m.direction = 'OUTBOUND' AND m.status IN (1, 2))::int AS sent,
        count(*) FILTER (WHERE m.direction = 'OUTBOUND' AND m.status = 3)::int AS errors, count(*) FILTER (WHERE m.direction = 'OUTBOUND' AND m.status = 2)::int AS received,
        count(*) FILTER (WHERE m.direction = 'INBOUND')::int AS replies
      FROM sms_message m JOIN device d ON d.id = m.device_id JOIN owner o ON o.id = d.owner_id WHERE o.is_test`)).rows[0];
    expect(tests.created + tests.replies).toBeGreaterThan(0);
    expect(all).toEqual(Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, (v as number) - tests[k]])));
    expect(all.created).toBeGreaterThan(11);
    // one day is that day: 2020-03-11 00:30 ("extra hour") is not counted
    expect((await api.get('/sms/statistics?from=2020-03-10&to=2020-03-10', admin)).body.model).toEqual({ created: 1, sent: 2, errors: 3, received: 4, replies: 5 });
    expect((await api.get('/sms/statistics?from=2020-03-10&to=2020-03-12', admin)).body.model).toEqual({ created: 11, sent: 22, errors: 33, received: 44, replies: 55 });
    expect((await api.get('/sms/statistics?from=2020-03-10&to=2020-03-11', admin)).body.model).toEqual({ created: 11, sent: 22, errors: 33, received: 44, replies: 55 });
    expect((await api.get('/sms/statistics?from=2020-03-11&to=2020-03-11', admin)).body.model).toEqual({ created: 10, sent: 20, errors: 30, received: 40, replies: 50 });
  });
});

describe('GET /sms/statistics leaves test owners out', () => {
  // A message of a test owner's device and its counter rows, as the pipeline writes them (sms_statistic_delta, on the
  // message's UTC day): an outbound one the device received and the device's reply.
  async function traffic(device: number, day: string) {
    await insert({ created: `${day}T12:00:00Z`, message: 'counted?', key: 'STATUS', device, status: 2 });
    await insert({ created: `${day}T12:01:00Z`, message: 'STATUS:OK', key: 'STATUS', device, direction: 'INBOUND', status: 2 });
    await api.pool.query(`INSERT INTO sms_statistic_delta (day, created, sent, errors, received, replies) VALUES ($1, 1, 1, 0, 1, 0), ($1, 0, 0, 0, 0, 1)`, [day]);
  }
  const stats = async (q = '') => (await api.get(`/sms/statistics${q}`, admin)).body.model;

  it("a test owner's device's SMS changes no figure, of its day or of every day; a real owner's device's does", async () => {
    const tester = (await api.pool.query(`SELECT d.id FROM device d JOIN owner o ON o.id = d.owner_id WHERE o.is_test ORDER BY d.id LIMIT 1`)).rows[0].id;
    const real = (await api.pool.query(`SELECT d.id FROM device d JOIN owner o ON o.id = d.owner_id WHERE NOT o.is_test ORDER BY d.id LIMIT 1`)).rows[0].id;
    const day = '?from=2020-04-02&to=2020-04-02';
    const before = { day: await stats(day), all: await stats() };
    await traffic(tester, '2020-04-02');
    expect(await stats(day)).toEqual(before.day);
    expect(await stats()).toEqual(before.all);
    await traffic(real, '2020-04-02');
    const one = { created: 1, sent: 1, errors: 0, received: 1, replies: 1 };
    const plus = (a: Record<string, number>) => Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v + one[k as keyof typeof one]]));
    expect(await stats(day)).toEqual(plus(before.day));
    expect(await stats()).toEqual(plus(before.all));
  });
});

describe('SMS exports by hash', () => {
  async function download(kind: string, hash: string, token = admin) {
    const res = await fetch(`${api.base}/api/csv/${kind}?hash=${hash}`, { headers: { authorization: `Bearer ${token}`, 'request-origin': 'console' } });
    return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), text: await res.text() };
  }

  it('streams every message, or those in error, of the range and query, with the formula guard', async () => {
    const gen = await api.get('/csv/generate/sms?query=%2B34600111222&from=2020-03-10&to=2020-03-10', admin);
    expect(gen.status).toBe(200);
    const hash = gen.body.model.hash;
    const global = await download('sms_global', hash);
    expect(global.status).toBe(200);
    expect(global.type).toMatch(/^text\/csv/);
    expect(global.disposition).toContain('sms_global_2020-03-10_2020-03-10.csv');
    const lines = global.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('created (UTC),direction,device_id,imei,gsm_number,command_key,message,status,gateway,sent_at (UTC),received_at (UTC),error');
    expect(lines.slice(1)).toEqual([
      `2020-03-10 07:00:00,OUTBOUND,,,+34600111222,CUSTOM,"'=HYPERLINK(""http://evil"")",error,,,,${ERROR_TEXT}`,
      `2020-03-10 09:00:00,OUTBOUND,,,+34600111222,CUSTOM,Hello WORLD from support,sent,,,,`,
    ]);
    const errors = await download('sms_error', hash);
    expect(errors.text.trimEnd().split('\r\n')).toHaveLength(2);
    expect(errors.text).toContain('HYPERLINK');

    const range = (await api.get('/csv/generate/sms?from=2020-03-10&to=2020-03-10', admin)).body.model.hash;
    expect((await download('sms_global', range)).text.trimEnd().split('\r\n')).toHaveLength(1 + 33);
    expect((await download('sms_error', range)).text.trimEnd().split('\r\n')).toHaveLength(1 + 1);
    // until included: the next day's messages come with it
    const two = (await api.get('/csv/generate/sms?from=2020-03-10&to=2020-03-11', admin)).body.model.hash;
    expect((await download('sms_global', two)).text.trimEnd().split('\r\n')).toHaveLength(1 + 35);
  });

  it('gives a hash back only to its owner, before it expires (404 otherwise)', async () => {
    const hash = (await api.get('/csv/generate/sms?from=2020-03-10&to=2020-03-10', admin)).body.model.hash;
    const other = randomBytes(24).toString('hex');
    await api.pool.query(
      `INSERT INTO csv_export (hash, kind, params, created_by, expires_at)
       VALUES ($1, 'sms_traffic', '{"query": null, "from": "2020-03-10", "to": "2020-03-10"}', (SELECT id FROM backoffice_user WHERE username = 'tier1'), now() + interval '1 hour')`,
      [other],
    );
    expect((await download('sms_global', other)).status).toBe(404);
    await api.pool.query(`UPDATE csv_export SET expires_at = now() - interval '1 second' WHERE hash = $1`, [hash]);
    expect((await download('sms_error', hash)).status).toBe(404);
    expect((await download('sms_global', 'zz')).status).toBe(400);
  });
});

describe('carrier whitelist', () => {
  const save = (body: unknown) => api.post('/updateWhiteListNumber', body, admin);

  it('adds a number in E.164 however it is typed, audited with the change, and finds it by its digits', async () => {
    const added = await save({ number: '0049 30 1234-5678', is_allowed: false, comment: ' Test line ' });
    expect(added.status).toBe(200);
    expect(added.body.model).toMatchObject({ number: '+493012345678', is_allowed: false, comment: 'Test line' });
    const audit = await api.pool.query(`SELECT action, area, before, after FROM audit_event WHERE entity = 'gsm_whitelist_number' AND entity_id = $1`, [String(added.body.model.id)]);
    expect(audit.rows).toEqual([{ action: 'POST /updateWhiteListNumber', area: 'carrierWhitelist', before: null, after: added.body.model }]);

    const found = await api.get('/sms/gsmSearch?query=%2B49%2030%201234', admin);
    expect(found.body.model.items.map((i: { number: string }) => i.number)).toEqual(['+493012345678']);
    const byComment = await api.get('/sms/gsmSearch?query=TEST%20line', admin);
    expect(byComment.body.model.items.map((i: { number: string }) => i.number)).toEqual(['+493012345678']);
    const all = await api.get('/sms/gsmSearch', admin);
    expect(all.body.model.items).toHaveLength(25);
    expect(all.body.model.total_pages).toBe(Math.ceil((await api.pool.query('SELECT count(*)::int AS n FROM gsm_whitelist_number')).rows[0].n / 25));
  });

  it('sorts by a whitelisted column and direction; another sort is a 400 naming the field', async () => {
    const numbers = async (qs: string) => {
      const r = await api.get(`/sms/gsmSearch?${qs}`, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.model.items as { id: number; number: string; is_allowed: boolean; updated_at: string }[];
    };
    const desc = await numbers('sort=number&dir=desc');
    const top = (await api.pool.query('SELECT number FROM gsm_whitelist_number ORDER BY number DESC, id LIMIT 25')).rows.map((r) => r.number);
    expect(desc.map((n) => n.number)).toEqual(top);
    const allowedFirst = await numbers('sort=is_allowed&dir=desc&count=100');
    const flags = allowedFirst.map((n) => n.is_allowed);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    const newest = await numbers('sort=updated_at&dir=desc');
    expect(newest.map((n) => n.updated_at)).toEqual([...newest.map((n) => n.updated_at)].sort().reverse());
    const bad = await api.get('/sms/gsmSearch?sort=number%20desc', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'sort', message: 'sort must be one of number, is_allowed, comment, updated_at' })]);
    expect((await api.get('/sms/gsmSearch?dir=DESC', admin)).body.errors[0].field).toBe('dir');
  });

  it('edits by id; a number taken is a 409 on number, an unknown id a 404, a bad number a 400 naming it', async () => {
    const a = (await save({ number: '+493099990001', is_allowed: true })).body.model;
    const b = (await save({ number: '493099990002', is_allowed: true, comment: 'b' })).body.model;
    expect(b.number).toBe('+493099990002');

    const edited = await save({ id: a.id, number: '+49 30 9999 0003', is_allowed: false, comment: '' });
    expect(edited.status).toBe(200);
    expect(edited.body.model).toMatchObject({ id: a.id, number: '+493099990003', is_allowed: false, comment: null });
    const trail = await api.pool.query(`SELECT before, after FROM audit_event WHERE entity = 'gsm_whitelist_number' AND entity_id = $1 ORDER BY id`, [String(a.id)]);
    expect(trail.rows.at(-1)).toEqual({ before: a, after: edited.body.model });

    const dupAdd = await save({ number: '004930 99990002', is_allowed: true });
    expect(dupAdd.status).toBe(409);
    expect(dupAdd.body.errors[0]).toMatchObject({ field: 'number', code: 'duplicate' });
    const dupEdit = await save({ id: a.id, number: '+493099990002', is_allowed: true });
    expect(dupEdit.status).toBe(409);
    expect((await api.pool.query('SELECT number FROM gsm_whitelist_number WHERE id = $1', [a.id])).rows[0].number).toBe('+493099990003');

    expect((await save({ id: 2_000_000_000, number: '+493099990009', is_allowed: true })).status).toBe(404);
    for (const [body, field] of [
      [{ number: 'abc', is_allowed: true }, 'number'],
      [{ number: '+49123', is_allowed: true }, 'number'],
      [{ number: '+0493099990001', is_allowed: true }, 'number'],
      [{ number: '+493099990010' }, 'is_allowed'],
      [{ number: '+493099990010', is_allowed: true, comment: 'x'.repeat(201) }, 'comment'],
      [{ id: 0, number: '+493099990010', is_allowed: true }, 'id'],
    ] as const) {
      const r = await save(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errors[0].field).toBe(field);
    }
    const bad = await save({ number: 'abc', is_allowed: true });
    expect(bad.body.errors[0]).toMatchObject({ code: 'e164Number', params: { min: 8, max: 15 } });
  });
});
