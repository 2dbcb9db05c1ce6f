import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './harness.js';

// §7 GET /csv/generate and its forms (docs/architecture.md "Exports and downloads", the docs' CSV section): each form
// reaches its own generator, with that generator's role rule and audit record. Messages of April 2020, which the seeded
// history does not reach.
let api: TestApi;
let admin: string;
let tier1: string;

beforeAll(async () => {
  api = await startApi();
  admin = await api.signIn('admin');
  tier1 = await api.signIn('tier1');
  await api.pool.query(
    `INSERT INTO sms_message (command_key, message, gsm_number, direction, status, created)
     VALUES ('STATUS', 'april first', '+4915550009999', 'OUTBOUND', 1, '2020-04-01T10:00:00Z'),
            ('STATUS', 'april second', '+4915550009999', 'OUTBOUND', 1, '2020-04-02T23:30:00Z')`,
  );
});
afterAll(() => api?.close());

async function download(kind: string, hash: string, token = admin) {
  const res = await fetch(`${api.base}/api/csv/${kind}?hash=${hash}`, { headers: { authorization: `Bearer ${token}`, 'request-origin': 'console' } });
  return { status: res.status, disposition: res.headers.get('content-disposition') ?? '', text: await res.text() };
}
const auditOf = async (hash: string) =>
  (await api.pool.query(`SELECT action, area FROM audit_event WHERE after->>'hash' = $1 ORDER BY id`, [hash])).rows;

describe('GET /csv/generate (§7 forms)', () => {
  it('?from&to prepares the SMS exports of the range, audited as the SMS export, refused to roles without the SMS area', async () => {
    const gen = await api.get('/csv/generate?from=2020-04-01&to=2020-04-02', admin);
    expect(gen.status, JSON.stringify(gen.body)).toBe(200);
    const hash = gen.body.model.hash as string;
    const global = await download('sms_global', hash);
    expect(global.status).toBe(200);
    expect(global.text).toContain('april first');
    expect(await auditOf(hash)).toEqual([{ action: 'GET /csv/generate/sms', area: 'sms' }]);
    expect((await api.get('/csv/generate?from=2020-04-01&to=2020-04-02', tier1)).status).toBe(403);
  });

  it('?from&to&query and ?query alone prepare the SMS exports of that query', async () => {
    const both = await api.get('/csv/generate?query=april%20first&from=2020-04-01&to=2020-04-02', admin);
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    const text = (await download('sms_global', both.body.model.hash)).text;
    expect(text).toContain('april first');
    expect(text).not.toContain('april second');
    // a query alone: the longest range a search covers, until today
    const alone = await api.get('/csv/generate?query=STATUS', admin);
    expect(alone.status, JSON.stringify(alone.body)).toBe(200);
    expect((await download('sms_global', alone.body.model.hash)).status).toBe(200);
  });

  it('refuses one day without the other on the missing field, and a device without a day on date', async () => {
    const noTo = await api.get('/csv/generate?from=2020-04-01', admin);
    expect(noTo.status).toBe(400);
    expect(noTo.body.errors[0].field).toBe('to');
    const noFrom = await api.get('/csv/generate?to=2020-04-01&query=x', admin);
    expect(noFrom.status).toBe(400);
    expect(noFrom.body.errors[0].field).toBe('from');
    const device = (await api.pool.query(`SELECT id FROM device ORDER BY id LIMIT 1`)).rows[0].id;
    const noDate = await api.get(`/csv/generate?device_id=${device}`, admin);
    expect(noDate.status).toBe(400);
    expect(noDate.body.errors[0].field).toBe('date');
  });
});

