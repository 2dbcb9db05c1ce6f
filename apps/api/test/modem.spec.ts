import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModemSweep } from '@tracker/server';
import { startSmsWorld, until, type SmsWorld } from './sms-helpers.js';
import { lastSmsId, modemDevices, ownSetting, sentBodies, taskRow, untilTask, type ModemDevice } from './modem-helpers.js';

// The modem update end to end (docs/firmware-modem.md "Modem update"): the api, the worker in this process and
// fleet-sim's watches answering the modem commands. Timeouts and the 10-day limit are reached by moving the process's
// timestamps back in Postgres (the engine reads only Postgres' clock) and running the sweep once.
let w: SmsWorld;
let admin: string;
beforeAll(async () => {
  w = await startSmsWorld();
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
  return until(async () => {
    const t = await taskRow(w.api, modemId);
    if (t.status !== 'RUNNING' || t.sms_id === null) return null;
    const m = (await w.api.pool.query('SELECT status, sent_at FROM sms_message WHERE id = $1', [t.sms_id])).rows[0];
    return m && m.status >= 1 && m.sent_at ? t : null;
  }, `modem ${modemId} waiting at a check`);
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
    await until(() => w.sim.control.handsets(std!.gsm).length >= 6, 'the standard watch counted');
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
  it('unknown, duplicate, already running, no GSM number; bad input is a 400 naming the field', async () => {
    const [d, e] = await modemDevices(w.api, 2, { offset: 5 });
    knobs({ silentRate: 1 });
    try {
      const first = await start(d!);
      await w.api.pool.query('UPDATE device SET gsm_number = NULL WHERE id = $1', [e!.id]);
      const r = await init([d!.imei, '123456789012345', e!.imei, '123456789012345']);
      expect(r.status).toBe(200);
      expect(r.body.model).toEqual({
        started: 0,
        items: [
          { imei: d!.imei, outcome: 'alreadyRunning', device_id: d!.id, modem_id: null, profile: null, task_count: null },
          { imei: '123456789012345', outcome: 'unknownImei', device_id: null, modem_id: null, profile: null, task_count: null },
          { imei: e!.imei, outcome: 'noNumber', device_id: e!.id, modem_id: null, profile: null, task_count: null },
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

describe('errors, timeouts, limits', () => {
  it('three refusals end the process as failed with the reason; its settings are put back', async () => {
    const [d] = await modemDevices(w.api, 1, { offset: 10 });
    knobs({ modemErrorRate: 1 });
    try {
      const id = await start(d!);
      const t = await untilTask(w.api, id, 'FAILED');
      expect(t).toMatchObject({ errors: 3, task_id: 3, error_code: 'smsDeviceRefused' });
      expect(t.error_params.reason).toMatch(/^(BUSY|LOW_BATTERY)$/);
      expect(t.settings_restored_at).not.toBeNull();
      const sent = await bodies(d!);
      expect(sent.filter((b) => b === 'START_SSP#')).toHaveLength(3);
      expect(sent.at(-1)).toBe('SETTING,1,300#');
      const p = await w.api.get(`/modem/progress?modem_id=${id}`, admin);
      expect(p.body.model.history.filter((h: { outcome: string }) => h.outcome === 'error')).toHaveLength(3);
      expect(p.body.model.process.error).toMatchObject({ code: 'smsDeviceRefused', text: expect.stringMatching(/^The device refused: /) });
    } finally {
      knobs({ modemErrorRate: 0 });
    }
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
        if (n < 3) await until(async () => (await taskRow(w.api, id)).errors === n, `error ${n} counted`);
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
