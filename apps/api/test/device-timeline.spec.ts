// The device timeline (docs/device-workspace.md "Timeline"): the merge of its sources newest first, the cursor across
// pages while entries arrive, the kinds filter and the search, each role seeing what its tabs show, unread alarms on
// top and their acknowledgement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './harness.js';

let api: TestApi;
let admin: string;
/** partner A's (type 2) device whose history the spec writes, in 2031 (newer than anything seeded) */
let d: { id: number; imei: string };
beforeAll(async () => {
  api = await startApi();
  admin = await api.signIn('admin');
  const r = await api.pool.query<{ id: number; imei: string }>(
    "SELECT id, imei FROM device WHERE device_type_id = 2 AND owner_id IS NOT NULL AND gsm_number IS NOT NULL ORDER BY id LIMIT 1",
  );
  d = r.rows[0]!;
}, 120_000);
afterAll(() => api?.close());

const T = (minute: number, ms = 0) => new Date(Date.UTC(2031, 0, 1, 10, minute, 0, ms)).toISOString();
const q = (sql: string, values: unknown[] = []) => api.pool.query(sql, values);
type Page = { items: { cursor: string; at: string; source: string; kind: string; id: number; what: string; code: string | null; text: string | null; reply: string | null; state: string | null; by: any; unread: boolean; link: any; params: any }[]; next: string | null; alarms: any[] };
const page = async (query: string, token = admin) => {
  const r = await api.get<{ model: Page }>(`/device/timeline?device_id=${d.id}&${query}`, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.model;
};
/** Every entry of the spec's year, paging `count` at a time (`between` runs after each page: entries arriving). */
async function all(count: number, query = '', between?: (n: number) => Promise<void>) {
  const out: Page['items'] = [];
  let before: string | null = null;
  for (let n = 0; n < 100; n++) {
    const p: Page = await page(`count=${count}${query}${before ? `&before=${before}` : ''}`);
    out.push(...p.items);
    if (between) await between(n);
    if (!p.next || p.items.some((i) => !i.at.startsWith('2031'))) break;
    before = p.next;
  }
  return out.filter((i) => i.at.startsWith('2031'));
}

beforeAll(async () => {
  // a command with its reply (one entry), a setting pushed and confirmed, an alarm, a stray reply, a log upload, a gap,
  // an audit row, a safe-zone entry, an invalid fix, a failed push, a rollout's outcome and a modem step
  const cmd = await q(
    `INSERT INTO sms_message (command_key, message, device_id, direction, status, created, created_by, answered_at, expires_at)
     VALUES ('LOCATE', 'WHERE#', $1, 'OUTBOUND', 2, $2, 1, $2, $2) RETURNING id`,
    [d.id, T(1)],
  );
  await q(`INSERT INTO sms_message (command_key, message, device_id, direction, status, created, reply_to, kind) VALUES ('LOCATE', 'LOC:OK', $1, 'INBOUND', 2, $2, $3, 'reply')`, [d.id, T(2), cmd.rows[0].id]);
  const set = await q(`INSERT INTO sms_message (command_key, message, device_id, direction, status, created, answered_at) VALUES ('SETTING_5', 'SETTING,5,3#', $1, 'OUTBOUND', 2, $2, $2) RETURNING id`, [d.id, T(3)]);
  await q(`INSERT INTO sms_message (command_key, message, device_id, direction, status, created, reply_to, kind) VALUES ('SETTING_5', 'SETTING,5,3:OK', $1, 'INBOUND', 2, $2, $3, 'reply')`, [d.id, T(4), set.rows[0].id]);
  await q(`INSERT INTO sms_message (message, device_id, direction, status, created, kind, event_code) VALUES ('SOS:ALARM', $1, 'INBOUND', 2, $2, 'alarm', 'sos')`, [d.id, T(5)]);
  await q(`INSERT INTO sms_message (message, device_id, direction, status, created, kind) VALUES ('RESET:OK', $1, 'INBOUND', 2, $2, 'unmatched')`, [d.id, T(6)]);
  await q(`INSERT INTO device_log (device_id, file_name, log_level, duration, created) VALUES ($1, 'timeline-spec.log', 3, 30, $2)`, [d.id, T(7)]);
  await q(`INSERT INTO device_communication (device_id, time, kind, gap_seconds) VALUES ($1, $2, 'heartbeat', 7200), ($1, $3, 'heartbeat', 60)`, [d.id, T(8), T(8, 500)]);
  await q(`INSERT INTO audit_event (actor_id, actor_name, action, area, entity, entity_id, device_id, status, before, after, ip, created)
           VALUES (1, 'admin', 'device.update', 'device', 'device', $1::text, $1::int, 4, '{"enabled": true}', '{"enabled": false}', '10.0.0.7', $2)`, [d.id, T(9)]);
  await q(`INSERT INTO safe_zone_log (device_id, type, time) VALUES ($1, 9, $2)`, [d.id, T(10)]);
  await q(`INSERT INTO location (device_id, time, latitude, longitude, is_valid, source, reason) VALUES ($1, $2, 0, 0, false, 0, 1), ($1, $3, 52, 13, true, 1, 1)`, [d.id, T(11), T(11, 1)]);
  await q(`INSERT INTO notification (device_id, platform, message, status, error_code, created) VALUES ($1, 'ANDROID', 'x', 3, 401, $2)`, [d.id, T(12)]);
  await q(`INSERT INTO firmware_ota_activity (request_id, device_id, imei, status, to_version, finished_at, error_code, error_params) VALUES (1, $1, $2, 3, 'W9', $3, 'firmwareDeviceError', '{"reason": "CHECKSUM"}')`, [d.id, d.imei, T(13)]);
  const m = await q(`INSERT INTO modem_update_task (device_id, imei, task_count, status, deadline_at) VALUES ($1, $2, 11, 'FAILED', $3) RETURNING id`, [d.id, d.imei, T(20)]);
  await q(`INSERT INTO modem_update_step (modem_id, task_id, outcome, code, params, created) VALUES ($1, 3, 'timeout', 'modemTimeout', '{"command": "START_SSP", "minutes": 60}', $2)`, [m.rows[0].id, T(14)]);
}, 60_000);

describe('the merge', () => {
  it('lists every source newest first, a reply under its command, each entry with its kind, fate, sender and tab', async () => {
    const items = await all(50);
    expect(items.map((i) => i.what)).toEqual([
      'modem', 'firmware', 'notification_failed', 'invalid_fix', 'zone_entry', 'staff', 'first_fix', 'gap', 'log_upload', 'unmatched', 'alarm', 'setting', 'command',
    ]);
    const byWhat = Object.fromEntries(items.map((i) => [i.what, i]));
    expect(byWhat.command).toMatchObject({ kind: 'commands', code: 'LOCATE', text: 'WHERE#', reply: 'LOC:OK', state: 'answered', by: { kind: 'person', name: 'admin' }, link: { tab: 'sms' } });
    expect(byWhat.setting).toMatchObject({ kind: 'settings', state: 'confirmed', params: { setting_no: 5, value: '3', reported: '3' }, link: { tab: 'settings' } });
    expect(byWhat.alarm).toMatchObject({ kind: 'watch', code: 'sos', unread: true, by: { kind: 'watch' } });
    expect(byWhat.gap).toMatchObject({ kind: 'watch', params: { from: T(-112) }, link: { tab: 'gaps' } });
    // where the watch was first seen after the gap: the first valid fix after it (not the invalid one before it)
    expect(byWhat.first_fix).toMatchObject({ kind: 'location', at: T(8), params: { fix_at: T(11, 1), source: 1, latitude: 52, longitude: 13 }, link: { tab: 'tracking' } });
    expect(byWhat.staff).toMatchObject({ kind: 'staff', code: 'device.update', by: { kind: 'person', name: 'admin', from: '10.0.0.7' } });
    expect(byWhat.firmware).toMatchObject({ state: 'failed', params: { request_id: 1, version: 'W9' }, link: { tab: 'firmware', ref: 1 } });
    expect(byWhat.modem).toMatchObject({ state: 'timeout', link: { tab: 'modem' } });
    // the reply is no entry of its own; a communication without a long silence neither; a valid fix neither
    expect(items.find((i) => i.text === 'LOC:OK')).toBeUndefined();
  });

  it('pages by cursor without losing or repeating an entry while new ones arrive between pages', async () => {
    const expected = (await all(50)).map((i) => i.cursor);
    let added = 0;
    const paged = await all(2, '', async () => {
      // newer than everything: shows on the next first page, never inside the pages still to come
      await q(`INSERT INTO device_log (device_id, file_name, created) VALUES ($1, $2, $3)`, [d.id, `arrived-${added}.log`, T(30 + added)]);
      added++;
    });
    expect(paged.map((i) => i.cursor)).toEqual(expected);
    // and the newest page has them, newest first; `after` the old first entry answers exactly them
    const top = await page(`count=50&after=${expected[0]}`);
    expect(top.items.map((i) => i.text)).toEqual(Array.from({ length: added }, (_, n) => `arrived-${added - 1 - n}.log`));
    await q(`DELETE FROM device_log WHERE device_id = $1 AND file_name LIKE 'arrived-%'`, [d.id]);
  });

  it('keeps the kinds asked for, and finds entries by their texts', async () => {
    expect((await all(50, '&kinds=settings')).map((i) => i.what)).toEqual(['setting']);
    expect((await all(50, '&kinds=location')).map((i) => i.what)).toEqual(['invalid_fix', 'zone_entry', 'first_fix']);
    expect((await all(50, '&kinds=commands,staff')).map((i) => i.what)).toEqual(['modem', 'firmware', 'staff', 'command']);
    expect((await all(50, '&q=:ok')).map((i) => i.what)).toEqual(['unmatched', 'setting', 'command']);
    expect((await all(50, '&q=timeline-spec')).map((i) => i.what)).toEqual(['log_upload']);
    expect((await api.get(`/device/timeline?device_id=${d.id}&kinds=everything`, admin)).body.errors[0]).toMatchObject({ field: 'kinds' });
    expect((await api.get(`/device/timeline?device_id=${d.id}&before=bm9uZQ`, admin)).body.errors[0]).toMatchObject({ field: 'before', code: 'badFormat' });
  });
});

describe('roles', () => {
  it('each role sees the sources its tabs show: log uploads for 1 and 9, rollouts and modem runs for 1 only; another partner nothing', async () => {
    const whats = async (user: string) =>
      (await api.get<{ model: Page }>(`/device/timeline?device_id=${d.id}&count=50`, await api.signIn(user))).body.model.items.filter((i) => i.at.startsWith('2031')).map((i) => i.what);
    const tier1 = await whats('tier1');
    expect(tier1).toContain('log_upload');
    expect(tier1).not.toContain('firmware');
    expect(tier1).not.toContain('modem');
    const partner = await whats('partnera-tier1');
    expect(partner).toContain('command');
    expect(partner).not.toContain('log_upload');
    expect(partner).not.toContain('firmware');
    expect((await api.get(`/device/timeline?device_id=${d.id}`, await api.signIn('partnerb-tier1'))).status).toBe(403);
    expect((await api.get(`/device/timeline?device_id=${d.id}`, await api.signIn('nologin'))).status).toBe(403);
  });
});

describe('unread alarms', () => {
  it('stay on top until someone marks them read; role 9 may not', async () => {
    const pinned = async () => (await page('count=5')).alarms.map((x) => x.id as number);
    const alarm = (await page('count=5')).alarms.find((a) => a.code === 'sos');
    expect(alarm).toMatchObject({ what: 'alarm', unread: true });
    const id = alarm.id as number;
    expect((await api.post('/device/alarm/ack', { device_id: d.id, id }, await api.signIn('tier1'))).status).toBe(403);
    const ack = await api.post('/device/alarm/ack', { device_id: d.id, id }, admin);
    expect(ack.status, JSON.stringify(ack.body)).toBe(200);
    expect(await pinned()).not.toContain(id);
    expect((await all(50)).find((i) => i.id === id)).toMatchObject({ what: 'alarm', unread: false });
    const audit = await q(`SELECT action, after FROM audit_event WHERE device_id = $1 AND action = 'alarm.ack'`, [d.id]);
    expect(audit.rows[0].after).toMatchObject({ sms_id: id });
    // not an alarm of this device: 404
    expect((await api.post('/device/alarm/ack', { device_id: d.id, id: 1 }, admin)).status).toBe(404);
  });
});

describe('plans', () => {
  it("reads each source through an index on (device, time) in its order, never a scan of the device's history", async () => {
    const { timelineSql } = await import('@tracker/server');
    const { TIMELINE_SOURCES, TIMELINE_KINDS } = await import('@tracker/contract');
    const c = await api.pool.connect();
    try {
      // the planner judges by the statistics: on a device with a few dozen rows a scan and a sort are cheapest, as for a
      // busy one they are not; switched off, a plan keeps them only when no index path gives the rows in order
      for (const k of ['seqscan', 'bitmapscan', 'sort']) await c.query(`SET enable_${k} = off`);
      for (const source of TIMELINE_SOURCES) {
        for (const from of [null, { at: T(10), rank: 3, id: 5 }]) {
          const stmt = timelineSql(source, { deviceId: d.id, dir: 'before', from, kinds: new Set(TIMELINE_KINDS), q: null, limit: 51 })!;
          const plan = JSON.stringify((await c.query(`EXPLAIN (FORMAT JSON) ${stmt.text}`, stmt.values)).rows[0]['QUERY PLAN']);
          expect(plan, `${source}: ${plan}`).not.toContain('"Seq Scan"');
          // read in the index's order from the cursor (an index condition, not a filter) and stopped at the page,
          // except the few rollouts and modem runs of a device
          if (source !== 'firmware' && source !== 'modem') {
            expect(plan, `${source}: ${plan}`).not.toContain('"Node Type":"Sort"');
            const conds = [...plan.matchAll(/"Index Cond":"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!).join(' ');
            if (from) expect(conds, `${source}: ${plan}`).toMatch(/created|time/);
          }
        }
      }
    } finally {
      await c.query('RESET ALL');
      c.release();
    }
  });
});