describe('date-times in every CSV (§9)', () => {
  it('writes YYYY-MM-DD HH:mm:ss in the chosen zone, which the time columns name', async () => {
    const device = (await api.pool.query(`SELECT id FROM device ORDER BY id LIMIT 1`)).rows[0].id as number;
    await api.pool.query(`INSERT INTO device_communication (device_id, time, kind) VALUES ($1, '2020-04-05T22:30:00Z', 'heartbeat')`, [device]);
    // 22:30 UTC is 00:30 of the next day in Berlin (summer time)
    const gen = await api.get(`/csv/generate?device_id=${device}&date=2020-04-06&tz=Europe%2FBerlin`, admin);
    expect(gen.status, JSON.stringify(gen.body)).toBe(200);
    const lines = (await download('communications', gen.body.model.hash)).text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('time (Europe/Berlin),kind,gap_seconds,latitude,longitude,signal,battery');
    expect(lines[1]).toMatch(/^2020-04-06 00:30:00,heartbeat,/);
  });
});

describe('until is a day included (issue 22)', () => {
  it('the SMS search, its statistics and its export of from..until all count the until day', async () => {
    await api.pool.query(`INSERT INTO sms_statistic (day, created, sent, errors, received) VALUES ('2020-04-02', 5, 5, 0, 0)`);
    const search = await api.get('/sms/search?query=april&from=2020-04-01&to=2020-04-02', admin);
    expect(search.body.model.items.map((i: { message: string }) => i.message)).toEqual(['april second', 'april first']);
    const stats = await api.get('/sms/statistics?from=2020-04-01&to=2020-04-02', admin);
    expect(stats.body.model.created).toBe(5);
    const gen = await api.get('/csv/generate?from=2020-04-01&to=2020-04-02', admin);
    const text = (await download('sms_global', gen.body.model.hash)).text;
    expect(text).toContain('april second');
    expect((await download('sms_global', gen.body.model.hash)).disposition).toContain('sms_global_2020-04-01_2020-04-02.csv');
  });
});

describe('phone numbers in a CSV', () => {
  it('are numbers to a CSV parser (and a spreadsheet), not formulas', async () => {
    const { parse } = await import('csv-parse/sync');
    const gen = await api.get('/csv/generate?query=april%20first&from=2020-04-01&to=2020-04-01', admin);
    const text = (await download('sms_global', gen.body.model.hash)).text;
    const [header, row] = parse(text, { cast: true }) as (string | number)[][];
    const cell = row![header!.indexOf('gsm_number')];
    expect(cell).toBe(4915550009999);
    expect(text).toContain(',+4915550009999,');
  });
});

describe('?from&to and the active devices report', () => {
  it("the range's hash downloads the caller's newest DONE report of that range at /csv/active_devices", async () => {
    const device = (await api.pool.query(`SELECT id, imei FROM device ORDER BY id LIMIT 1`)).rows[0];
    const run = (
      await api.pool.query(
        `INSERT INTO report_run (kind, params, status, result, created_by)
         VALUES ('active_devices', '{"from": "2020-04-01", "to": "2020-04-02"}', 'DONE', '{"total": 1}', (SELECT id FROM backoffice_user WHERE username = 'admin'))
         RETURNING id`,
      )
    ).rows[0].id;
    await api.pool.query(
      `INSERT INTO report_active_device (run_id, device_id, first_seen, last_seen, communications) VALUES ($1, $2, '2020-04-01T08:00:00Z', '2020-04-02T09:30:00Z', 4)`,
      [run, device.id],
    );
    const gen = await api.get('/csv/generate?from=2020-04-01&to=2020-04-02', admin);
    const csv = await download('active_devices', gen.body.model.hash);
    expect(csv.status).toBe(200);
    expect(csv.disposition).toContain('active_devices_2020-04-01_2020-04-02.csv');
    expect(csv.text.trimEnd().split('\r\n')[1]).toMatch(new RegExp(`^${device.id},${device.imei},.*,2020-04-01 08:00:00,2020-04-02 09:30:00,4$`));
    // no DONE report of another range, nor for a query's hash: 404
    const other = await api.get('/csv/generate?from=2020-04-01&to=2020-04-03', admin);
    expect((await download('active_devices', other.body.model.hash)).status).toBe(404);
    const query = await api.get('/csv/generate?query=x&from=2020-04-01&to=2020-04-02', admin);
    expect((await download('active_devices', query.body.model.hash)).status).toBe(404);
  });
});
