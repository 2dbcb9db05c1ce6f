import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_STATS_SQL, startSmsWorld, smsRow, watches, type SmsWorld } from './sms-helpers.js';
import { eventually } from './harness.js';

// Sends through the real path: api -> Postgres -> BullMQ -> worker -> twilio SDK -> fleet-sim -> signed callbacks and
// the watches' replies -> our webhooks. Every wait is for a condition.
let w: SmsWorld;
let admin: string;
let narrow: { id: number; gsm: string };
beforeAll(async () => {
  w = await startSmsWorld({ worker: false });
  admin = await w.api.signIn('admin');
  // routing: a gateway serving one number's longer code (before the worker starts: it reads the gateways then)
  [narrow] = (await watches(w.api, 1, 1, 50)) as [{ id: number; gsm: string }];
  await w.api.pool.query(
    `INSERT INTO sms_gateway (id, name, allowed, provider, from_number, rate_per_second, enabled) VALUES (9, 'Narrow', $1, 'twilio', '+15005550009', 10, true)`,
    [[narrow.gsm.slice(0, 6)]],
  );
  await w.startWorker();
});
afterAll(() => w?.close());

// received and its send recorded (a watch's reply can settle a message before the worker records the gateway's sid)
const received = (id: number) =>
  eventually(async () => {
    const m = await smsRow(w.api, id);
    return m.status === 2 && m.gateway_message_id ? m : null;
  }, { what: `sms ${id} received and recorded as sent`, deadline: 60_000 });
const replyOf = (id: number) =>
  eventually(async () => (await w.api.pool.query('SELECT * FROM sms_message WHERE reply_to = $1', [id])).rows[0], { what: `reply to sms ${id}`, deadline: 60_000 });

describe('one message', () => {
  it('is stored as created, sent through the gateway and received, with the watch reply matched to it', async () => {
    const [d] = await watches(w.api, 1, 1);
    const r = await w.api.post('/sms/send', { command_key: 'STATUS', message: '', device_id: d!.id }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.model).toMatchObject({ device_id: d!.id, command_key: 'STATUS', message: 'STATUS#', status: 0 });
    const m = await received(r.body.model.id);
    expect(m.gateway_message_id).toMatch(/^SM/);
    expect(m.gateway_id).toBe(1);
    const reply = await replyOf(m.id);
    expect(reply).toMatchObject({ direction: 'INBOUND', status: 2, device_id: d!.id, command_key: 'STATUS' });
    expect(reply.message).toMatch(/^STATUS:BAT=/);
    // the device tab lists both, the reply pointing at its command
    const day = new Date().toISOString().slice(0, 10);
    const list = await w.api.get(`/sms/list?device_id=${d!.id}&date=${day}&tz=UTC`, admin);
    expect(list.status).toBe(200);
    expect(list.body.model.find((x: { id: number }) => x.id === Number(reply.id)).reply_to).toBe(Number(m.id));
    // written with its audit row
    const audit = await w.api.pool.query(`SELECT * FROM audit_event WHERE action = 'POST /sms/send' AND entity_id = $1`, [String(m.id)]);
    expect(audit.rowCount).toBe(1);
    await eventually(() => w.sim.control.handsets(d!.gsm).length > 0, { what: 'handset counted', deadline: 60_000 });
    expect(w.sim.control.handsets(d!.gsm)).toEqual([{ to: d!.gsm, body: 'STATUS#', count: 1 }]);
  });

  it('a setting push is confirmed by the watch reply (pending -> synced), a refusal fails it with the reason', async () => {
    const [d] = await watches(w.api, 1, 1, 3);
    const push = await w.api.get(`/setting/push?device_id=${d!.id}&setting_no=5`, admin);
    expect(push.status, JSON.stringify(push.body)).toBe(200);
    const settingOf = async () =>
      ((await w.api.get(`/setting/all?device_id=${d!.id}`, admin)).body.model as { setting_no: number; synced: boolean; last_push: any }[]).find(
        (x) => x.setting_no === 5,
      )!;
    expect((await settingOf()).synced).toBe(false);
    const s = await eventually(async () => ((await settingOf()).synced ? settingOf() : null), { what: 'setting 5 confirmed', deadline: 60_000 });
    expect(s.last_push).toMatchObject({ sms_id: push.body.model.sms_id, status: 2, error: null });
    const reply = await replyOf(push.body.model.sms_id);
    expect(reply.message).toMatch(/^SETTING,5,.*:OK$/);

    // a setting this watch's firmware does not know (added to the type after the watch read its settings): refused
    await w.api.pool.query(`INSERT INTO default_setting (device_type_id, setting_no, name, value, editable) VALUES (1, 77, 'new_feature', '1', true)`);
    const refused = await w.api.get(`/setting/push?device_id=${d!.id}&setting_no=77`, admin);
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    const s77 = async () => ((await w.api.get(`/setting/all?device_id=${d!.id}`, admin)).body.model as { setting_no: number; synced: boolean; last_push: any }[]).find((x) => x.setting_no === 77)!;
    const failed = await eventually(async () => ((await s77()).last_push?.status === 3 ? s77() : null), { what: 'setting 77 refused', deadline: 60_000 });
    expect(failed.synced).toBe(false);
    expect(failed.last_push).toMatchObject({ error_code: 'smsDeviceRefused', error_params: { reason: 'UNKNOWN_SETTING' }, error: 'The device refused: UNKNOWN_SETTING' });
  });

  it('a command the watch does not know ends error with the watch reason', async () => {
    const [d] = await watches(w.api, 1, 1, 4);
    const r = await w.api.post('/sms/send', { command_key: 'CUSTOM', message: 'MAKE_COFFEE#', device_id: d!.id }, admin);
    expect(r.status).toBe(200);
    const m = await eventually(async () => ((await smsRow(w.api, r.body.model.id)).status === 3 ? smsRow(w.api, r.body.model.id) : null), { what: 'refused', deadline: 60_000 });
    expect(m.error_code).toBe('smsDeviceUnknownCommand');
  });

  it('start-log and send-log reach the watch; the uploaded log appears in the logs tab', async () => {
    const [d] = await watches(w.api, 1, 1, 5);
    const logsBefore = (await w.api.pool.query('SELECT count(*)::int AS n FROM device_log WHERE device_id = $1', [d!.id])).rows[0].n;
    const start = await w.api.post('/sms/send/startlog', { duration: 30, logLevel: 2, deviceId: d!.id }, admin);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body.model.message).toBe('LOG,START,30,2#');
    expect((await replyOf(start.body.model.id)).message).toMatch(/^LOG:STARTED/);
    const send = await w.api.post('/sms/send/sendlog', { deviceId: d!.id }, admin);
    expect(send.status).toBe(200);
    expect((await replyOf(send.body.model.id)).message).toMatch(/^LOG:SENT,/);
    await eventually(async () => (await w.api.pool.query('SELECT count(*)::int AS n FROM device_log WHERE device_id = $1', [d!.id])).rows[0].n > logsBefore, { what: 'log upload', deadline: 60_000 });
  });
});

