import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modemProcess } from '@tracker/contract';
import { startApi, type TestApi } from './harness.js';

// What the modem update, firmware and owner screens read and may do (issue 22 "Screens"), on rows this file writes
// directly or the seed holds: checkStatus answers the documented fields only, a DONE modem update is not started over,
// a firmware halt's reason follows its wave's counts.
let api: TestApi;
let admin: string;
let device: { id: number; imei: string };
let doneId: number;

beforeAll(async () => {
  api = await startApi();
  admin = await api.signIn('admin');
  device = (await api.pool.query(`SELECT id, imei FROM device WHERE imei IS NOT NULL AND gsm_number IS NOT NULL ORDER BY id LIMIT 1`)).rows[0];
  doneId = (
    await api.pool.query(
      `INSERT INTO modem_update_task (device_id, imei, profile, task_count, task_id, status, finished_at, created_by, deadline_at)
       VALUES ($1, $2, 'standard', 11, 11, 'DONE', now(), (SELECT id FROM backoffice_user WHERE username = 'admin'), now() + interval '10 days')
       RETURNING id`,
      [device.id, device.imei],
    )
  ).rows[0].id;
});
afterAll(() => api?.close());

describe('modem update screen', () => {
  it("checkStatus answers each process's documented fields only", async () => {
    const r = await api.post('/device/checkStatusModemUpdateProcess', { IMEIs: [device.imei] }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const p = r.body.model.items[0].process;
    expect(p).toMatchObject({ modem_id: doneId, status: 'DONE', task_id: 11 });
    expect(Object.keys(p).sort()).toEqual(Object.keys(modemProcess.shape).sort());
  });

  it('reset leaves a DONE process alone: 400 naming modem_id with the reason', async () => {
    const r = await api.get(`/modem/reset?modem_id=${doneId}`, admin);
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ field: 'modem_id', code: 'modemResetDone' });
    const row = (await api.pool.query(`SELECT status::text AS status, task_id FROM modem_update_task WHERE id = $1`, [doneId])).rows[0];
    expect(row).toEqual({ status: 'DONE', task_id: 11 });
  });
});

describe('firmware requests', () => {
  it("a threshold halt's reason counts its wave's failed devices now, as the counts beside it do", async () => {
    const req = (await api.pool.query(`SELECT id, halt_params FROM firmware_upload_request WHERE halt_code = 'firmwareHalted' ORDER BY id LIMIT 1`)).rows[0];
    const wave = Number(req.halt_params.wave);
    // a device of the halted wave that was still open when it halted reports its failure afterwards
    await api.pool.query(
      `UPDATE firmware_ota_activity SET status = 3 WHERE id = (SELECT id FROM firmware_ota_activity WHERE request_id = $1 AND wave = $2 AND status <> 3 ORDER BY id LIMIT 1)`,
      [req.id, wave],
    );
    const now = (await api.pool.query(`SELECT count(*) FILTER (WHERE status = 3)::int AS failed, count(*)::int AS size FROM firmware_ota_activity WHERE request_id = $1 AND wave = $2`, [req.id, wave])).rows[0];
    expect(now.failed).toBe(Number(req.halt_params.failed) + 1);
    const r = await api.get('/firmware/getRequests?count=100', admin);
    expect(r.status).toBe(200);
    const item = r.body.model.items.find((i: { id: number }) => i.id === req.id);
    expect(item.halt.params).toMatchObject({ wave, failed: now.failed, size: now.size, threshold: req.halt_params.threshold });
    expect(item.halt.message).toBe(`Halted: ${now.failed} of ${now.size} devices of wave ${wave} failed, more than the threshold of ${req.halt_params.threshold} %`);
  });
});

describe('owner profile', () => {
  it("lists the owner's devices with their type's name", async () => {
    const d = (await api.pool.query(`SELECT d.owner_id, d.id, t.name FROM device d JOIN device_type t ON t.id = d.device_type_id WHERE d.owner_id IS NOT NULL ORDER BY d.id LIMIT 1`)).rows[0];
    const r = await api.get(`/user/user_details?user_id=${d.owner_id}`, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const device = r.body.model.devices.find((x: { id: number }) => x.id === d.id);
    expect(device.device_type_name).toBe(d.name);
  });
});
