import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppConfig, ModemSweep, queueConnection, queuePrefix } from '@tracker/server';
import { startSmsWorld, type SmsWorld } from './sms-helpers.js';
import { lastSmsId, modemDevices, ownSetting, sentBodies, taskRow, untilTask, type ModemDevice } from './modem-helpers.js';
import { eventually } from './harness.js';

// The modem update end to end (docs/firmware-modem.md "Modem update"): the api, the worker in this process and
// fleet-sim's watches answering the modem commands. Timeouts and the 10-day limit are reached by moving the process's
// timestamps back in Postgres (the engine reads only Postgres' clock) and running the sweep once. Retries wait short
// pauses here: a temporary refusal 400 ms doubling up to 4 s, an error 200 ms (1 min to 6 h and 15 s by default).
const RETRY = { MODEM_RETRY_BASE_MS: '400', MODEM_RETRY_MAX_MS: '4000', MODEM_ERROR_PAUSE_MS: '200' };
let w: SmsWorld;
let admin: string;
beforeAll(async () => {
  w = await startSmsWorld({ env: RETRY });
  admin = await w.api.signIn('admin');
});
afterAll(() => w?.close());

const init = (imeis: string[], token = admin) => w.api.post('/device/initModemUpdateProcess', { IMEIs: imeis }, token);
const sweep = () => w.worker!.get(ModemSweep).tick();
const knobs = (k: Record<string, unknown>) => w.sim.control.configure(k);

/** The device's own location interval and operational time removed: both at the type's defaults (300 s, 24 h). */
const atDefaults = (d: ModemDevice) => w.api.pool.query('DELETE FROM device_setting WHERE device_id = $1 AND setting_no IN (1, 2)', [d.id]);

/** The id of the last SMS stored before a device's process starts (the seed holds older messages of every device). */
const smsBefore = new Map<number, number>();
const bodies = (d: ModemDevice) => sentBodies(w.api, d.id, smsBefore.get(d.id) ?? 0);

async function start(d: ModemDevice): Promise<number> {
  await atDefaults(d);
  smsBefore.set(d.id, await lastSmsId(w.api));
  const r = await init([d.imei]);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.model.items[0]).toMatchObject({ imei: d.imei, outcome: 'started', device_id: d.id });
  return r.body.model.items[0].modem_id;
}

/** Waits until the process waits at a check whose SMS the watch got (so a timeout can be forced). */
async function atCheckSent(modemId: number) {
  return eventually(async () => {
    const t = await taskRow(w.api, modemId);
    if (t.status !== 'RUNNING' || t.sms_id === null) return null;
    const m = (await w.api.pool.query('SELECT status, sent_at FROM sms_message WHERE id = $1', [t.sms_id])).rows[0];
    return m && m.status >= 1 && m.sent_at ? t : null;
  }, { what: `modem ${modemId} waiting at a check`, deadline: 60_000 });
}

/** Waits until the watch (its handset) got `body` for the `n`-th time: a silent watch has decided not to answer it. */
const untilHandset = (d: ModemDevice, body: string, n: number) =>
  eventually(() => (w.sim.control.handsets(d.gsm).find((h) => h.body === body)?.count ?? 0) >= n, { what: `${d.gsm} got ${body} ${n} times`, deadline: 60_000 });

/** Waits until the process waits at a check for an SMS its watch got (`n`: the n-th START_SSP) and answers it with `body`. */
async function answerStartSsp(d: ModemDevice, modemId: number, n: number, body: string) {
  await untilHandset(d, 'START_SSP#', n);
  await eventually(async () => {
    const t = await taskRow(w.api, modemId);
    if (t.sms_id === null) return null;
    const m = (await w.api.pool.query('SELECT message, status FROM sms_message WHERE id = $1', [t.sms_id])).rows[0];
    return m?.message === 'START_SSP#' && m.status >= 1 && (await sentBodies(w.api, d.id, smsBefore.get(d.id))).filter((b) => b === 'START_SSP#').length === n;
  }, { what: `modem ${modemId} waiting for START_SSP #${n}`, deadline: 60_000 });
  await w.sim.control.speak(d.gsm, body);
}

