import { describe, expect, it } from 'vitest';
import { CHILD_WORKER_ENV, childWorkerWorld } from './sms-helpers.js';
import { lastSmsId, modemDevices, sentBodies, taskRow } from './modem-helpers.js';
import { kill } from './worker-process.js';
import { eventually } from './harness.js';

// The worker killed with SIGKILL in the middle of modem updates, twice (docs/firmware-modem.md "Guarantees"): the
// processes' state is in Postgres, each step one transaction, each SMS stored once in the step's transaction. The
// worker runs as a child process (the built apps/worker/dist) so it can be killed; locks and leases as in
// sms-sigkill.spec.ts (a worker on the loaded machine takes up to about 20 s to boot); bounds, never sleeps.
const RESTART = 150_000;

// a temporary refusal waits 2 s here (1 min by default): the wait spans a worker's death and its successor's boot.
// What a kill loses between a step's commit and its enqueue (the next step's job; the command's SMS job, through
// CHILD_WORKER_ENV) the sweeps queue again after 5 s here, not 60 s and 2 min: a kill falling there held the whole run
// up for 1.5 min
const world = childWorkerWorld(
  { ...CHILD_WORKER_ENV, MODEM_LOCK_MS: '5000', MODEM_RETRY_BASE_MS: '2000', MODEM_STALE_MS: '5000' },
  { latencyMs: { min: 20, max: 150 } },
);
const startWorker = world.startWorker;
const stepsDone = async (ids: number[]) =>
  Number((await world.w.api.pool.query(`SELECT count(*) AS n FROM modem_update_step WHERE modem_id = ANY($1::int[]) AND outcome IN ('ok', 'sent')`, [ids])).rows[0].n);

describe('the worker killed mid-update', () => {
  it('twice, then restarted: every process done, every command sent once, no state lost', async () => {
    const { w, admin } = world;
    const std = await modemDevices(w.api, 20, { offset: 30 });
    const us = await modemDevices(w.api, 10, { us: true, offset: 5 });
    const ds = [...std, ...us];
    await w.api.pool.query('DELETE FROM device_setting WHERE device_id = ANY($1::int[]) AND setting_no IN (1, 2)', [ds.map((d) => d.id)]);
    // slow enough to be killed in the middle: 25 messages a second through the development gateway
    await w.api.pool.query('UPDATE sms_gateway SET rate_per_second = 25 WHERE id = 1');
    const from = await lastSmsId(w.api);
    const r = await w.api.post('/device/initModemUpdateProcess', { IMEIs: ds.map((d) => d.imei) }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.model.started).toBe(30);
    const ids: number[] = r.body.model.items.map((i: { modem_id: number }) => i.modem_id);

    let worker = startWorker();
    await eventually(async () => (await stepsDone(ids)) >= 40, { what: '40 steps', deadline: RESTART });
    await kill(worker);
    worker = startWorker();
    const before = await stepsDone(ids);
    await eventually(async () => (await stepsDone(ids)) >= before + 60, { what: '60 more steps', deadline: RESTART });
    await kill(worker);
    worker = startWorker();
    await eventually(
      async () => Number((await w.api.pool.query(`SELECT count(*) AS n FROM modem_update_task WHERE id = ANY($1::int[]) AND status = 'DONE'`, [ids])).rows[0].n) === 30,
      { what: 'all 30 done', deadline: 400_000 },
    );
    const rows = (await w.api.pool.query(`SELECT id, errors, task_id, task_count, error_code, error_params FROM modem_update_task WHERE id = ANY($1::int[])`, [ids])).rows;
    for (const t of rows) expect(t, `modem ${t.id}`).toMatchObject({ errors: 0, task_id: t.task_count });

    const common = ['SETTING,1,3600#', 'START_SSP#', 'UPDATE_MODEM#', 'SEND_ATCMD,AT#SWOPTIONS=1#'];
    for (const d of std) expect(await sentBodies(w.api, d.id, from), d.imei).toEqual([...common, 'DUP#', 'SETTING,1,300#']);
    for (const d of us) expect(await sentBodies(w.api, d.id, from), d.imei).toEqual([...common, 'SEND_ATCMD,AT#SGACT=1,1#', 'DUP#', 'SETTING,1,300#']);
    // each watch got each of its commands exactly once (a handset counts a message once its delivery is reported)
    await eventually(() => ds.every((d) => w.sim.control.handsets(d.gsm).length >= 6), { what: 'every handset counted', deadline: 60_000 });
    for (const d of ds) for (const h of w.sim.control.handsets(d.gsm)) expect(h.count, `${d.gsm} ${h.body}`).toBe(1);
    await kill(worker);
  }, 900_000);

  it('a wait for a retry outlives the worker: killed while a process waits after BUSY, the next worker sends again', async () => {
    const { w, admin } = world;
    const [d] = await modemDevices(w.api, 1, { offset: 60 });
    await w.api.pool.query('DELETE FROM device_setting WHERE device_id = $1 AND setting_no IN (1, 2)', [d!.id]);
    const from = await lastSmsId(w.api);
    const startSsp = async () => (await sentBodies(w.api, d!.id, from)).filter((b) => b === 'START_SSP#').length;
    w.sim.control.configure({ silentRate: 1 });
    let worker = startWorker();
    try {
      const r = await w.api.post('/device/initModemUpdateProcess', { IMEIs: [d!.imei] }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const id: number = r.body.model.items[0].modem_id;
      await eventually(() => w.sim.control.handsets(d!.gsm).some((h) => h.body === 'START_SSP#'), { what: 'the watch got START_SSP', deadline: RESTART });
      await eventually(async () => (await taskRow(w.api, id)).sms_id !== null, { what: 'waiting at the check', deadline: RESTART });
      await w.sim.control.speak(d!.gsm, 'START_SSP:ERR,BUSY');
      const waiting = await eventually(async () => {
        const t = await taskRow(w.api, id);
        return t.retry_at ? t : null;
      }, { what: 'waiting for the retry', deadline: 60_000 });
      expect(waiting).toMatchObject({ status: 'RUNNING', task_id: 2, errors: 0, refusals: 1 });
      await kill(worker);
      // the due time passes with no worker at all
      await eventually(async () => (await w.api.pool.query('SELECT now() >= retry_at AS due FROM modem_update_task WHERE id = $1', [id])).rows[0].due, { what: 'the retry due', deadline: 60_000 });
      expect(await startSsp()).toBe(1);
      worker = startWorker();
      await eventually(async () => (await startSsp()) === 2, { what: 'START_SSP sent again by the next worker', deadline: RESTART });
      const resent = (await w.api.pool.query(`SELECT created FROM sms_message WHERE device_id = $1 AND message = 'START_SSP#' ORDER BY id DESC LIMIT 1`, [d!.id])).rows[0];
      expect(resent.created.getTime()).toBeGreaterThanOrEqual(new Date(waiting.retry_at).getTime());
      expect(await taskRow(w.api, id)).toMatchObject({ status: 'RUNNING', errors: 0 });
      await w.api.post('/device/stopModemUpdateProcess', { IMEIs: [d!.imei] }, admin);
    } finally {
      w.sim.control.configure({ silentRate: 0 });
      if (worker.exitCode === null && worker.signalCode === null) await kill(worker);
    }
  }, 600_000);
});
