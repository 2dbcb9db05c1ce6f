import { describe, expect, it } from 'vitest';
import { CHILD_WORKER_ENV, childWorkerWorld } from './sms-helpers.js';
import { future, targetable, uploadBinary } from './firmware-helpers.js';
import { kill } from './worker-process.js';
import { eventually } from './harness.js';

// The worker killed with SIGKILL in the middle of a rollout, twice (docs/firmware-modem.md "Crash safety"): the
// worker runs as a child process (the built apps/worker/dist). Every device still gets its FOTA command exactly once
// and the request ends finished with every device updated: the state is in Postgres, a step commits whole or not at
// all, and the tick re-enqueues what Postgres says is running. Bounds allow a worker boot on the loaded machine
// (docs/sms.md "Worker restarts"); nothing waits for a fixed time.
const RESTART = 150_000;

const world = childWorkerWorld({ ...CHILD_WORKER_ENV, FIRMWARE_LOCK_MS: '5000' }, { latencyMs: { min: 20, max: 200 } });
const startWorker = world.startWorker;
const counts = async (id: number) =>
  (
    await world.w.api.pool.query(
      `SELECT count(*) FILTER (WHERE notified_at IS NOT NULL)::int AS notified, count(*) FILTER (WHERE status = 2)::int AS finished,
         (max(wave) FILTER (WHERE notified_at IS NOT NULL))::int AS wave FROM firmware_ota_activity WHERE request_id = $1`,
      [id],
    )
  ).rows[0] as { notified: number; finished: number; wave: number | null };

describe('the worker killed mid-rollout', () => {
  it('twice, then restarted: every device got its FOTA command exactly once and finished', async () => {
    const { w, admin } = world;
    const ds = await targetable(w.api, 1, 40, 100);
    const bin = await uploadBinary(w.api, admin, 'W7.0.0');
    const r = await w.api.post('/firmware/insert', { fup_upload_id: bin.id, upload_type: 2, extend: ds.map((d) => d.imei), wave_size: 8, error_threshold: 0, expired_at: future() }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.model.id;

    let worker = startWorker();
    await eventually(async () => (await counts(id)).notified >= 8, { what: 'wave 1 notified', deadline: RESTART });
    await kill(worker);
    worker = startWorker();
    await eventually(async () => ((await counts(id)).wave ?? 0) >= 3, { what: 'wave 3 notified', deadline: RESTART });
    await kill(worker);
    worker = startWorker();
    const done = await eventually(async () => {
      const q = (await w.api.pool.query('SELECT status, state FROM firmware_upload_request WHERE id = $1', [id])).rows[0];
      return q.status === 1 ? q : null;
    }, { what: 'rollout finished', deadline: 300_000 });
    expect(done.state).toBe('finished');
    expect(await counts(id)).toEqual({ notified: 40, finished: 40, wave: 5 });
    // one command per device, stored and received once
    const stored = (await w.api.pool.query("SELECT device_id, count(*)::int AS n FROM sms_message WHERE command_key = $1 AND direction = 'OUTBOUND' GROUP BY 1", [`FOTA_${id}`])).rows;
    expect(stored).toHaveLength(40);
    expect(stored.every((x) => x.n === 1)).toBe(true);
    await eventually(() => ds.every((d) => w.sim.control.handsets(d.gsm).some((h) => h.body.startsWith('FOTA,'))), { what: 'every handset counted', deadline: 60_000 });
    for (const d of ds) {
      const got = w.sim.control.handsets(d.gsm).filter((h) => h.body.startsWith('FOTA,'));
      expect(got, d.gsm).toEqual([{ to: d.gsm, body: expect.stringMatching(new RegExp(`^FOTA,${id},W7\\.0\\.0,`)), count: 1 }]);
    }
    const fw = (await w.api.pool.query('SELECT count(*)::int AS n FROM device WHERE id = ANY($1) AND firmware = $2', [ds.map((d) => d.id), 'W7.0.0'])).rows[0].n;
    expect(fw).toBe(40);
    await kill(worker);
  }, 900_000);
});