/** Moves the send time of the SMS a check waits for back past the timeout (the default, 1 hour); the sweep finds it. */
async function forceTimeout(modemId: number) {
  await w.api.pool.query(
    `UPDATE sms_message SET sent_at = sent_at - interval '2 hours' WHERE id = (SELECT sms_id FROM modem_update_task WHERE id = $1)`,
    [modemId],
  );
  await sweep();
}

describe('both carrier profiles end to end', () => {
  it('standard (11 tasks) and US carrier (13 tasks): every command sent once, replies move it on, settings put back', async () => {
    const [std] = await modemDevices(w.api, 1);
    const [us] = await modemDevices(w.api, 1, { us: true });
    // the standard watch at its defaults (only the location interval differs from what the update needs); the US
    // watch with values of its own for both settings, which it gets back at the end
    await atDefaults(std!);
    await w.api.pool.query(`INSERT INTO device_setting (device_id, setting_no, value, synced) VALUES ($1, 1, '600', true), ($1, 2, '12', true)
      ON CONFLICT (device_id, setting_no) DO UPDATE SET value = EXCLUDED.value`, [us!.id]);
    const from = await lastSmsId(w.api);
    const r = await init([std!.imei, us!.imei]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.model).toMatchObject({
      started: 2,
      items: [
        { imei: std!.imei, outcome: 'started', profile: 'standard', task_count: 11 },
        { imei: us!.imei, outcome: 'started', profile: 'us_carrier', task_count: 13 },
      ],
    });
    const [a, b] = r.body.model.items.map((i: { modem_id: number }) => i.modem_id);
    const ta = await untilTask(w.api, a, 'DONE');
    const tb = await untilTask(w.api, b, 'DONE');
    expect(ta).toMatchObject({ task_id: 11, task_count: 11, errors: 0, error_code: null, sms_id: null });
    expect(tb).toMatchObject({ task_id: 13, task_count: 13, errors: 0 });
    expect(ta.settings_restored_at).not.toBeNull();
    expect(ta.dup_files).toEqual([expect.objectContaining({ name: expect.stringMatching(/\.dup$/) }), expect.objectContaining({ name: expect.stringMatching(/\.dup$/) })]);

    expect(await sentBodies(w.api, std!.id, from)).toEqual([
      'SETTING,1,3600#',
      'START_SSP#',
      'UPDATE_MODEM#',
      'SEND_ATCMD,AT#SWOPTIONS=1#',
      'DUP#',
      'SETTING,1,300#',
    ]);
    expect(await sentBodies(w.api, us!.id, from)).toEqual([
      'SETTING,1,3600#',
      'SETTING,2,24#',
      'START_SSP#',
      'UPDATE_MODEM#',
      'SEND_ATCMD,AT#SWOPTIONS=1#',
      'SEND_ATCMD,AT#SGACT=1,1#',
      'DUP#',
      'SETTING,1,600#',
      'SETTING,2,12#',
    ]);
    // the devices' own settings are what they were (none: the default applies again)
    expect(await ownSetting(w.api, std!.id, 1)).toBeNull();
    expect([await ownSetting(w.api, us!.id, 1), await ownSetting(w.api, us!.id, 2)]).toEqual(['600', '12']);
    // each watch got each command once
    await eventually(() => w.sim.control.handsets(std!.gsm).length >= 6, { what: 'the standard watch counted', deadline: 60_000 });
    for (const h of w.sim.control.handsets(std!.gsm)) expect(h.count, h.body).toBe(1);

    // progress: task_id over the task count, the history of each task
    const p = await w.api.get(`/modem/progress?modem_id=${b}`, admin);
    expect(p.status).toBe(200);
    expect(p.body.model.process).toMatchObject({ modem_id: b, status: 'DONE', task_id: 13, task_count: 13, task: 'revertSettings', profile: 'us_carrier' });
    expect(p.body.model.tasks.map((t: { key: string }) => t.key)).toEqual([
      'updateSettings', 'sendStartSsp', 'checkStartSsp', 'sendUpdateModem', 'checkUpdateModem', 'sendSwoptions', 'checkSwoptions',
      'sendSgact', 'checkSgact', 'sendDup', 'checkDup', 'processDupFiles', 'revertSettings',
    ]);
    expect(p.body.model.tasks.every((t: { state: string }) => t.state === 'done')).toBe(true);
    expect(p.body.model.saved_settings).toEqual([{ setting_no: 1, previous: '600' }, { setting_no: 2, previous: '12' }]);
    expect(p.body.model.dup_files).toHaveLength(2);
    expect(p.body.model.history.filter((h: { outcome: string }) => h.outcome === 'sent')).toHaveLength(5);

    const st = await w.api.post('/device/checkStatusModemUpdateProcess', { IMEIs: [std!.imei, '000000000000000'] }, admin);
    expect(st.status).toBe(200);
    expect(st.body.model.items).toEqual([
      { imei: std!.imei, device_id: std!.id, process: expect.objectContaining({ modem_id: a, status: 'DONE', task_id: 11 }) },
      { imei: '000000000000000', device_id: null, process: null },
    ]);
  }, 240_000);
});

