import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { key, startWorld, until, watchNumbers, type World } from './test/harness.js';

const FROM = '+15005550006';
let w: World;
let watch: { number: string; deviceId: number; deviceTypeId: number };

beforeAll(async () => {
  w = await startWorld();
  watch = (await watchNumbers(w.databaseUrl, 1))[0]!;
});
afterAll(() => w.close());
beforeEach(() => {
  w.sim.control.reset();
  w.sink.hooks.length = 0;
});

/** sends `body` to the watch and answers the watch's reply as our inbound webhook received it */
async function ask(body: string, to = watch.number) {
  const m = await w.gateway.send({ to, from: FROM, body, statusCallback: w.statusUrl, idempotencyKey: key() });
  const reply = await until(() => w.sim.control.messages(to).find((x) => x.sid === m.sid)?.replies.find((r) => r.answered), `the reply to ${body}`);
  expect(reply.answered).toBe(204);
  const hook = w.sink.hooks.find((h) => h.path.endsWith('/inbound') && h.params.MessageSid === reply.sid)!;
  expect(hook.params.Body).toBe(reply.body);
  return { sid: m.sid, hook, body: hook.params.Body! };
}

describe('the watches behind the seeded numbers', () => {
  it('acknowledge a setting with its value, by a signed inbound SMS from the watch to the gateway number', async () => {
    const { hook, body } = await ask('SETTING,1,600#');
    expect(body).toBe('SETTING,1,600:OK');
    expect(hook.params).toMatchObject({ From: watch.number, To: FROM, AccountSid: w.sim.accountSid, SmsStatus: 'received' });
    expect(hook.params.MessageSid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(w.signed(hook)).toBe(true);
    expect(w.signed({ ...hook, params: { ...hook.params, Body: 'SETTING,1,601:OK' } })).toBe(false);
  });

  it('refuse a setting their type does not have', async () => {
    expect((await ask('SETTING,999,1#')).body).toBe('SETTING,999:ERR,UNKNOWN_SETTING');
  });

  it('answer the commands of their type with the replies of the catalogue', async () => {
    expect((await ask('STATUS#')).body).toMatch(/^STATUS:BAT=\d{1,3}%,GSM=\d+,GPS=1$/);
    expect((await ask('WHERE#')).body).toBe('LOC:OK');
    expect((await ask('APN,internet.example#')).body).toBe('APN:OK');
    expect((await ask('POWEROFF#')).body).toBe('POWEROFF:OK');
  });

  it('answer ERR:UNKNOWN_COMMAND to anything else', async () => {
    expect((await ask('MAKE_COFFEE#')).body).toBe('ERR:UNKNOWN_COMMAND');
  });

  it('start a log, then upload it as a device_log row on LOG,SEND#', async () => {
    expect((await ask('LOG,START,30,3#')).body).toBe('LOG:STARTED,30,3');
    const sent = (await ask('LOG,SEND#')).body;
    const file = /^LOG:SENT,(.+)$/.exec(sent)?.[1];
    expect(file).toBeTruthy();
    const c = new pg.Client({ connectionString: w.databaseUrl });
    await c.connect();
    try {
      const r = await c.query('select device_id, duration, log_level, size_bytes, length(content) as len from device_log where file_name = $1', [file]);
      expect(r.rows).toEqual([{ device_id: watch.deviceId, duration: 30, log_level: 3, size_bytes: expect.any(Number), len: expect.any(Number) }]);
      expect(r.rows[0].size_bytes).toBe(r.rows[0].len);
      expect(r.rows[0].len).toBeGreaterThan(0);
    } finally {
      await c.end();
    }
  });

  it('count what each handset received (exactly-once checks) and speak unprompted through /control/inbound', async () => {
    await ask('WHERE#');
    await ask('WHERE#');
    const counts = await fetch(`${w.sim.url}/control/handsets?to=${encodeURIComponent(watch.number)}`).then((r) => r.json());
    expect(counts).toEqual([{ to: watch.number, body: 'WHERE#', count: 2 }]);

    const res = await fetch(`${w.sim.url}/control/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: watch.number, body: 'SOS:ALARM' }),
    });
    expect(res.status).toBe(200);
    const hook = await until(() => w.sink.hooks.find((h) => h.params.Body === 'SOS:ALARM'), 'the unprompted message');
    expect(hook.params).toMatchObject({ From: watch.number, To: FROM });
    expect(w.signed(hook)).toBe(true);
    const bad = await fetch(`${w.sim.url}/control/inbound`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"body":"x"}' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: expect.stringMatching(/^from:/) });
  });

  it('shows accepted messages on /control/messages and forgets them on /control/reset', async () => {
    const { sid } = await ask('WHERE#');
    const listed = (await fetch(`${w.sim.url}/control/messages?to=${encodeURIComponent(watch.number)}`).then((r) => r.json())) as any[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ sid, to: watch.number, from: FROM, body: 'WHERE#', status: 'delivered', idempotencyToken: expect.any(String) });
    expect(listed[0].callbacks.map((c: any) => c.status)).toEqual(['queued', 'sent', 'delivered']);
    expect(listed[0].replies).toEqual([expect.objectContaining({ body: 'LOC:OK', replyTo: sid, answered: 204 })]);
    expect((await fetch(`${w.sim.url}/control/reset`, { method: 'POST' })).status).toBe(204);
    expect(await fetch(`${w.sim.url}/control/messages`).then((r) => r.json())).toEqual([]);
  });
});
