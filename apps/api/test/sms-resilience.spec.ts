import { describe, expect, it } from 'vitest';
import { childWorkerWorld, smsRow, watches } from './sms-helpers.js';
import { kill } from './worker-process.js';
import { eventually } from './harness.js';

// Failures on the way: the gateway down (then up, or past the last attempt). The worker killed with SIGKILL in the
// middle of a campaign is sms-sigkill.spec.ts. The worker runs as a child process (the built apps/worker/dist), with
// CHILD_WORKER_ENV's timings (a 5 s lock, as a starved worker misses a 2 s one: docs/sms.md "Worker restarts").
const world = childWorkerWorld();

describe('the gateway down', () => {
  it('then up: the message is retried with backoff and sent once; down past the last attempt: error, visibly', async () => {
    const { w, admin } = world;
    const worker = world.startWorker();
    const [d, e] = await watches(w.api, 1, 2, 100);
    w.sim.control.configure({ down: true });
    const r = await w.api.post('/sms/send', { command_key: 'LOCATE', message: '', device_id: d!.id }, admin);
    await eventually(async () => (await smsRow(w.api, r.body.model.id)).attempts >= 2, { what: 'a retry', deadline: 60_000 });
    expect((await smsRow(w.api, r.body.model.id)).status).toBe(0);
    w.sim.control.configure({ down: false });
    await eventually(async () => (await smsRow(w.api, r.body.model.id)).status === 2, { what: 'received after the gateway came back', deadline: 60_000 });
    await eventually(() => w.sim.control.handsets(d!.gsm).length > 0, { what: 'handset counted', deadline: 60_000 });
    expect(w.sim.control.handsets(d!.gsm)).toEqual([{ to: d!.gsm, body: 'WHERE#', count: 1 }]);

    w.sim.control.configure({ error500: true });
    const f = await w.api.post('/sms/send', { command_key: 'LOCATE', message: '', device_id: e!.id }, admin);
    const failed = await eventually(async () => ((await smsRow(w.api, f.body.model.id)).status === 3 ? smsRow(w.api, f.body.model.id) : null), { what: 'error', deadline: 60_000 });
    expect(failed).toMatchObject({ attempts: 6, error_code: 'smsGatewayUnavailable', error_params: { attempts: 6 } });
    w.sim.control.configure({ error500: false });
    expect(w.sim.control.handsets(e!.gsm)).toEqual([]);
    await kill(worker);
  }, 120_000);
});
