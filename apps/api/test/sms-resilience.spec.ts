import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmsWorld, smsRow, until, watches, type SmsWorld } from './sms-helpers.js';
import { assertWorkerBuilt, kill, workerProcesses } from './worker-process.js';

// Failures on the way: the gateway down (then up, or past the last attempt). The worker killed with SIGKILL in the
// middle of a campaign is sms-sigkill.spec.ts. The worker runs as a child process (the built apps/worker/dist).
const ENV = { SMS_LOCK_MS: '2000', SMS_CLAIM_LEASE_MS: '3000', SMS_MAX_ATTEMPTS: '6', SMS_RETRY_BASE_MS: '200' };

let w: SmsWorld;
let admin: string;
const workers = workerProcesses();
beforeAll(async () => {
  assertWorkerBuilt();
  w = await startSmsWorld({ env: ENV, worker: false });
  admin = await w.api.signIn('admin');
});
afterAll(async () => {
  workers.killAll();
  await w?.close();
});

const startWorker = () => workers.start({ ...w.env, NODE_ENV: 'test', LOG_LEVEL: 'error' });

describe('the gateway down', () => {
  it('then up: the message is retried with backoff and sent once; down past the last attempt: error, visibly', async () => {
    const worker = startWorker();
    const [d, e] = await watches(w.api, 1, 2, 100);
    w.sim.control.configure({ down: true });
    const r = await w.api.post('/sms/send', { command_key: 'LOCATE', message: '', device_id: d!.id }, admin);
    await until(async () => (await smsRow(w.api, r.body.model.id)).attempts >= 2, 'a retry');
    expect((await smsRow(w.api, r.body.model.id)).status).toBe(0);
    w.sim.control.configure({ down: false });
    await until(async () => (await smsRow(w.api, r.body.model.id)).status === 2, 'received after the gateway came back');
    await until(() => w.sim.control.handsets(d!.gsm).length > 0, 'handset counted');
    expect(w.sim.control.handsets(d!.gsm)).toEqual([{ to: d!.gsm, body: 'WHERE#', count: 1 }]);

    w.sim.control.configure({ error500: true });
    const f = await w.api.post('/sms/send', { command_key: 'LOCATE', message: '', device_id: e!.id }, admin);
    const failed = await until(async () => ((await smsRow(w.api, f.body.model.id)).status === 3 ? smsRow(w.api, f.body.model.id) : null), 'error');
    expect(failed).toMatchObject({ attempts: 6, error_code: 'smsGatewayUnavailable', error_params: { attempts: 6 } });
    w.sim.control.configure({ error500: false });
    expect(w.sim.control.handsets(e!.gsm)).toEqual([]);
    await kill(worker);
  }, 120_000);
});
