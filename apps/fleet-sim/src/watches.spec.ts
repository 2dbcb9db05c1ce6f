import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { eventually, key, SMS_REPLIES, useWorld } from './test/harness.js';
import { unknownCommand } from './handset.js';
import { ControlError } from './unprompted.js';
import { MODEM_COMMANDS, MODEM_FIRMWARE } from './watch-modem.js';

const FROM = '+15005550006';
const ctx = useWorld();

/** sends `body` to the watch and answers the watch's reply as our inbound webhook received it */
async function ask(body: string, to = ctx.watch.number) {
  const m = await ctx.w.gateway.send({ to, from: FROM, body, statusCallback: ctx.w.statusUrl, idempotencyKey: key() });
  const reply = await eventually(() => ctx.w.sim.control.messages(to).find((x) => x.sid === m.sid)?.replies.find((r) => r.answered), { what: `the reply to ${body}` });
  expect(reply.answered).toBe(204);
  const hook = ctx.w.sink.hooks.find((h) => h.path.endsWith('/inbound') && h.params.MessageSid === reply.sid)!;
  expect(hook.params.Body).toBe(reply.body);
  return { sid: m.sid, hook, body: hook.params.Body! };
}

describe('the watches behind the seeded numbers', () => {
  it('acknowledge a setting with its value, by a signed inbound SMS from the watch to the gateway number', async () => {
    const { hook, body } = await ask('SETTING,1,600#');
    expect(body).toBe('SETTING,1,600:OK');
    expect(hook.params).toMatchObject({ From: ctx.watch.number, To: FROM, AccountSid: ctx.w.sim.accountSid, SmsStatus: 'received' });
    expect(hook.params.MessageSid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(ctx.w.signed(hook)).toBe(true);
    expect(ctx.w.signed({ ...hook, params: { ...hook.params, Body: 'SETTING,1,601:OK' } })).toBe(false);
  });

  it('refuse a setting their type does not have', async () => {
    expect((await ask('SETTING,999,1#')).body).toBe('SETTING,999:ERR,UNKNOWN_SETTING');
  });

  it('answer the commands of their type with the replies of the seed catalogue, and others with <WORD>:OK', async () => {
    const c = new pg.Client({ connectionString: ctx.w.databaseUrl });
    await c.connect();
    const commands = await c
      .query<{ command_key: string; template: string }>('select command_key, template from sms_command where device_type_id = $1', [ctx.watch.deviceTypeId])
      .finally(() => c.end());
    // the modem commands say what they did (their own test below)
    const withReply = commands.rows.filter((cmd) => SMS_REPLIES[cmd.command_key] && !MODEM_COMMANDS.has(cmd.command_key));
    expect(withReply.length).toBeGreaterThanOrEqual(5);
    for (const cmd of withReply) {
      const expected = new RegExp(`^${SMS_REPLIES[cmd.command_key]!.replace('{battery}', '\\d{1,3}').replace('{signal}', '\\d+')}$`);
      expect((await ask(cmd.template.replace('{message}', 'internet.example'))).body, cmd.command_key).toMatch(expected);
    }
    expect((await ask('POWEROFF#')).body).toBe('POWEROFF:OK');
  });

  it('answer the modem-update commands with what they did, or refuse them at modemErrorRate', async () => {
    expect((await ask('START_SSP#')).body).toMatch(/^START_SSP:OK,SSP=\d+$/);
    expect((await ask('UPDATE_MODEM#')).body).toBe(`UPDATE_MODEM:OK,FW=${MODEM_FIRMWARE}`);
    expect((await ask('SEND_ATCMD,AT#SWOPTIONS=1#')).body).toBe('SEND_ATCMD:OK,AT#SWOPTIONS=1');
    expect((await ask('SEND_ATCMD,hello#')).body).toBe('SEND_ATCMD:ERR,BAD_ATCMD');
    expect((await ask('DUP#')).body).toMatch(/^DUP:OK,FILES=modem_[\d.]+_1of2\.dup:\d+;modem_[\d.]+_2of2\.dup:\d+$/);
    ctx.w.sim.control.configure({ modemErrorRate: 1 });
    try {
      expect((await ask('UPDATE_MODEM#')).body).toMatch(/^UPDATE_MODEM:ERR,(LOW_BATTERY|NO_NETWORK)$/);
      expect((await ask('STATUS#')).body).toMatch(/^STATUS:/);
    } finally {
      ctx.w.sim.control.configure({ modemErrorRate: 0 });
    }
  });

  it('answer ERR:UNKNOWN_COMMAND,<WORD> to anything else, naming the command word', async () => {
    expect((await ask('MAKE_COFFEE#')).body).toBe('ERR:UNKNOWN_COMMAND,MAKE_COFFEE');
    expect((await ask(' BREW , strong#')).body).toBe('ERR:UNKNOWN_COMMAND,BREW');
    expect((await ask('hello there')).body).toBe('ERR:UNKNOWN_COMMAND,hello there');
  });

  it('name the unknown word trimmed, cut to 40 characters, without , # : or line breaks', () => {
    expect(unknownCommand('WHAT#')).toBe('ERR:UNKNOWN_COMMAND,WHAT');
    expect(unknownCommand('  WHAT ,1,2#')).toBe('ERR:UNKNOWN_COMMAND,WHAT');
    expect(unknownCommand('A:B\r\nC#')).toBe('ERR:UNKNOWN_COMMAND,ABC');
    expect(unknownCommand(`${'X'.repeat(50)}#`)).toBe(`ERR:UNKNOWN_COMMAND,${'X'.repeat(40)}`);
    expect(unknownCommand(`${'Y'.repeat(39)}:Z#`)).toBe(`ERR:UNKNOWN_COMMAND,${'Y'.repeat(39)}`);
    expect(unknownCommand('#')).toBe('ERR:UNKNOWN_COMMAND');
    expect(unknownCommand(' : ,x#')).toBe('ERR:UNKNOWN_COMMAND');
  });

  it('refuse commands for now at busyRate with <WORD>:ERR,BUSY, never a setting, a firmware update or a log', async () => {
    ctx.w.sim.control.configure({ busyRate: 1 });
    expect((await ask('RESET#')).body).toBe('RESET:ERR,BUSY');
    expect((await ask('WHERE#')).body).toBe('LOC:ERR,BUSY');
    expect((await ask('APN,internet.example#')).body).toBe('APN:ERR,BUSY');
    expect((await ask('START_SSP#')).body).toBe('START_SSP:ERR,BUSY');
    expect((await ask('SETTING,1,600#')).body).toBe('SETTING,1,600:OK');
    expect((await ask('FOTA?,99#')).body).toBe('FOTA:ERR,99,NO_COMMAND');
    expect((await ask('FOTA,12,garbage#')).body).toBe('FOTA:ERR,12,BAD_COMMAND');
    expect((await ask('LOG,START,30,3#')).body).toBe('LOG:STARTED,30,3');
    expect((await ask('LOG,SEND#')).body).toMatch(/^LOG:SENT,/);
    // what it does not understand stays unknown (a permanent answer)
    expect((await ask('MAKE_COFFEE#')).body).toBe('ERR:UNKNOWN_COMMAND,MAKE_COFFEE');
  });

  it('start a log, then upload it as a device_log row on LOG,SEND#', async () => {
    expect((await ask('LOG,START,30,3#')).body).toBe('LOG:STARTED,30,3');
    const sent = (await ask('LOG,SEND#')).body;
    const file = /^LOG:SENT,(.+)$/.exec(sent)?.[1];
    expect(file).toBeTruthy();
    const c = new pg.Client({ connectionString: ctx.w.databaseUrl });
    await c.connect();
    try {
      const r = await c.query('select device_id, duration, log_level, size_bytes, length(content) as len from device_log where file_name = $1', [file]);
      expect(r.rows).toEqual([{ device_id: ctx.watch.deviceId, duration: 30, log_level: 3, size_bytes: expect.any(Number), len: expect.any(Number) }]);
      expect(r.rows[0].size_bytes).toBe(r.rows[0].len);
      expect(r.rows[0].len).toBeGreaterThan(0);
    } finally {
      await c.end();
    }
  });

  it('count what each handset received (exactly-once checks) and speak unprompted through /control/inbound', async () => {
    await ask('WHERE#');
    await ask('WHERE#');
    const counts = await fetch(`${ctx.w.sim.url}/control/handsets?to=${encodeURIComponent(ctx.watch.number)}`).then((r) => r.json());
    expect(counts).toEqual([{ to: ctx.watch.number, body: 'WHERE#', count: 2 }]);

    const res = await fetch(`${ctx.w.sim.url}/control/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: ctx.watch.number, body: 'SOS:ALARM' }),
    });
    expect(res.status).toBe(200);
    const hook = await eventually(() => ctx.w.sink.hooks.find((h) => h.params.Body === 'SOS:ALARM'), { what: 'the unprompted message' });
    expect(hook.params).toMatchObject({ From: ctx.watch.number, To: FROM });
    expect(ctx.w.signed(hook)).toBe(true);
    const bad = await fetch(`${ctx.w.sim.url}/control/inbound`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"body":"x"}' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: expect.stringMatching(/^from:/) });
  });

  it('send an alarm unprompted through /control/alarm, signed, to the gateway number; a bad kind is refused', async () => {
    const post = (body: unknown) =>
      fetch(`${ctx.w.sim.url}/control/alarm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const res = await post({ from: ctx.watch.number, kind: 'sos' });
    expect(res.status).toBe(201);
    const rec = (await res.json()) as any;
    expect(rec).toMatchObject({ from: ctx.watch.number, to: FROM, body: 'SOS:ALARM', replyTo: null, answered: 204 });
    const hook = await eventually(() => ctx.w.sink.hooks.find((h) => h.params.MessageSid === rec.sid), { what: 'the alarm' });
    expect(hook.path).toBe('/api/sms/webhook/inbound');
    expect(hook.params).toMatchObject({ From: ctx.watch.number, To: FROM, Body: 'SOS:ALARM', SmsStatus: 'received' });
    expect(ctx.w.signed(hook)).toBe(true);

    const bodies = [];
    for (const alarm of [
      { kind: 'sos', lat: 52.52, lon: 13.405 },
      { kind: 'fall' },
      { kind: 'band_removed' },
      { kind: 'battery_low', percent: 7 },
      { kind: 'battery_low' },
      { kind: 'temperature', celsius: 38.5 },
      { kind: 'power_on' },
      { kind: 'power_off' },
    ]) {
      const r = await post({ from: ctx.watch.number, ...alarm });
      expect(r.status, alarm.kind).toBe(201);
      bodies.push(((await r.json()) as any).body);
    }
    expect(bodies).toEqual(['SOS:ALARM,LAT=52.52,LON=13.405', 'FALL:ALARM', 'BAND:REMOVED', 'BATTERY:LOW,7', 'BATTERY:LOW,10', 'TEMP:ALARM,38.5', 'POWER:ON', 'POWER:OFF']);

    for (const [bad, field] of [
      [{ from: ctx.watch.number, kind: 'earthquake' }, 'kind'],
      [{ from: ctx.watch.number }, 'kind'],
      [{ kind: 'sos' }, 'from'],
      [{ from: 'nobody', kind: 'sos' }, 'from'],
      [{ from: ctx.watch.number, kind: 'sos', lat: 95, lon: 0 }, 'lat'],
      [{ from: ctx.watch.number, kind: 'battery_low', percent: 'low' }, 'percent'],
      [{ from: ctx.watch.number, kind: 'fall', celsius: 40 }, 'celsius'],
    ] as const) {
      const r = await post(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(await r.json()).toEqual({ error: expect.stringMatching(new RegExp(`^${field}:`)) });
    }
    await expect(ctx.w.sim.control.alarm(ctx.watch.number, 'nope' as never)).rejects.toBeInstanceOf(ControlError);
    // every alarm is unprompted: on no message's replies
    expect(ctx.w.sim.control.inbound().filter((r) => r.replyTo === null)).toHaveLength(9);
  });

  it('say an old reply again through /control/replay, as a new message (404 unknown sid, 409 no reply)', async () => {
    const { sid, hook } = await ask('RESET#');
    const post = (body: unknown) =>
      fetch(`${ctx.w.sim.url}/control/replay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const res = await post({ sid });
    expect(res.status).toBe(201);
    const again = (await res.json()) as any;
    expect(again).toMatchObject({ from: ctx.watch.number, to: FROM, body: 'RESET:OK', replyTo: sid, replayOf: hook.params.MessageSid, answered: 204 });
    expect(again.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(again.sid).not.toBe(hook.params.MessageSid);
    const repeated = await eventually(() => ctx.w.sink.hooks.find((h) => h.params.MessageSid === again.sid), { what: 'the repeated reply' });
    expect(repeated.params).toMatchObject({ From: ctx.watch.number, To: FROM, Body: 'RESET:OK' });
    expect(ctx.w.signed(repeated)).toBe(true);
    expect(ctx.w.sim.control.messages().find((m) => m.sid === sid)?.replies.map((r) => r.body)).toEqual(['RESET:OK', 'RESET:OK']);
    // in-process too, and a second replay still repeats the original reply
    expect(await ctx.w.sim.control.replay(sid)).toMatchObject({ body: 'RESET:OK', replayOf: hook.params.MessageSid });

    const unknown = await post({ sid: 'SM' + '0'.repeat(32) });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: expect.stringMatching(/^sid:/) });
    expect((await post({})).status).toBe(400);

    ctx.w.sim.control.configure({ silentRate: 1 });
    const quiet = await ctx.w.gateway.send({ to: ctx.watch.number, from: FROM, body: 'RESET#', statusCallback: ctx.w.statusUrl, idempotencyKey: key() });
    await ctx.w.sim.control.settled();
    const none = await post({ sid: quiet.sid });
    expect(none.status).toBe(409);
    expect(await none.json()).toEqual({ error: expect.stringMatching(/^sid:/) });
    await expect(ctx.w.sim.control.replay('SM' + 'f'.repeat(32))).rejects.toMatchObject({ status: 404 });
  });

  it('shows accepted messages on /control/messages and forgets them on /control/reset', async () => {
    const { sid } = await ask('WHERE#');
    const listed = (await fetch(`${ctx.w.sim.url}/control/messages?to=${encodeURIComponent(ctx.watch.number)}`).then((r) => r.json())) as any[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ sid, to: ctx.watch.number, from: FROM, body: 'WHERE#', status: 'delivered', idempotencyToken: expect.any(String) });
    expect(listed[0].callbacks.map((c: any) => c.status)).toEqual(['queued', 'sent', 'delivered']);
    expect(listed[0].replies).toEqual([expect.objectContaining({ body: 'LOC:OK', replyTo: sid, answered: 204 })]);
    expect((await fetch(`${ctx.w.sim.url}/control/reset`, { method: 'POST' })).status).toBe(204);
    expect(await fetch(`${ctx.w.sim.url}/control/messages`).then((r) => r.json())).toEqual([]);
  });
});
