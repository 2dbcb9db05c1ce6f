import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './harness.js';
import { freeSim, telemetryDevice } from './samples/device-workspace.js';

/**
 * The audit record is written in the transaction of the change it records: when the insert into audit_event fails,
 * the change is rolled back (no change without its trail) and the caller gets an error, not a silent success.
 */
let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await startApi();
  admin = await api.signIn('admin');
});
afterAll(() => api?.close());

/** Makes every audit insert of `action` fail, as a full disk or a broken constraint would. */
async function breakAudit(action: string) {
  await api.pool.query(`
    CREATE OR REPLACE FUNCTION _test_fail_audit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'audit insert failed (test)'; END $$`);
  await api.pool.query(`DROP TRIGGER IF EXISTS _test_fail_audit ON audit_event`);
  await api.pool.query(
    `CREATE TRIGGER _test_fail_audit BEFORE INSERT ON audit_event FOR EACH ROW WHEN (NEW.action = '${action}') EXECUTE FUNCTION _test_fail_audit()`,
  );
}
async function mendAudit() {
  await api.pool.query(`DROP TRIGGER IF EXISTS _test_fail_audit ON audit_event`);
}

describe('audit in the same transaction', () => {
  it('a failing audit insert rolls back a device update', async () => {
    const d = await telemetryDevice(api, 1);
    const before = (await api.pool.query('SELECT height FROM device WHERE id = $1', [d.id])).rows[0].height;
    const height = before === 131 ? 132 : 131;
    await breakAudit('device.update');
    try {
      const r = await api.post(`/device/update?device_id=${d.id}`, { height }, admin);
      expect(r.status).toBe(500);
    } finally {
      await mendAudit();
    }
    expect((await api.pool.query('SELECT height FROM device WHERE id = $1', [d.id])).rows[0].height).toBe(before);
    // and with the trail working, the same change commits with its record
    const ok = await api.post(`/device/update?device_id=${d.id}`, { height }, admin);
    expect(ok.status).toBe(200);
    const trail = await api.pool.query(`SELECT after FROM audit_event WHERE device_id = $1 AND action = 'device.update' ORDER BY id DESC LIMIT 1`, [d.id]);
    expect(trail.rows[0].after).toEqual({ height });
  });

  it('a failing audit insert rolls back a SIM swap: both SIMs and the device stay as they were', async () => {
    const d = await telemetryDevice(api, 1);
    const sim = await freeSim(api);
    const device = (await api.pool.query('SELECT sim_id, imsi, gsm_number FROM device WHERE id = $1', [d.id])).rows[0];
    await breakAudit('device.swap_in');
    try {
      const r = await api.post('/device/swap_sim', { device_id: d.id, sim_card_id: sim.id, gsm_number: '+4915100000077' }, admin);
      expect(r.status).toBe(500);
    } finally {
      await mendAudit();
    }
    expect((await api.pool.query('SELECT sim_id, imsi, gsm_number FROM device WHERE id = $1', [d.id])).rows[0]).toEqual(device);
    const held = await api.pool.query('SELECT count(*)::int AS n FROM device WHERE sim_id = $1', [sim.id]);
    expect(held.rows[0].n).toBe(0);
    // the swap out record was rolled back with it
    const trail = await api.pool.query(`SELECT count(*)::int AS n FROM audit_event WHERE device_id = $1 AND action = 'device.swap_out'`, [d.id]);
    expect(trail.rows[0].n).toBe(0);
  });

  it('a failing audit insert rolls back a settings edit', async () => {
    const d = await telemetryDevice(api, 1);
    const read = async () => (await api.pool.query('SELECT value FROM device_setting WHERE device_id = $1 AND setting_no = 1', [d.id])).rows[0]?.value ?? null;
    const before = await read();
    const value = before === '900' ? '1200' : '900';
    await breakAudit('setting.edit');
    try {
      const r = await api.post(`/setting/edit?device_id=${d.id}`, { settings: [{ setting_no: 1, value }] }, admin);
      expect(r.status).toBe(500);
    } finally {
      await mendAudit();
    }
    expect(await read()).toBe(before);
  });
});
