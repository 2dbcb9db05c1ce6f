import { describe, expect, it } from 'vitest';
import { GatewayError, twilioGateway } from '@tracker/server';
import { DEFAULT_KNOBS, knobsFromEnv, mergeKnobs } from './knobs.js';
import { eventually, key, useWorld } from './test/harness.js';

const FROM = '+15005550006';
const ctx = useWorld();

const send = (body = 'WHERE#', to = ctx.watch.number) => ctx.w.gateway.send({ to, from: FROM, body, statusCallback: ctx.w.statusUrl, idempotencyKey: key() });
/** the status callbacks our webhook received for a message, in arrival order */
const statuses = (sid: string) => ctx.w.sink.hooks.filter((h) => h.path.endsWith('/status') && h.params.MessageSid === sid).map((h) => h.params.MessageStatus);
/** a delivered message's life ends with the watch's reply: after it, no callback of it is still on its way */
const replied = (sid: string) => eventually(() => ctx.w.sim.control.messages().find((m) => m.sid === sid)?.replies.find((r) => r.answered), { what: 'the reply' });

describe('knobs', () => {
  it('failureRate: the message ends undelivered (30003) and the watch never gets it', async () => {
    ctx.w.sim.control.configure({ failureRate: 1 });
    const m = await send();
    await eventually(() => statuses(m.sid).includes('undelivered'), { what: 'undelivered' });
    expect(statuses(m.sid)).toEqual(['queued', 'sent', 'undelivered']);
    expect(ctx.w.sink.hooks.find((h) => h.params.MessageSid === m.sid && h.params.MessageStatus === 'undelivered')!.params.ErrorCode).toBe('30003');
    expect(ctx.w.sim.control.handsets(ctx.watch.number)).toEqual([]);
  });

  it('lossRate: no delivered report, yet the watch gets the message and answers', async () => {
    ctx.w.sim.control.configure({ lossRate: 1 });
    const m = await send();
    await replied(m.sid);
    expect(statuses(m.sid)).toEqual(['queued', 'sent']);
    expect(ctx.w.sim.control.handsets(ctx.watch.number)).toEqual([{ to: ctx.watch.number, body: 'WHERE#', count: 1 }]);
  });

  it('silentRate: the watch gets the message, the delivery is reported, and no reply ever comes', async () => {
    ctx.w.sim.control.configure({ silentRate: 1 });
    const before = ctx.w.sim.control.inbound().length;
    const m = await send();
    await eventually(() => statuses(m.sid).includes('delivered'), { what: 'delivered' });
    await ctx.w.sim.control.settled();
    expect(statuses(m.sid)).toEqual(['queued', 'sent', 'delivered']);
    expect(ctx.w.sim.control.handsets(ctx.watch.number)).toEqual([{ to: ctx.watch.number, body: 'WHERE#', count: 1 }]);
    expect(ctx.w.sim.control.inbound().length).toBe(before);
    expect(ctx.w.sim.control.messages().find((x) => x.sid === m.sid)?.replies).toEqual([]);
  });

  it('duplicateRate: every callback arrives twice (the handset still gets the message once)', async () => {
    ctx.w.sim.control.configure({ duplicateRate: 1 });
    const m = await send();
    await replied(m.sid);
    expect(statuses(m.sid)).toEqual(['queued', 'queued', 'sent', 'sent', 'delivered', 'delivered']);
    expect(ctx.w.sim.control.handsets(ctx.watch.number)).toEqual([{ to: ctx.watch.number, body: 'WHERE#', count: 1 }]);
  });

  it('callbacks outOfOrder and repeat', async () => {
    ctx.w.sim.control.configure({ callbacks: 'outOfOrder' });
    const a = await send();
    await replied(a.sid);
    expect(statuses(a.sid)).toEqual(['delivered', 'sent', 'queued']);
    expect(await ctx.w.gateway.fetch(a.sid)).toMatchObject({ status: 'delivered' });

    ctx.w.sim.control.configure({ callbacks: 'repeat' });
    const b = await send();
    await replied(b.sid);
    expect(statuses(b.sid)).toEqual(['queued', 'sent', 'delivered', 'queued', 'sent', 'delivered']);
  });

  it('latencyMs: callbacks are at least the configured delay apart', async () => {
    ctx.w.sim.control.configure({ latencyMs: { min: 120, max: 120 } });
    const m = await send();
    await replied(m.sid);
    const at = ctx.w.sim.control.messages(ctx.watch.number)[0]!.callbacks.map((c) => Date.parse(c.at));
    expect(at).toHaveLength(3);
    // a lower bound only (timers never fire early by more than their rounding)
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(110);
  });

  it('alarmRate: the watch sends SOS:ALARM unprompted while the command is in flight, before its reply', async () => {
    ctx.w.sim.control.configure({ alarmRate: 1 });
    const m = await send('RESET#');
    await replied(m.sid);
    const inbound = ctx.w.sink.hooks.filter((h) => h.path.endsWith('/inbound'));
    expect(inbound.map((h) => h.params.Body)).toEqual(['SOS:ALARM', 'RESET:OK']);
    expect(inbound[0]!.params).toMatchObject({ From: ctx.watch.number, To: FROM });
    expect(ctx.w.signed(inbound[0]!)).toBe(true);
    // an alarm is no reply: the message's replies hold only RESET:OK
    expect(ctx.w.sim.control.messages().find((x) => x.sid === m.sid)?.replies.map((r) => r.body)).toEqual(['RESET:OK']);
    expect(ctx.w.sim.control.inbound().find((r) => r.body === 'SOS:ALARM')?.replyTo).toBeNull();
  });

  it('replyDelayMs: the reply comes late, the delivery reports do not', async () => {
    ctx.w.sim.control.configure({ replyDelayMs: { min: 800, max: 800 } });
    const m = await send('RESET#');
    const reply = await replied(m.sid);
    const msg = ctx.w.sim.control.messages().find((x) => x.sid === m.sid)!;
    const delivered = Date.parse(msg.callbacks.find((c) => c.status === 'delivered')!.at);
    expect(msg.callbacks.map((c) => c.status)).toEqual(['queued', 'sent', 'delivered']);
    // timers never fire early by more than their rounding
    expect(Date.parse(reply.at) - delivered).toBeGreaterThanOrEqual(790);
    expect(delivered - Date.parse(msg.dateCreated)).toBeLessThan(700);
  });

  it('replyOrder reversed: replies to commands received within the window are posted newest first', async () => {
    ctx.w.sim.control.configure({ replyOrder: 'reversed', replyWindowMs: 1000 });
    const a = await send('RESET#');
    const b = await send('WHERE#');
    await replied(a.sid);
    await replied(b.sid);
    const inbound = ctx.w.sink.hooks.filter((h) => h.path.endsWith('/inbound')).map((h) => h.params.Body);
    expect(inbound).toEqual(['LOC:OK', 'RESET:OK']);
    const replies = ctx.w.sim.control.messages();
    expect(replies.map((x) => [x.body, x.replies.map((r) => r.body)])).toEqual([['RESET#', ['RESET:OK']], ['WHERE#', ['LOC:OK']]]);
    // held to the window's end: a second later than the first command reached the watch at the earliest
    expect(Date.parse(replies[1]!.replies[0]!.at) - Date.parse(replies[0]!.callbacks.at(-1)!.at)).toBeGreaterThanOrEqual(990);

    ctx.w.sim.control.configure({ replyOrder: 'inOrder' });
    ctx.w.sink.hooks.length = 0;
    const c = await send('RESET#');
    await replied(c.sid);
    expect(ctx.w.sink.hooks.filter((h) => h.path.endsWith('/inbound')).map((h) => h.params.Body)).toEqual(['RESET:OK']);
  });

  it('down: the connection is reset (temporary, no HTTP status); up again: accepted', async () => {
    ctx.w.sim.control.configure({ down: true });
    const e = await send().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(GatewayError);
    expect(e).toMatchObject({ httpStatus: null, temporary: true });
    expect(ctx.w.sim.control.messages()).toEqual([]);
    ctx.w.sim.control.configure({ down: false });
    expect((await send()).status).toBe('queued');
  });

  it('error500: 500 with code 20500, temporary', async () => {
    ctx.w.sim.control.configure({ error500: true });
    expect(await send().catch((x: unknown) => x)).toMatchObject({ httpStatus: 500, code: 20500, temporary: true });
    expect(ctx.w.sim.control.messages()).toEqual([]);
  });

  it('slowMs: a client with a shorter timeout gives up (temporary); a patient one gets the message', async () => {
    ctx.w.sim.control.configure({ slowMs: 1500 });
    const hasty = twilioGateway({ accountSid: ctx.w.sim.accountSid, authToken: ctx.w.sim.authToken, apiUrl: ctx.w.sim.url, timeoutMs: 200 });
    const e = await hasty.send({ to: ctx.watch.number, from: FROM, body: 'WHERE#', statusCallback: ctx.w.statusUrl, idempotencyKey: key() }).catch((x: unknown) => x);
    expect(e).toMatchObject({ httpStatus: null, temporary: true });
    expect((await send()).status).toBe('queued');
  });

  it('POST /control/config changes knobs, refuses a bad one naming the field, and reset restores the start values', async () => {
    const post = (body: unknown) =>
      fetch(`${ctx.w.sim.url}/control/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const ok = await post({ failureRate: 0.5, callbacks: 'repeat' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ failureRate: 0.5, callbacks: 'repeat', lossRate: 0 });
    for (const [bad, field] of [
      [{ lossRate: 2 }, 'lossRate'],
      [{ callbacks: 'sideways' }, 'callbacks'],
      [{ latencyMs: { min: 5, max: 1 } }, 'latencyMs'],
      [{ nope: 1 }, 'config'],
      [{ busyRate: 1.5 }, 'busyRate'],
      [{ alarmRate: -0.1 }, 'alarmRate'],
      [{ replyDelayMs: { min: 500, max: 100 } }, 'replyDelayMs'],
      [{ replyDelayMs: 100 }, 'replyDelayMs'],
      [{ replyOrder: 'sideways' }, 'replyOrder'],
      [{ replyWindowMs: -1 }, 'replyWindowMs'],
    ] as const) {
      const r = await post(bad);
      expect(r.status).toBe(400);
      expect(((await r.json()) as any).error).toMatch(new RegExp(`^${field}`));
    }
    const set = await post({ busyRate: 0.25, alarmRate: 0.5, replyDelayMs: { min: 100, max: 300 }, replyOrder: 'reversed', replyWindowMs: 250 });
    expect(await set.json()).toMatchObject({ busyRate: 0.25, alarmRate: 0.5, replyDelayMs: { min: 100, max: 300 }, replyOrder: 'reversed', replyWindowMs: 250 });
    await fetch(`${ctx.w.sim.url}/control/reset`, { method: 'POST' });
    expect(await fetch(`${ctx.w.sim.url}/control/config`).then((r) => r.json())).toMatchObject({
      failureRate: 0,
      callbacks: 'inOrder',
      busyRate: 0,
      alarmRate: 0,
      replyDelayMs: { min: 0, max: 0 },
      replyOrder: 'inOrder',
      replyWindowMs: 1000,
    });
  });
});

describe('knobs from the environment', () => {
  it('reads FLEET_SIM_* and names a bad variable', () => {
    expect(knobsFromEnv({ FLEET_SIM_LATENCY_MS: '5-10', FLEET_SIM_RATE: '1000', FLEET_SIM_DOWN: '1', FLEET_SIM_CALLBACKS: 'repeat' })).toEqual({
      latencyMs: { min: 5, max: 10 },
      ratePerSecond: 1000,
      down: true,
      callbacks: 'repeat',
    });
    expect(knobsFromEnv({ FLEET_SIM_LATENCY_MS: '7' })).toEqual({ latencyMs: { min: 7, max: 7 } });
    expect(
      knobsFromEnv({
        FLEET_SIM_BUSY_RATE: '0.1',
        FLEET_SIM_ALARM_RATE: '0.2',
        FLEET_SIM_REPLY_DELAY_MS: '100-2000',
        FLEET_SIM_REPLY_ORDER: 'reversed',
        FLEET_SIM_REPLY_WINDOW_MS: '500',
      }),
    ).toEqual({ busyRate: 0.1, alarmRate: 0.2, replyDelayMs: { min: 100, max: 2000 }, replyOrder: 'reversed', replyWindowMs: 500 });
    expect(knobsFromEnv({ FLEET_SIM_REPLY_DELAY_MS: '250' })).toEqual({ replyDelayMs: { min: 250, max: 250 } });
    expect(() => knobsFromEnv({ FLEET_SIM_REPLY_ORDER: 'sideways' })).toThrow(/FLEET_SIM_REPLY_ORDER/);
    expect(() => knobsFromEnv({ FLEET_SIM_BUSY_RATE: '2' })).toThrow(/FLEET_SIM_BUSY_RATE/);
    expect(() => knobsFromEnv({ FLEET_SIM_LOSS_RATE: 'lots' })).toThrow(/FLEET_SIM_LOSS_RATE/);
    expect(() => knobsFromEnv({ FLEET_SIM_FAILURE_RATE: '1.5' })).toThrow(/FLEET_SIM_FAILURE_RATE/);
    expect(mergeKnobs(DEFAULT_KNOBS, {})).toEqual(DEFAULT_KNOBS);
  });
});
