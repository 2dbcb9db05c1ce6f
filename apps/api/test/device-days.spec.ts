import { describe, expect, it } from 'vitest';
import { DAY_ROUTE_KIND, DEVICE_DAY_ROUTES, ROUTES } from '@tracker/contract';
import { dataDaysSql } from '../../../libs/server/src/device-workspace/device-workspace.repository.js';
import { apiForFile, type TestApi } from './harness.js';
import { telemetryDevice } from './samples/device-workspace.js';

/** Issue 8 item 15: the day tabs ask which days have data (per tab kind) and open on the last one. */
let api: TestApi;
// partner A: role 12 (device type 2); partner B: role 15 (device type 3); manager: role 10; tier 1: role 9
let admin: string, partnerA: string, partnerB: string, manager: string, tier1: string;
let w1: { id: number; date: string; owner: number };
let w2: { id: number; date: string; owner: number };

const SOURCES = {
  locationDays: ['location', 'time'],
  safezoneLogDays: ['safe_zone_log', 'time'],
  smsDays: ['sms_message', 'created'],
  communicationDays: ['device_communication', 'time'],
  temperatureDays: ['device_temperature', 'time'],
  notificationDays: ['notification', 'created'],
} as const;
const NAMES = Object.keys(DEVICE_DAY_ROUTES) as (keyof typeof DEVICE_DAY_ROUTES)[];

apiForFile(['admin', 'partnera-manager', 'partnerb-tier1', 'manager', 'tier1'], async (started, tokens) => {
  [api, [admin, partnerA, partnerB, manager, tier1]] = [started, tokens];
  w1 = await telemetryDevice(api, 1);
  w2 = await telemetryDevice(api, 2);
});

/** What the answer must be, computed the plain way (every row's day, distinct). */
async function expected(name: keyof typeof SOURCES, deviceId: number, tz: string, month?: string) {
  const [table, column] = SOURCES[name];
  const last = (
    await api.pool.query<{ last: string | null }>(
      `SELECT to_char(max(${column}) AT TIME ZONE $2, 'YYYY-MM-DD') AS last FROM ${table} WHERE device_id = $1`,
      [deviceId, tz],
    )
  ).rows[0]!.last;
  const m = month ?? last?.slice(0, 7);
  const days = (
    await api.pool.query<{ day: string }>(
      `SELECT DISTINCT to_char(${column} AT TIME ZONE $2, 'YYYY-MM-DD') AS day FROM ${table}
       WHERE device_id = $1 AND to_char(${column} AT TIME ZONE $2, 'YYYY-MM') = $3 ORDER BY 1`,
      [deviceId, tz, m],
    )
  ).rows.map((r) => r.day);
  return { last, month: m, days };
}

