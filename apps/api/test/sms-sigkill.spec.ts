import { describe, expect, it } from 'vitest';
import { childWorkerWorld, watches } from './sms-helpers.js';
import { kill } from './worker-process.js';
import { eventually } from './harness.js';

// The worker killed with SIGKILL in the middle of a campaign, twice (the gateway down: sms-resilience.spec.ts; a file
// of its own so the two run in parallel). The worker runs as a child process (the built apps/worker/dist) so it can be
// killed, with CHILD_WORKER_ENV's timings (a 5 s lock: docs/sms.md "Worker restarts"). A worker process takes up to
// about 20 s to boot on the loaded 2-core machine, and BullMQ retakes the killed job one to two stalled intervals
// after its lock ran out: bounds (never sleeps) that allow a boot on a busy machine.
const RESTART = 150_000;

const world = childWorkerWorld();
const startWorker = world.startWorker;

const progress = async (bulk: string) => (await world.w.api.get(`/sms/campaign?bulk_id=${bulk}`, world.admin)).body.model;

describe('the worker killed mid-campaign', () => {
  it('twice, then restarted: every device got the message exactly once', async () => {
    const { w, admin } = world;
    const ds = await watches(w.api, 1, 120, 110);
    // slow enough to be killed in the middle: the default 10 messages a second through the development gateway (the
    // worker holds its rate; at 25/s a campaign of 120 was over before a busy machine had seen 20 sent and killed it)
    await w.api.pool.query('UPDATE sms_gateway SET rate_per_second = 10 WHERE id = 1');
    const r = await w.api.confirmed('POST', '/sms/sendBulk', { command_key: 'LOCATE', message: '', devices: ds.map((d) => d.id), device_type: 1 }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const bulk = r.body.model.bulk_id;
    const sentSoFar = async () => {
      const p = await progress(bulk);
      return p.total - p.waiting;
    };

    let worker = startWorker();
    await eventually(async () => (await sentSoFar()) >= 20, { what: '20 sent', deadline: RESTART });
    await kill(worker);
    worker = startWorker();
    const before = await sentSoFar();
    await eventually(async () => (await sentSoFar()) >= before + 30, { what: '30 more sent', deadline: RESTART });
    await kill(worker);
    worker = startWorker();
    const done = await eventually(async () => {
      const p = await progress(bulk);
      return p.waiting === 0 && p.sent === p.received ? p : null;
    }, { what: 'campaign done', deadline: 180_000 });
    expect(done).toMatchObject({ total: 120, received: 120, errors: 0, done: true });
    // a handset counts a message once the gateway's delivery report is answered: wait for all of them
    await eventually(() => ds.every((d) => w.sim.control.handsets(d.gsm).length > 0), { what: 'every handset counted', deadline: 60_000 });
    for (const d of ds) expect(w.sim.control.handsets(d.gsm), d.gsm).toEqual([{ to: d.gsm, body: 'WHERE#', count: 1 }]);
    // the gateway holds one message per device, and each is recorded on ours (a reply that overtook the worker's
    // commit leaves the sid to the sweep's reconciliation)
    for (const d of ds) expect(w.sim.control.messages(d.gsm).length, d.gsm).toBe(1);
    await eventually(async () => (await w.api.pool.query('SELECT 1 FROM sms_message WHERE bulk_id = $1 AND gateway_message_id IS NULL', [bulk])).rowCount === 0, { what: 'every sid recorded', deadline: 60_000 });
    const sids = new Set(ds.flatMap((d) => w.sim.control.messages(d.gsm).map((m) => m.sid)));
    const recorded = (await w.api.pool.query('SELECT gateway_message_id AS sid FROM sms_message WHERE bulk_id = $1', [bulk])).rows.map((x) => x.sid);
    expect(new Set(recorded)).toEqual(sids);
    await kill(worker);
  }, 600_000);
});