describe('starting: per-IMEI outcomes', () => {
  it('unknown, duplicate, already running; bad input is a 400 naming the field', async () => {
    const [d] = await modemDevices(w.api, 1, { offset: 5 });
    knobs({ silentRate: 1 });
    try {
      const first = await start(d!);
      const r = await init([d!.imei, '123456789012345', '123456789012345']);
      expect(r.status).toBe(200);
      expect(r.body.model).toEqual({
        started: 0,
        refused: 0,
        refusals: [],
        items: [
          { imei: d!.imei, outcome: 'alreadyRunning', device_id: d!.id, modem_id: null, profile: null, task_count: null },
          { imei: '123456789012345', outcome: 'unknownImei', device_id: null, modem_id: null, profile: null, task_count: null },
          { imei: '123456789012345', outcome: 'duplicate', device_id: null, modem_id: null, profile: null, task_count: null },
        ],
      });
      const one = await w.api.get(`/modem/update?device_id=${d!.id}`, admin);
      expect(one.status).toBe(409);
      expect(one.body.errors[0]).toMatchObject({ field: 'device_id', code: 'modemAlreadyRunning' });
      expect((await w.api.get('/modem/update?device_id=99999999', admin)).status).toBe(404);
      const stop = await w.api.post('/device/stopModemUpdateProcess', { IMEIs: [d!.imei] }, admin);
      expect(stop.body.model).toMatchObject({ stopped: 1, items: [{ imei: d!.imei, outcome: 'stopped', modem_id: first }] });
      // each call recorded once, in its transaction (AuditService.recordCall)
      const audit = (await w.api.pool.query(`SELECT action FROM audit_event WHERE entity = 'modem_update_task' ORDER BY id DESC LIMIT 3`)).rows.map((r) => r.action);
      expect(audit).toEqual([expect.stringContaining('stopModemUpdateProcess'), expect.stringContaining('initModemUpdateProcess'), expect.stringContaining('initModemUpdateProcess')]);
    } finally {
      knobs({ silentRate: 0 });
    }
    for (const [body, field, code] of [
      [{}, 'IMEIs', 'modemNoImeis'],
      [{ IMEIs: [] }, 'IMEIs', 'modemNoImeis'],
      [{ IMEIs: ['12345'] }, 'IMEIs.0', 'invalidImei'],
      [{ IMEIs: ['123456789012345', 'abc'] }, 'IMEIs.1', 'invalidImei'],
      [{ IMEIs: Array.from({ length: 10_001 }, () => '123456789012345') }, 'IMEIs', 'modemTooManyImeis'],
    ] as const) {
      const r = await w.api.post('/device/initModemUpdateProcess', body, admin);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.errors[0]).toMatchObject({ field, code });
    }
    // the modem area is role 1 only (§6): a partner manager and tier 1 are refused, never logged out
    const tier1 = await w.api.signIn('tier1');
    expect((await init([d!.imei], tier1)).status).toBe(403);
  }, 120_000);
});