describe('days with data of the day tabs', () => {
  it('answers, for every tab kind, the last day with data and the days of its month (seeded telemetry)', async () => {
    let withData = 0;
    for (const name of NAMES) {
      const r = await api.get(`${ROUTES[name].path}?device_id=${w1.id}`, admin);
      expect(r.status, name).toBe(200);
      const want = await expected(name, w1.id, 'UTC');
      if (want.last) withData++;
      expect(r.body.model.last, name).toBe(want.last);
      if (want.last) expect(r.body.model, name).toEqual({ month: want.month, days: want.days, last: want.last });
      else expect(r.body.model.days, name).toEqual([]);
    }
    // the seed gives the telemetry device fixes, communications, temperatures and more: most kinds have data
    expect(withData).toBeGreaterThanOrEqual(3);
    const loc = await api.get(`/location/days?device_id=${w1.id}`, admin);
    expect(loc.body.model.last).toBe(w1.date);
    expect(loc.body.model.days).toContain(w1.date);
  });

  it('answers another month when asked, and an empty month with no days', async () => {
    const prev = new Date(`${w1.date.slice(0, 7)}-01T00:00:00Z`);
    prev.setUTCMonth(prev.getUTCMonth() - 1);
    const month = prev.toISOString().slice(0, 7);
    const r = await api.get(`/location/days?device_id=${w1.id}&month=${month}`, admin);
    expect(r.status).toBe(200);
    expect(r.body.model).toEqual({ ...(await expected('locationDays', w1.id, 'UTC', month)), last: w1.date });
    const empty = await api.get(`/location/days?device_id=${w1.id}&month=1999-02`, admin);
    expect(empty.body.model).toEqual({ month: '1999-02', days: [], last: w1.date });
  });

  it('cuts days in the time zone asked for (a fix at 23:30 UTC belongs to the next day in Berlin)', async () => {
    const [d] = (
      await api.pool.query<{ id: number }>(
        `SELECT d.id FROM device d WHERE d.device_type_id = 1 AND NOT EXISTS (SELECT 1 FROM location l WHERE l.device_id = d.id)
         ORDER BY d.id LIMIT 1`,
      )
    ).rows;
    await api.pool.query(
      `INSERT INTO location (device_id, time, latitude, longitude, radius, source, reason)
       VALUES ($1, '2021-03-31T23:30:00Z', 52.5, 13.4, 10, 1, 1), ($1, '2021-03-10T12:00:00Z', 52.5, 13.4, 10, 1, 1)`,
      [d!.id],
    );
    const utc = await api.get(`/location/days?device_id=${d!.id}&tz=UTC`, admin);
    expect(utc.body.model).toEqual({ month: '2021-03', days: ['2021-03-10', '2021-03-31'], last: '2021-03-31' });
    // Berlin is UTC+2 on 31 March 2021 (summer time): the late fix is on 1 April there
    const berlin = await api.get(`/location/days?device_id=${d!.id}&tz=Europe/Berlin`, admin);
    expect(berlin.body.model).toEqual({ month: '2021-04', days: ['2021-04-01'], last: '2021-04-01' });
    const march = await api.get(`/location/days?device_id=${d!.id}&tz=Europe/Berlin&month=2021-03`, admin);
    expect(march.body.model.days).toEqual(['2021-03-10']);
    // a device without data: no last day, the current month, no days
    const none = await api.get(`/sms/days?device_id=${d!.id}`, admin);
    expect(none.status).toBe(200);
    expect(none.body.model.last).toBeNull();
    expect(none.body.model.days).toEqual([]);
    expect(none.body.model.month).toMatch(/^\d{4}-\d{2}$/);
  });

  it("refuses another partner's device (403) on every day route, and an unknown device (404)", async () => {
    for (const name of NAMES) {
      const a = await api.get(`${ROUTES[name].path}?device_id=${w1.id}`, partnerA);
      const b = await api.get(`${ROUTES[name].path}?device_id=${w2.id}`, partnerB);
      // (temperature days are refused to both by area already; the others by device scope)
      expect(a.status, `${name} partner A, type 1`).toBe(403);
      expect(b.status, `${name} partner B, type 2`).toBe(403);
      expect(JSON.stringify(a.body)).not.toContain('"days"');
      expect(JSON.stringify(b.body)).not.toContain('"days"');
      const unknown = await api.get(`${ROUTES[name].path}?device_id=99999999`, admin);
      expect(unknown.status, name).toBe(404);
      expect(unknown.body.code).toBe('DEVICE_NOT_FOUND');
    }
    const own = await api.get(`/location/days?device_id=${w2.id}`, partnerA);
    expect(own.status).toBe(200);
    expect(own.body.model.last).toBe(w2.date);
  });

  it('follows the areas of the tabs: temperature days for roles 1 and 9 only (§6 device temp)', async () => {
    expect(ROUTES.temperatureDays.area).toBe('deviceLogs');
    expect((await api.get(`/device/temperature/days?device_id=${w1.id}`, tier1)).status).toBe(200);
    expect((await api.get(`/device/temperature/days?device_id=${w1.id}`, manager)).status).toBe(403);
    expect((await api.get(`/location/days?device_id=${w1.id}`, manager)).status).toBe(200);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['/location/days', 'device_id'],
      ['/location/days?device_id=abc', 'device_id'],
      [`/location/days?device_id=${w1.id}&month=2021-13`, 'month'],
      [`/location/days?device_id=${w1.id}&month=2021-3`, 'month'],
      [`/location/days?device_id=${w1.id}&month=0000-01`, 'month'],
      [`/location/days?device_id=${w1.id}&month=%00`, 'month'],
      [`/location/days?device_id=${w1.id}&tz=Mars/Base`, 'tz'],
      [`/location/days?device_id=${w1.id}&tz=US/Pacific-New`, 'tz'],
    ];
    for (const [path, field] of cases) {
      const r = await api.get(path, admin);
      expect(r.status, path).toBe(400);
      expect(r.body.code, path).toBe('VALIDATION_FAILED');
      expect(r.body.errors[0].field, path).toBe(field);
    }
  });

  it('reads only the (device_id, time) indexes: EXPLAIN on the seeded data shows no sequential scan', async () => {
    const c = await api.pool.connect();
    try {
      for (const name of NAMES) {
        const kind = DAY_ROUTE_KIND[name];
        const [table] = SOURCES[name];
        const sql = dataDaysSql(kind);
        for (const [text, values] of [
          [sql.last, [w1.id, 'Europe/Berlin']],
          [sql.days, [w1.id, `${w1.date.slice(0, 7)}-01`, 'Europe/Berlin']],
        ] as const) {
          const plan = (await c.query<{ 'QUERY PLAN': string }>({ text: `EXPLAIN ${text}`, values: [...values] })).rows
            .map((r) => r['QUERY PLAN'])
            .join('\n');
          expect(plan, `${name}\n${plan}`).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
          expect(plan, `${name}\n${plan}`).toMatch(new RegExp(`Index (Only )?Scan(?: Backward)? using \\w+ on ${table}\\b`));
        }
      }
    } finally {
      c.release();
    }
  });
});
