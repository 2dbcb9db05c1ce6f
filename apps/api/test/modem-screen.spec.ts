import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modemProcess } from '@tracker/contract';
import { startApi, type TestApi } from './harness.js';

// What the modem update screen reads and may do (docs/firmware-modem.md "Modem update"), on processes this file writes
// directly: checkStatus answers the documented fields only, and a DONE process is not started over.
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