describe('a campaign', () => {
  it('stores every message at once, sends each exactly once, and its progress ends all received', async () => {
    const ds = await watches(w.api, 1, 30, 10);
    const r = await w.api.confirmed('POST', '/sms/sendBulk', { command_key: 'LOCATE', message: '', devices: ds.map((d) => d.id), device_type: 1 }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.model).toMatchObject({ total: 30, command_key: 'LOCATE', message: 'WHERE#', done: false });
    // SMS_FIGURES: every message created; each is waiting, sent (received included) or failed
    expect(r.body.model.created).toBe(30);
    expect(r.body.model.waiting + r.body.model.sent + r.body.model.errors + r.body.model.expired).toBe(30);
    const bulk = r.body.model.bulk_id;
    const done = await eventually(async () => {
      const c = await w.api.get(`/sms/campaign?bulk_id=${bulk}`, admin);
      return c.body.model.received === 30 ? c.body.model : null;
    }, { what: 'campaign received', deadline: 60_000 });
    expect(done).toMatchObject({ done: true, errors: 0, created: 30, waiting: 0, sent: 30, received: 30 });
    await eventually(() => ds.every((d) => w.sim.control.handsets(d.gsm).length > 0), { what: 'every handset counted', deadline: 60_000 });
    for (const d of ds) expect(w.sim.control.handsets(d.gsm)).toEqual([{ to: d.gsm, body: 'WHERE#', count: 1 }]);
    const list = await w.api.get('/sms/campaigns?page=0&count=20', admin);
    expect(list.body.model.map((c: { bulk_id: string }) => c.bulk_id)).toContain(bulk);
  });

  it('keeps the day counters equal to the messages they count', async () => {
    await eventually(async () => (await w.api.pool.query(`SELECT count(*)::int AS n FROM sms_message WHERE status IN (0, 1) AND created > now() - interval '1 hour'`)).rows[0].n === 0, { what: 'all settled', deadline: 60_000 });
    const day = (await w.api.pool.query(`SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS d`)).rows[0].d;
    // a watch's reply may still arrive after the last status settled: the two agree once nothing moves
    const read = async () => {
      const counted = (await w.api.pool.query(
        `SELECT count(*) FILTER (WHERE direction = 'OUTBOUND')::int AS created,
                count(*) FILTER (WHERE direction = 'OUTBOUND' AND status IN (1, 2))::int AS sent,
                count(*) FILTER (WHERE direction = 'OUTBOUND' AND status = 3)::int AS errors,
                count(*) FILTER (WHERE direction = 'OUTBOUND' AND status = 2)::int AS received,
                count(*) FILTER (WHERE direction = 'INBOUND')::int AS replies
         FROM sms_message WHERE to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD') = $1`,
        [day],
      )).rows[0];
      // the folded counters plus the deltas the sweep has not folded yet
      const stats = (await w.api.pool.query(DAY_STATS_SQL, [day])).rows[0];
      return { counted, stats };
    };
    const { counted, stats } = await eventually(async () => {
      const r = await read();
      return JSON.stringify(r.stats) === JSON.stringify(r.counted) ? r : null;
    }, { what: 'day counters equal to the messages', deadline: 30_000 }).catch(() => read());
    expect(stats).toEqual(counted);
    expect(counted.created).toBeGreaterThan(30);
  });
});

describe('routing by phone code', () => {
  it('takes the gateway with the longest matching code; a number no gateway serves ends error with its reason', async () => {
    const d = narrow;
    const [e] = await watches(w.api, 1, 1, 51);
    const a = await w.api.post('/sms/send', { command_key: 'LOCATE', message: '', device_id: d.id }, admin);
    expect((await received(a.body.model.id)).gateway_id).toBe(9);
    expect(w.sim.control.messages(d.gsm)[0]?.from).toBe('+15005550009');
    await w.api.pool.query(`UPDATE device SET gsm_number = '+999123456789' WHERE id = $1`, [e!.id]);
    const b = await w.api.post('/sms/send', { command_key: 'LOCATE', message: '', device_id: e!.id }, admin);
    const failed = await eventually(async () => ((await smsRow(w.api, b.body.model.id)).status === 3 ? smsRow(w.api, b.body.model.id) : null), { what: 'no gateway', deadline: 60_000 });
    expect(failed).toMatchObject({ error_code: 'smsNoGateway', error_params: { number: '+999123456789' } });
    expect(w.sim.control.messages('+999123456789')).toEqual([]);
  });
});