type HistoryItem = { task_id: number; outcome: string; reason: { code: string; params?: Record<string, string | number>; text: string } | null; created: string };
const history = async (id: number): Promise<HistoryItem[]> => (await w.api.get(`/modem/progress?modem_id=${id}`, admin)).body.model.history;

describe('temporary refusals: sent again after a pause, never counted', () => {
  it('BUSY, then LOW_BATTERY twice: no error, the command again after 400, 800 and 1600 ms, then DONE', async () => {
    const [d] = await modemDevices(w.api, 1, { offset: 20 });
    knobs({ silentRate: 1 });
    let id: number;
    try {
      id = await start(d!);
      await answerStartSsp(d!, id, 1, 'START_SSP:ERR,BUSY');
      await answerStartSsp(d!, id, 2, 'START_SSP:ERR,LOW_BATTERY');
      // the third START_SSP reached the silent watch; from the fourth on the watch answers by itself
      await untilHandset(d!, 'START_SSP#', 3);
      knobs({ silentRate: 0 });
      await answerStartSsp(d!, id, 3, 'START_SSP:ERR,LOW_BATTERY');
      // waiting: the due time is the process's, in Postgres and in the answers
      const waiting = (await w.api.post('/device/checkStatusModemUpdateProcess', { IMEIs: [d!.imei] }, admin)).body.model.items[0].process;
      expect(waiting).toMatchObject({ status: 'RUNNING', errors: 0 });
    } finally {
      knobs({ silentRate: 0 });
    }
    const t = await untilTask(w.api, id, 'DONE');
    expect(t).toMatchObject({ task_id: 11, errors: 0, refusals: 0, retry_at: null, error_code: null });
    expect(await bodies(d!)).toEqual([
      'SETTING,1,3600#',
      'START_SSP#',
      'START_SSP#',
      'START_SSP#',
      'START_SSP#',
      'UPDATE_MODEM#',
      'SEND_ATCMD,AT#SWOPTIONS=1#',
      'DUP#',
      'SETTING,1,300#',
    ]);
    // the history says each refusal and when the command goes again; each resend waited its pause
    const h = await history(id);
    const refusals = h.filter((x) => x.reason?.code === 'modemRetryLater');
    expect(refusals.map((x) => [x.task_id, x.outcome, x.reason!.params!.reason])).toEqual([
      [3, 'info', 'BUSY'],
      [3, 'info', 'LOW_BATTERY'],
      [3, 'info', 'LOW_BATTERY'],
    ]);
    expect(refusals[0]!.reason!.text).toMatch(/^The watch refused for now \(BUSY\); the command is sent again at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    refusals.forEach((r, k) => {
      const resend = h.slice(h.indexOf(r) + 1).find((x) => x.outcome === 'sent')!;
      expect(resend.task_id).toBe(2);
      expect(Date.parse(resend.created) - Date.parse(r.created), `pause ${k + 1}`).toBeGreaterThanOrEqual(400 * 2 ** k);
    });
    expect(h.filter((x) => x.outcome === 'error')).toEqual([]);
  }, 120_000);

  it("fleet-sim's modemErrorRate (START_SSP refused BUSY or LOW_BATTERY every time): asked again and again, done once the watch can", async () => {
    const [d] = await modemDevices(w.api, 1, { offset: 10 });
    knobs({ modemErrorRate: 1 });
    let id: number;
    try {
      id = await start(d!);
      await eventually(async () => (await history(id)).filter((x) => x.reason?.code === 'modemRetryLater').length >= 4, { what: 'four temporary refusals', deadline: 60_000 });
      expect(await taskRow(w.api, id)).toMatchObject({ status: 'RUNNING', errors: 0 });
    } finally {
      knobs({ modemErrorRate: 0 });
    }
    const t = await untilTask(w.api, id, 'DONE');
    expect(t).toMatchObject({ errors: 0, task_id: 11 });
    expect((await bodies(d!)).filter((b) => b === 'START_SSP#').length).toBeGreaterThanOrEqual(5);
  }, 120_000);

  it('a wait survives its job: the due time is in Postgres, the sweep queues a retry whose delayed job was lost', async () => {
    const [d] = await modemDevices(w.api, 1, { offset: 24 });
    knobs({ silentRate: 1 });
    const config = w.worker!.get(AppConfig);
    const queue = new Queue('modem', { connection: queueConnection(config), prefix: queuePrefix(config) });
    try {
      const id = await start(d!);
      await untilHandset(d!, 'START_SSP#', 1);
      // three refusals in a row already: this one waits 3.2 s, time enough to lose its job
      await w.api.pool.query('UPDATE modem_update_task SET refusals = 3 WHERE id = $1', [id]);
      await answerStartSsp(d!, id, 1, 'START_SSP:ERR,NO_NETWORK');
      const t = await eventually(async () => {
        const r = await taskRow(w.api, id);
        return r.retry_at ? r : null;
      }, { what: 'waiting for the retry', deadline: 60_000 });
      expect(t).toMatchObject({ task_id: 2, errors: 0, refusals: 4, sms_id: null });
      const job = await queue.getJob(`modem-${id}-${t.version}`);
      expect(await job?.getState()).toBe('delayed');
      await job!.remove();
      // past the due time: the sweep finds the wait (whichever sweep comes first, the worker's or this one)
      await eventually(async () => (await w.api.pool.query('SELECT now() >= retry_at AS due FROM modem_update_task WHERE id = $1', [id])).rows[0].due, { what: 'the retry due', deadline: 60_000 });
      await sweep();
      await untilHandset(d!, 'START_SSP#', 2);
      const h = await history(id);
      const resend = h.filter((x) => x.outcome === 'sent' && x.task_id === 2)[1]!;
      expect(Date.parse(resend.created)).toBeGreaterThanOrEqual(Date.parse(t.retry_at));
      await w.api.post('/device/stopModemUpdateProcess', { IMEIs: [d!.imei] }, admin);
    } finally {
      knobs({ silentRate: 0 });
      await queue.close();
    }
  }, 120_000);
});

describe('errors, timeouts, limits', () => {
  it('a permanent refusal three times ends the process as failed with the reason; a pause before each resend; settings put back', async () => {
    const [d] = await modemDevices(w.api, 1, { offset: 26 });
    knobs({ silentRate: 1 });
    let id: number;
    try {
      id = await start(d!);
      for (let n = 1; n <= 3; n++) await answerStartSsp(d!, id, n, 'START_SSP:ERR,NOT_SUPPORTED');
    } finally {
      knobs({ silentRate: 0 });
    }
    const t = await untilTask(w.api, id, 'FAILED');
    expect(t).toMatchObject({ errors: 3, task_id: 3, error_code: 'smsDeviceRefused', error_params: { reason: 'NOT_SUPPORTED' } });
    expect(t.settings_restored_at).not.toBeNull();
    const sent = await bodies(d!);
    expect(sent).toEqual(['SETTING,1,3600#', 'START_SSP#', 'START_SSP#', 'START_SSP#', 'SETTING,1,300#']);
    const p = await w.api.get(`/modem/progress?modem_id=${id}`, admin);
    const h: HistoryItem[] = p.body.model.history;
    const errors = h.filter((x) => x.outcome === 'error');
    expect(errors).toHaveLength(3);
    for (const e of errors.slice(0, 2)) {
      const resend = h.slice(h.indexOf(e) + 1).find((x) => x.outcome === 'sent')!;
      expect(Date.parse(resend.created) - Date.parse(e.created)).toBeGreaterThanOrEqual(200);
    }
    expect(p.body.model.process.error).toMatchObject({ code: 'smsDeviceRefused', text: 'The device refused: NOT_SUPPORTED' });
  }, 120_000);

  it('a silent watch: each timeout sends the command again; the third ends the process (modemTimeout)', async () => {
    const [d] = await modemDevices(w.api, 1, { offset: 12 });
    knobs({ silentRate: 1 });
    try {
      const id = await start(d!);
      for (let n = 1; n <= 3; n++) {
        const t = await atCheckSent(id);
        expect(t).toMatchObject({ task_id: 3, errors: n - 1 });
        await forceTimeout(id);
        if (n < 3) await eventually(async () => (await taskRow(w.api, id)).errors === n, { what: `error ${n} counted`, deadline: 60_000 });
      }
      const t = await untilTask(w.api, id, 'FAILED');
      expect(t).toMatchObject({ errors: 3, error_code: 'modemTimeout', error_params: { command: 'START_SSP', minutes: 60 } });
      expect(await bodies(d!)).toEqual(['SETTING,1,3600#', 'START_SSP#', 'START_SSP#', 'START_SSP#', 'SETTING,1,300#']);
    } finally {
      knobs({ silentRate: 0 });
    }
  }, 180_000);

  it('not done 10 days after it started: failed (modemDeadline), settings put back', async () => {
    const [d] = await modemDevices(w.api, 1, { offset: 14 });
    knobs({ silentRate: 1 });
    try {
      const id = await start(d!);
      await atCheckSent(id);
      expect(await ownSetting(w.api, d!.id, 1)).toBe('3600');
      // ten days pass: the process's own times moved back (Postgres' clock is the only one the engine reads)
      await w.api.pool.query(
        `UPDATE modem_update_task SET started = started - interval '10 days', deadline_at = deadline_at - interval '10 days' WHERE id = $1`,
        [id],
      );
      await sweep();
      const t = await untilTask(w.api, id, 'FAILED');
      expect(t).toMatchObject({ error_code: 'modemDeadline', error_params: { days: 10 }, errors: 0 });
      expect(t.settings_restored_at).not.toBeNull();
      expect(await ownSetting(w.api, d!.id, 1)).toBeNull();
    } finally {
      knobs({ silentRate: 0 });
    }
  }, 120_000);
});

describe('stop and reset', () => {
  it('stop ends a running process at once (settings back, nothing more sent); reset starts it over to done', async () => {
    const [d] = await modemDevices(w.api, 1, { offset: 16 });
    knobs({ silentRate: 1 });
    let id: number;
    try {
      id = await start(d!);
      await atCheckSent(id);
      const r = await w.api.post('/device/stopModemUpdateProcess', { IMEIs: [d!.imei, d!.imei, '999999999999999'] }, admin);
      expect(r.status).toBe(200);
      expect(r.body.model).toEqual({
        stopped: 1,
        items: [
          { imei: d!.imei, outcome: 'stopped', modem_id: id },
          { imei: d!.imei, outcome: 'duplicate', modem_id: null },
          { imei: '999999999999999', outcome: 'unknownImei', modem_id: null },
        ],
      });
      const t = await taskRow(w.api, id);
      expect(t).toMatchObject({ status: 'STOPPED', error_code: 'modemStopped', task_id: 3 });
      expect(await ownSetting(w.api, d!.id, 1)).toBeNull();
      expect(await bodies(d!)).toEqual(['SETTING,1,3600#', 'START_SSP#', 'SETTING,1,300#']);
      const again = await w.api.post('/device/stopModemUpdateProcess', { IMEIs: [d!.imei] }, admin);
      expect(again.body.model.items[0].outcome).toBe('notRunning');
      // a late reply to the stopped process's command changes nothing
      await w.sim.control.speak(d!.gsm, 'START_SSP:OK,SSP=1');
      expect((await taskRow(w.api, id)).status).toBe('STOPPED');
    } finally {
      knobs({ silentRate: 0 });
    }
    const reset = await w.api.get(`/modem/reset?modem_id=${id}`, admin);
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.model).toMatchObject({ modem_id: id, status: 'RUNNING', task_id: 1, errors: 0, error: null, finished_at: null });
    const t = await untilTask(w.api, id, 'DONE');
    expect(t.task_id).toBe(11);
    expect(await ownSetting(w.api, d!.id, 1)).toBeNull();
    expect((await w.api.get('/modem/reset?modem_id=99999999', admin)).status).toBe(404);
  }, 180_000);
});

