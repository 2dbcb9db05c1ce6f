import { describe, expect, it } from 'vitest';
import { GatewayError, twilioGateway } from '@tracker/server';
import { eventually, key, useWorld } from './test/harness.js';

const FROM = '+15005550006';
const ctx = useWorld();

const send = (to: string, body = 'STATUS#', idempotencyKey = key()) =>
  ctx.w.gateway.send({ to, from: FROM, body, statusCallback: ctx.w.statusUrl, idempotencyKey });

describe('fleet-sim through the real twilio SDK (the server adapter)', () => {
  it('accepts a message, fetches it and lists it by To and DateSent', async () => {
    const since = new Date(Date.now() - 1000);
    const m = await send(ctx.watch.number, 'STATUS#');
    expect(m).toMatchObject({ to: ctx.watch.number, body: 'STATUS#', status: 'queued', errorCode: null });
    expect(m.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(Number.isNaN(Date.parse(m.dateCreated))).toBe(false);

    expect(await ctx.w.gateway.fetch(m.sid)).toMatchObject({ sid: m.sid, to: ctx.watch.number, body: 'STATUS#' });
    expect(await ctx.w.gateway.fetch('SM' + '0'.repeat(32))).toBeNull();

    const listed = await ctx.w.gateway.sentTo(ctx.watch.number, since);
    expect(listed.map((x) => x.sid)).toEqual([m.sid]);
    expect(await ctx.w.gateway.sentTo(ctx.watch.number, new Date(Date.now() + 60_000))).toEqual([]);
    expect(await ctx.w.gateway.sentTo('+15005550001', since)).toEqual([]);
  });

  it('lists newest first, in pages', async () => {
    const since = new Date(Date.now() - 1000);
    ctx.w.sim.control.configure({ ratePerSecond: 0 });
    const sids = [];
    for (let i = 0; i < 5; i++) sids.push((await send(ctx.watch.number, `STATUS#`)).sid);
    expect((await ctx.w.gateway.sentTo(ctx.watch.number, since)).map((m) => m.sid)).toEqual([...sids].reverse());
    const page = await fetch(`${ctx.w.sim.url}/2010-04-01/Accounts/${ctx.w.sim.accountSid}/Messages.json?To=${encodeURIComponent(ctx.watch.number)}&PageSize=2`, {
      headers: { Authorization: 'Basic ' + Buffer.from(`${ctx.w.sim.accountSid}:${ctx.w.sim.authToken}`).toString('base64') },
    }).then((r) => r.json() as Promise<any>);
    expect(page.messages.map((m: any) => m.sid)).toEqual([sids[4], sids[3]]);
    expect(page.next_page_uri).toContain('Page=1');
  });

  it('answers the first message again for a repeated idempotency token and sends nothing more', async () => {
    const k = key();
    const first = await send(ctx.watch.number, 'LOCATE_ME#', k);
    const again = await send(ctx.watch.number, 'LOCATE_ME#', k);
    expect(again.sid).toBe(first.sid);
    expect(ctx.w.sim.control.messages(ctx.watch.number)).toHaveLength(1);
    expect(ctx.w.sim.control.messages(ctx.watch.number)[0]!.idempotencyToken).toBe(k);
    await eventually(() => ctx.w.sim.control.handsets(ctx.watch.number).length, { what: 'the handset got it' });
    expect(ctx.w.sim.control.handsets(ctx.watch.number)).toEqual([{ to: ctx.watch.number, body: 'LOCATE_ME#', count: 1 }]);
  });

  it('refuses a bad To (21211) and an empty body (21602) as permanent failures', async () => {
    const bad = await send('0151-not-a-number').catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(GatewayError);
    expect(bad).toMatchObject({ httpStatus: 400, code: 21211, temporary: false });
    const empty = await send(ctx.watch.number, '').catch((e: unknown) => e);
    expect(empty).toMatchObject({ httpStatus: 400, code: 21602, temporary: false });
    expect(ctx.w.sim.control.messages()).toEqual([]);
  });

  it('answers 401 (20003) to wrong credentials', async () => {
    const wrong = twilioGateway({ accountSid: ctx.w.sim.accountSid, authToken: 'not-the-token', apiUrl: ctx.w.sim.url });
    const e = await wrong.send({ to: ctx.watch.number, from: FROM, body: 'STATUS#', statusCallback: ctx.w.statusUrl, idempotencyKey: key() }).catch((x: unknown) => x);
    expect(e).toMatchObject({ httpStatus: 401, code: 20003, temporary: false });
  });

  it('answers 429 (20429) with Retry-After past its rate: a temporary failure', async () => {
    ctx.w.sim.control.configure({ ratePerSecond: 2 });
    const results = await Promise.all(Array.from({ length: 6 }, () => send(ctx.watch.number).catch((e: unknown) => e)));
    const refused = results.filter((r) => r instanceof GatewayError);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0]).toMatchObject({ httpStatus: 429, code: 20429, temporary: true, retryAfterMs: 1000 });
    expect(ctx.w.sim.control.messages(ctx.watch.number).length).toBe(results.length - refused.length);
  });

  it('posts signed status callbacks queued, sent, delivered that the adapter accepts', async () => {
    const m = await send(ctx.watch.number, 'STATUS#');
    const statuses = () => ctx.w.sink.hooks.filter((h) => h.path.endsWith('/status') && h.params.MessageSid === m.sid);
    await eventually(() => statuses().length === 3, { what: 'three status callbacks' });
    expect(statuses().map((h) => h.params.MessageStatus)).toEqual(['queued', 'sent', 'delivered']);
    for (const h of statuses()) {
      expect(ctx.w.signed(h)).toBe(true);
      expect(h.params).toMatchObject({ SmsSid: m.sid, SmsStatus: h.params.MessageStatus, To: ctx.watch.number, From: FROM, AccountSid: ctx.w.sim.accountSid, ApiVersion: '2010-04-01' });
    }
    expect(await ctx.w.gateway.fetch(m.sid)).toMatchObject({ status: 'delivered' });
  });

  it('a forged or altered callback fails the signature check', async () => {
    const m = await send(ctx.watch.number, 'STATUS#');
    const h = await eventually(() => ctx.w.sink.hooks.find((x) => x.params.MessageSid === m.sid && x.params.MessageStatus === 'delivered'), { what: 'delivered' });
    expect(ctx.w.signed(h)).toBe(true);
    expect(ctx.w.signed({ ...h, params: { ...h.params, MessageStatus: 'failed' } })).toBe(false);
    expect(ctx.w.signed({ ...h, signature: undefined })).toBe(false);
    expect(ctx.w.signed({ ...h, path: '/api/sms/webhook/inbound' })).toBe(false);
  });

  it('reports a number that is no watch undelivered with 30005', async () => {
    const stranger = '+19990000001';
    const m = await send(stranger, 'STATUS#');
    const last = await eventually(() => ctx.w.sink.hooks.find((h) => h.params.MessageSid === m.sid && h.params.MessageStatus === 'undelivered'), { what: 'undelivered' });
    expect(last.params.ErrorCode).toBe('30005');
    expect(ctx.w.signed(last)).toBe(true);
    expect(await ctx.w.gateway.fetch(m.sid)).toMatchObject({ status: 'undelivered', errorCode: 30005 });
    expect(ctx.w.sim.control.handsets(stranger)).toEqual([]);
  });
});
