import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmsWorld, smsRow, watches, type SmsWorld } from './sms-helpers.js';
import { eventually } from './harness.js';

// A gateway made on /admin/gateways, through the calls the console makes (POST /smsgateway/save), carries SMS at once:
// the real path api -> worker -> twilio SDK -> fleet-sim, the routing re-reading the gateways when a save moves the
// version counter in Redis (docs/administration.md "Gateways"). Every wait is for a condition.
let w: SmsWorld;
let admin: string;
beforeAll(async () => {
  w = await startSmsWorld();
  admin = await w.api.signIn('admin');
});
afterAll(() => w?.close());

const send = async (deviceId: number) => {
  const r = await w.api.post('/sms/send', { command_key: 'STATUS', message: '', device_id: deviceId }, admin);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return eventually(async () => {
    const m = await smsRow(w.api, r.body.model.id);
    // settled and its send recorded: the watch's reply can settle a message before the worker records the gateway
    // that took it (docs/sms.md "Sending"), and the gateway is what this spec looks at
    return (m.status === 2 || m.status === 3) && m.gateway_message_id ? m : null;
  }, { what: `sms ${r.body.model.id} settled and recorded as sent`, deadline: 60_000 });
};
/** What fleet-sim (the simulated Twilio) accepted for the message with this sid. */
const atGateway = (to: string, sid: string) => w.sim.control.messages(to).find((m) => m.sid === sid);

describe('an SMS through a gateway made in the console', () => {
  it('is sent by the new gateway with its sender number; a later edit and a disable reach the routing at once', async () => {
    const [d] = await watches(w.api, 1, 1, 40);
    // a code longer than the development gateway's +49 (routing takes the longest match), 1 to 4 digits (§5)
    const code = d!.gsm.slice(0, 5);
    const gw1 = (await w.api.get('/smsgateway/list', admin)).body.model.find((g: { id: number }) => g.id === 1);
    expect(gw1.allowed).not.toContain(code);

    // created as the console's add dialog sends it, disabled at first: the number still goes through gateway 1
    const form = { name: 'Gateway Console', allowed: ` ${code} , `, command: '', from_number: '+4915735980042', url: '', rate_per_second: 5, enabled: false };
    const add = await w.api.post('/smsgateway/save', form, admin);
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const id = add.body.model.id;
    const first = await send(d!.id);
    expect(first).toMatchObject({ status: 2, gateway_id: 1 });

    // completed in the edit dialog: enabled; the next message is this gateway's, sent from its number
    const done = await w.api.post('/smsgateway/save', { ...form, id, enabled: true }, admin);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const second = await send(d!.id);
    expect(second).toMatchObject({ status: 2, gateway_id: id });
    expect(atGateway(d!.gsm, second.gateway_message_id)).toMatchObject({ to: d!.gsm, from: '+4915735980042', body: 'STATUS#' });

    // a new sender number is used from the next message on
    expect((await w.api.post('/smsgateway/save', { ...form, id, enabled: true, from_number: '+4915735980043' }, admin)).status).toBe(200);
    const third = await send(d!.id);
    expect(third).toMatchObject({ status: 2, gateway_id: id });
    expect(atGateway(d!.gsm, third.gateway_message_id)?.from).toBe('+4915735980043');

    // disabled again: the development gateway takes the number back
    expect((await w.api.post('/smsgateway/save', { ...form, id, enabled: false }, admin)).status).toBe(200);
    const fourth = await send(d!.id);
    expect(fourth).toMatchObject({ status: 2, gateway_id: 1 });
    expect(atGateway(d!.gsm, fourth.gateway_message_id)?.from).toBe(gw1.from_number);
  });
});
