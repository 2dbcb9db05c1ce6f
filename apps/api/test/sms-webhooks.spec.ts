import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '@tracker/server';
import { DAY_STATS_SQL, startSmsWorld, smsRow, watches, type SmsWorld } from './sms-helpers.js';
import { eventually } from './harness.js';

// The gateway's webhooks (public, form-encoded, signed) and the checks of the send routes: bad input sends nothing.
let w: SmsWorld;
let admin: string;
const TOKEN = 'fleet-sim-auth-token';
beforeAll(async () => {
  w = await startSmsWorld();
  admin = await w.api.signIn('admin');
});
afterAll(() => w?.close());

/** Posts a form as Twilio does (no request-origin header), signed for `url` with `token` unless a signature is given. */
async function hook(path: string, params: Record<string, string>, opts: { token?: string; url?: string; signature?: string | null } = {}) {
  const url = opts.url ?? `${w.env.SMS_WEBHOOK_BASE_URL}/api${path}`;
  const signature = opts.signature === undefined ? twilioSignature(opts.token ?? TOKEN, url, params) : opts.signature;
  const res = await fetch(`${w.api.base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature ? { 'x-twilio-signature': signature } : {}) },
    body: new URLSearchParams(params),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

const statusParams = (sid: string, status: string, extra: Record<string, string> = {}) => ({
  MessageSid: sid, SmsSid: sid, MessageStatus: status, SmsStatus: status, AccountSid: 'AC00000000000000000000000000f1ee75', ApiVersion: '2010-04-01', To: '+4915100000000', From: '+15005550006', ...extra,
});

async function sentMessage(offset: number) {
  const [d] = await watches(w.api, 1, 1, offset);
  const r = await w.api.post('/sms/send', { command_key: 'STATUS', message: '', device_id: d!.id }, admin);
  // delivered, and the watch's reply stored (nothing more is on its way for this message)
  return eventually(async () => {
    const m = await smsRow(w.api, r.body.model.id);
    const replied = (await w.api.pool.query('SELECT 1 FROM sms_message WHERE reply_to = $1', [m.id])).rowCount;
    return m.status === 2 && m.gateway_status === 'delivered' && replied ? m : null;
  }, { what: 'delivered and answered', deadline: 60_000 });
}

describe('webhooks refuse what the gateway did not sign', () => {
  it('403 without a signature, with a wrong token, or signed for another URL; nothing changes', async () => {
    const m = await sentMessage(0);
    const params = statusParams(m.gateway_message_id, 'failed', { ErrorCode: '30008' });
    expect((await hook('/sms/webhook/status', params, { signature: null })).status).toBe(403);
    expect((await hook('/sms/webhook/status', params, { token: 'not-the-token' })).status).toBe(403);
    expect((await hook('/sms/webhook/status', params, { url: 'http://evil.example/api/sms/webhook/status' })).status).toBe(403);
    const inbound = { MessageSid: 'SMforged0000000000000000000000001', From: m.gsm_number, To: '+15005550006', Body: 'SETTING,5,9:OK' };
    expect((await hook('/sms/webhook/inbound', inbound, { signature: null })).status).toBe(403);
    expect((await smsRow(w.api, m.id)).status).toBe(2);
    expect((await w.api.pool.query(`SELECT count(*)::int AS n FROM sms_message WHERE gateway_message_id = $1`, [inbound.MessageSid])).rows[0].n).toBe(0);
  });

  it('a replayed or late callback is answered 200 and changes nothing (status never goes back, counters stay)', async () => {
    const m = await sentMessage(1);
    const stats = async () => (await w.api.pool.query(DAY_STATS_SQL, [new Date().toISOString().slice(0, 10)])).rows[0];
    const before = await stats();
    for (const s of ['delivered', 'sent', 'queued', 'delivered']) {
      const r = await hook('/sms/webhook/status', statusParams(m.gateway_message_id, s));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    // a failure reported after delivery does not undo it either
    expect((await hook('/sms/webhook/status', statusParams(m.gateway_message_id, 'undelivered', { ErrorCode: '30003' }))).status).toBe(200);
    expect(await smsRow(w.api, m.id)).toMatchObject({ status: 2, gateway_status: 'delivered', error_code: null });
    expect(await stats()).toEqual(before);
    // an inbound message repeated: stored once
    const inbound = { MessageSid: 'SMrepeat00000000000000000000000001', From: m.gsm_number, To: '+15005550006', Body: 'LOC:OK' };
    expect((await hook('/sms/webhook/inbound', inbound)).status).toBe(200);
    expect((await hook('/sms/webhook/inbound', inbound)).status).toBe(200);
    expect((await w.api.pool.query(`SELECT count(*)::int AS n FROM sms_message WHERE gateway_message_id = $1`, [inbound.MessageSid])).rows[0].n).toBe(1);
    // a message from the device is a reply (SMS_FIGURES), not a message received by a device
    expect(await stats()).toEqual({ ...before, replies: before.replies + 1 });
  });

  it('callbacks out of order and repeated by the gateway still end every message received', async () => {
    for (const [mode, offset] of [['outOfOrder', 2], ['repeat', 3]] as const) {
      w.sim.control.configure({ callbacks: mode, duplicateRate: 0.5 });
      const m = await sentMessage(offset);
      expect(m).toMatchObject({ status: 2, gateway_status: 'delivered' });
    }
    w.sim.control.configure({ callbacks: 'inOrder', duplicateRate: 0 });
  }, 120_000);
});

describe('bad input gets a clear error and sends nothing', () => {
  const partner = () => w.api.signIn('partnera-manager');
  const count = async () => (await w.api.pool.query('SELECT count(*)::int AS n FROM sms_message')).rows[0].n as number;

  it('no devices, unknown command, unknown device type, overlong text, unknown, foreign-partner or other-type devices', async () => {
    const before = await count();
    const sent = w.sim.control.messages().length;
    const [d] = await watches(w.api, 1, 1, 20);
    const [t2] = await watches(w.api, 2, 1);
    const bulk = (body: Record<string, unknown>, token = admin) =>
      w.api.post('/sms/sendBulk', { command_key: 'LOCATE', message: '', devices: [d!.id], device_type: 1, ...body }, token);
    const codes = (r: { body: { errors?: { field: string; code: string }[] } }) => r.body.errors?.map((e) => `${e.field}:${e.code}`);

    let r = await bulk({ devices: [] });
    expect([r.status, codes(r)]).toEqual([400, ['devices:smsNoDevices']]);
    r = await bulk({ command_key: 'NO_SUCH' });
    expect([r.status, codes(r)]).toEqual([400, ['command_key:smsUnknownCommand']]);
    r = await bulk({ device_type: 999 });
    expect([r.status, codes(r)]).toEqual([400, ['device_type:unknownDeviceType']]);
    r = await bulk({ command_key: 'CUSTOM', message: 'x'.repeat(161) });
    expect(r.status).toBe(400);
    expect(codes(r)).toEqual(['message:tooLong']);
    r = await bulk({ command_key: 'SET_APN', message: 'x'.repeat(158) }); // APN,{message}# is 163 characters
    expect([r.status, codes(r)]).toEqual([400, ['message:smsTooLong']]);
    r = await bulk({ devices: [d!.id, 99_999_999, 99_999_998] });
    expect([r.status, codes(r)]).toEqual([400, ['devices:smsUnknownDevices']]);
    expect(r.body.errors[0].params).toEqual({ count: 2, ids: '99999998, 99999999' });
    r = await bulk({ devices: [d!.id, t2!.id] });
    expect([r.status, codes(r)]).toEqual([400, ['devices:smsWrongTypeDevices']]);
    // partner A sends to its own type (2) only: a type 1 device is another partner's; bulk sends are the administrator's (§6)
    const p = await partner();
    r = await w.api.post('/sms/send', { command_key: 'LOCATE', message: '', device_id: d!.id }, p);
    expect([r.status, r.body.code]).toEqual([403, 'FORBIDDEN']);
    r = await bulk({ devices: [t2!.id], device_type: 2 }, p);
    expect([r.status, r.body.code]).toEqual([403, 'FORBIDDEN']);
    r = await w.api.post('/sms/send', { command_key: 'LOCATE', message: '', device_id: 99_999_999 }, admin);
    expect(r.status).toBe(404);
    r = await w.api.post('/sms/send', { command_key: 'NO_SUCH', message: '', device_id: d!.id }, admin);
    expect([r.status, codes(r)]).toEqual([400, ['command_key:smsUnknownCommand']]);

    expect(await count()).toBe(before);
    expect(w.sim.control.messages().length).toBe(sent);
  });
});