describe('lists, counts and reports', () => {
  it('list by report, waiting, all statuses, progress 404, the CSV of a report', async () => {
    const [d] = await modemDevices(w.api, 1, { offset: 18 });
    knobs({ silentRate: 1 });
    try {
      const id = await start(d!);
      await atCheckSent(id);
      const waiting = await w.api.get('/modem/waiting', admin);
      expect(waiting.status).toBe(200);
      expect(waiting.body.model.items.map((x: { modem_id: number }) => x.modem_id)).toContain(id);
      expect(waiting.body.model.items.find((x: { modem_id: number }) => x.modem_id === id)).toMatchObject({ task: 'checkStartSsp', status: 'RUNNING' });
      const all = await w.api.get('/device/checkAllStatusesForModemUpdateProcess', admin);
      expect(all.status).toBe(200);
      expect(all.body.model).toMatchObject({ running: expect.any(Number), processing_done: false });
      expect(all.body.model.by_task).toContainEqual({ profile: 'standard', task_id: 3, count: expect.any(Number) });
      const updating = await w.api.get('/modem/list?report=updating', admin);
      expect(updating.body.model.items.every((x: { status: string }) => x.status === 'RUNNING')).toBe(true);
      await w.api.post('/device/stopModemUpdateProcess', { IMEIs: [d!.imei] }, admin);
    } finally {
      knobs({ silentRate: 0 });
    }
    const done = await w.api.get('/modem/list?report=done&page=0', admin);
    expect(done.status).toBe(200);
    expect(done.body.model.items.length).toBeGreaterThan(0);
    expect(done.body.model.items.every((x: { status: string }) => x.status === 'DONE')).toBe(true);
    const notUpdated = await w.api.get('/modem/list?report=notUpdated', admin);
    expect(notUpdated.body.model.items.some((x: { imei: string; error: { code: string } }) => x.imei === d!.imei && x.error.code === 'modemStopped')).toBe(true);
    expect((await w.api.get('/modem/list?report=nope', admin)).body.errors[0]).toMatchObject({ field: 'report', code: 'notOneOf' });
    expect((await w.api.get('/modem/progress?modem_id=99999999', admin)).status).toBe(404);

    const gen = await w.api.get('/csv/generate/modem?report=notUpdated', admin);
    expect(gen.status).toBe(200);
    const csv = await w.api.get(`/csv/modem?hash=${gen.body.model.hash}`, admin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toBe('modem_id,imei,device_id,profile,status,task_id,task_count,task,since (UTC),errors,reason,started (UTC),finished (UTC)');
    expect(lines.some((l) => l.includes(d!.imei) && l.includes('STOPPED') && l.includes('Stopped by a user'))).toBe(true);
    expect((await w.api.get(`/csv/modem?hash=${'0'.repeat(48)}`, admin)).status).toBe(404);
  }, 120_000);
});

describe('the gate at the start', () => {
  it('terminated, disabled, without a number: refused with the reason, listed and kept; the others start; all refused is a 400', async () => {
    const [ok, term, off, nonum] = await modemDevices(w.api, 4, { offset: 30 });
    const before = (await w.api.pool.query('SELECT id, device_status, enabled, gsm_number FROM device WHERE id = ANY($1::int[])', [[term!.id, off!.id, nonum!.id]])).rows;
    knobs({ silentRate: 1 });
    try {
      await w.api.pool.query('UPDATE device SET device_status = 3 WHERE id = $1', [term!.id]);
      await w.api.pool.query('UPDATE device SET enabled = false WHERE id = $1', [off!.id]);
      await w.api.pool.query('UPDATE device SET gsm_number = NULL WHERE id = $1', [nonum!.id]);
      await atDefaults(ok!);
      const from = await lastSmsId(w.api);
      const r = await init([term!.imei, ok!.imei, off!.imei, nonum!.imei, term!.imei]);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const first = r.body.model.items[1].modem_id;
      const refused = (d: ModemDevice) => ({ imei: d.imei, outcome: 'refused', device_id: d.id, modem_id: null, profile: null, task_count: null });
      expect(r.body.model).toEqual({
        started: 1,
        refused: 3,
        items: [
          refused(term!),
          { imei: ok!.imei, outcome: 'started', device_id: ok!.id, modem_id: expect.any(Number), profile: 'standard', task_count: 11 },
          refused(off!),
          refused(nonum!),
          { imei: term!.imei, outcome: 'duplicate', device_id: term!.id, modem_id: null, profile: null, task_count: null },
        ],
        refusals: [
          { device_id: term!.id, named_as: term!.imei, reason: 'The device is terminated', reason_code: 'smsDeviceTerminated', reason_params: null },
          { device_id: off!.id, named_as: off!.imei, reason: 'The device is disabled', reason_code: 'smsDeviceDisabled', reason_params: null },
          { device_id: nonum!.id, named_as: nonum!.imei, reason: 'The device has no GSM number', reason_code: 'smsNoNumber', reason_params: null },
        ],
      });
      // kept with the call's first process; nothing started or stored for the refused devices
      const kept = await w.api.pool.query(`SELECT batch_id, device_id, named_as, reason_code FROM command_refusal WHERE batch_kind = 'modem' AND batch_id = $1 ORDER BY id`, [String(first)]);
      expect(kept.rows).toEqual([
        { batch_id: String(first), device_id: term!.id, named_as: term!.imei, reason_code: 'smsDeviceTerminated' },
        { batch_id: String(first), device_id: off!.id, named_as: off!.imei, reason_code: 'smsDeviceDisabled' },
        { batch_id: String(first), device_id: nonum!.id, named_as: nonum!.imei, reason_code: 'smsNoNumber' },
      ]);
      const ids = [term!.id, off!.id, nonum!.id];
      expect((await w.api.pool.query('SELECT count(*)::int AS n FROM modem_update_task WHERE device_id = ANY($1::int[])', [ids])).rows[0].n).toBe(0);
      expect((await w.api.pool.query(`SELECT count(*)::int AS n FROM sms_message WHERE device_id = ANY($1::int[]) AND id > $2`, [ids, from])).rows[0].n).toBe(0);

      // nothing to start and the gate refused: 400 naming the IMEIs, nothing kept
      const refusalsBefore = (await w.api.pool.query('SELECT count(*)::int AS n FROM command_refusal')).rows[0].n;
      const all = await init([term!.imei, '123456789012345', off!.imei]);
      expect(all.status).toBe(400);
      expect(all.body.errors).toEqual([
        { field: 'IMEIs', code: 'smsNoTargets', params: { count: 2 }, message: 'None of the devices can take the command: 2 refused' },
        { field: 'IMEIs.0', code: 'smsDeviceTerminated', message: 'The device is terminated' },
        { field: 'IMEIs.2', code: 'smsDeviceDisabled', message: 'The device is disabled' },
      ]);
      expect((await w.api.pool.query('SELECT count(*)::int AS n FROM command_refusal')).rows[0].n).toBe(refusalsBefore);
      // one device (GET /modem/update) and a reset go through the same gate
      const one = await w.api.get(`/modem/update?device_id=${nonum!.id}`, admin);
      expect(one.status).toBe(400);
      expect(one.body.errors[0]).toMatchObject({ field: 'device_id', code: 'smsNoNumber' });
      const stop = await w.api.post('/device/stopModemUpdateProcess', { IMEIs: [ok!.imei] }, admin);
      expect(stop.status, JSON.stringify(stop.body)).toBe(200);
      expect(stop.body.model).toMatchObject({ stopped: 1, items: [{ imei: ok!.imei, outcome: 'stopped', modem_id: first }] });
      await w.api.pool.query('UPDATE device SET enabled = false WHERE id = $1', [ok!.id]);
      const reset = await w.api.get(`/modem/reset?modem_id=${first}`, admin);
      expect(reset.status).toBe(400);
      expect(reset.body.errors[0]).toMatchObject({ field: 'modem_id', code: 'smsDeviceDisabled' });
      expect((await taskRow(w.api, first)).status).toBe('STOPPED');
    } finally {
      knobs({ silentRate: 0 });
      for (const d of before) await w.api.pool.query('UPDATE device SET device_status = $2, enabled = $3, gsm_number = $4 WHERE id = $1', [d.id, d.device_status, d.enabled, d.gsm_number]);
      await w.api.pool.query('UPDATE device SET enabled = true WHERE id = $1', [ok!.id]);
    }
  }, 120_000);
});
