import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsSweep } from '@tracker/server';
import { smsRow, startSmsWorld, watches, type SmsWorld } from './sms-helpers.js';
import { eventually } from './harness.js';

// A delivery report our api never got (Twilio sends a status callback once): the sweep asks the gateway for the
// status of messages still `sent` after SMS_STATUS_POLL_MS and applies it as the callback would have been
// (docs/sms.md "Lost reports"). fleet-sim withholds every `delivered` callback (lossRate) and its watches stay
// silent (silentRate), so nothing but the lookup can settle the message.
let w: SmsWorld;
let admin: string;
beforeAll(async () => {
  w = await startSmsWorld({ env: { SMS_STATUS_POLL_MS: '1000' }, sim: { lossRate: 1, silentRate: 1 } });
  admin = await w.api.signIn('admin');
});
afterAll(async () => {
  await w?.close();
});

const sweep = () => w.worker!.get(SmsSweep);

describe('lost delivery reports', () => {
  it('a sent message whose delivered report was lost is looked up at the gateway and becomes received, once', async () => {
    const [d] = await watches(w.api, 1, 1, 130);
    const r = await w.api.post('/sms/send', { command_key: 'LOCATE', message: '', device_id: d!.id }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.model.id;
    await eventually(async () => (await smsRow(w.api, id)).gateway_message_id, { what: 'sid recorded', deadline: 60_000 });
    const sid = (await smsRow(w.api, id)).gateway_message_id as string;
    // the gateway delivered it and the watch got it, but no report and no reply reached us
    await eventually(() => w.sim.control.messages(d!.gsm).find((m) => m.sid === sid)?.status === 'delivered', { what: 'delivered at the gateway', deadline: 60_000 });
    await w.sim.control.settled();
    expect(w.sim.control.handsets(d!.gsm)).toEqual([{ to: d!.gsm, body: 'WHERE#', count: 1 }]);
    expect(await smsRow(w.api, id)).toMatchObject({ status: 1, gateway_status: 'sent' });

    // not looked up before SMS_STATUS_POLL_MS has passed since it was sent; then settled by the lookup
    const settled = await eventually(async () => {
      await sweep().pollUnreported();
      const m = await smsRow(w.api, id);
      return m.status === 2 ? m : null;
    }, { what: 'received after the lookup', deadline: 60_000 });
    expect(settled).toMatchObject({ status: 2, gateway_status: 'delivered' });
    expect(settled.status_checked_at).not.toBeNull();
    expect((settled.status_checked_at as Date).getTime() - (settled.sent_at as Date).getTime()).toBeGreaterThanOrEqual(1000);
    // applied once: the callback record is there, and a later sweep has nothing left to look up
    const cbs = await w.api.pool.query(`SELECT status FROM sms_callback WHERE sid = $1`, [sid]);
    expect(cbs.rows.map((x) => x.status)).toContain('delivered');
    expect(await sweep().pollUnreported()).toBe(0);
  });

  it('a message the gateway cannot tell about stays sent, and is asked about again only after the interval', async () => {
    const [d] = await watches(w.api, 1, 1, 131);
    const r = await w.api.post('/sms/send', { command_key: 'LOCATE', message: '', device_id: d!.id }, admin);
    const id = r.body.model.id;
    await eventually(async () => (await smsRow(w.api, id)).gateway_message_id, { what: 'sid recorded', deadline: 60_000 });
    await w.sim.control.settled();
    // the gateway forgets the message (a reset): the lookup finds nothing and changes nothing
    w.sim.control.reset();
    const first = await eventually(async () => {
      await sweep().pollUnreported();
      const at = (await smsRow(w.api, id)).status_checked_at as Date | null;
      return at ? at.getTime() : null;
    }, { what: 'looked up', deadline: 60_000 });
    expect(await smsRow(w.api, id)).toMatchObject({ status: 1, gateway_status: 'sent' });
    await sweep().pollUnreported();
    const second = ((await smsRow(w.api, id)).status_checked_at as Date).getTime();
    // the same lookup time, or a new one at least SMS_STATUS_POLL_MS later
    expect(second === first || second - first >= 1000, `${first} then ${second}`).toBe(true);
    expect((await smsRow(w.api, id)).status).toBe(1);
  });
});
