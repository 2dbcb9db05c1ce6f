import { describe, expect, it } from 'vitest';
import { apiForFile, devUser, type TestApi } from './harness.js';
import { csvForm, uniqueDigits } from './imports-helpers.js';
import { freeSim, telemetryDevice } from './samples/device-workspace.js';

/**
 * The audit record is written in the transaction of the change it records: when the insert into audit_event fails,
 * the change is rolled back (no change without its trail) and the caller gets an error, not a silent success.
 */
let api: TestApi;
let admin: string;
apiForFile(['admin'], (started, [token]) => ([api, admin] = [started, token]));

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
  it('a failing audit insert rolls back a general settings save and its SMS to the watch', async () => {
    const d = await telemetryDevice(api, 1);
    const before = (await api.pool.query('SELECT height FROM device WHERE id = $1', [d.id])).rows[0].height;
    const height = before === 131 ? 132 : 131;
    const profileSms = async () => (await api.pool.query(`SELECT count(*)::int AS n FROM sms_message WHERE device_id = $1 AND command_key = 'SET_PROFILE' AND direction = 'OUTBOUND'`, [d.id])).rows[0].n;
    const sent = await profileSms();
    await breakAudit('device.settings');
    try {
      const r = await api.post(`/device/settings?device_id=${d.id}`, { height }, admin);
      expect(r.status).toBe(500);
    } finally {
      await mendAudit();
    }
    expect((await api.pool.query('SELECT height FROM device WHERE id = $1', [d.id])).rows[0].height).toBe(before);
    expect(await profileSms()).toBe(sent);
    // and with the trail working, the same change commits with its record and its SMS
    const ok = await api.post(`/device/settings?device_id=${d.id}`, { height }, admin);
    expect(ok.status).toBe(200);
    const trail = await api.pool.query(`SELECT after FROM audit_event WHERE device_id = $1 AND action = 'device.settings' ORDER BY id DESC LIMIT 1`, [d.id]);
    expect(trail.rows[0].after).toEqual({ height, sms_id: ok.body.model.last_push.sms_id });
    expect(await profileSms()).toBe(sent + 1);
  });

  it('a failing audit insert rolls back a device record update', async () => {
    const d = await telemetryDevice(api, 1);
    const before = (await api.pool.query('SELECT is_test FROM device WHERE id = $1', [d.id])).rows[0].is_test;
    await breakAudit('device.update');
    try {
      const r = await api.post(`/device/update?device_id=${d.id}`, { is_test: !before }, admin);
      expect(r.status).toBe(500);
    } finally {
      await mendAudit();
    }
    expect((await api.pool.query('SELECT is_test FROM device WHERE id = $1', [d.id])).rows[0].is_test).toBe(before);
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

/**
 * Calls whose service writes no device event are recorded by `AuditService.recordCall` in the transaction of their
 * change (owners, single import records, uploads, help files, sign-in, sign-out, password change and reset).
 */
describe('every change commits with its record', () => {
  const countOf = async (sql: string, values: unknown[] = []) => (await api.pool.query(sql, values)).rows[0].n as number;

  it('owner add: a failing audit insert leaves no owner behind', async () => {
    const email = `audit.tx.${Date.now()}@example.com`;
    const wl = (await api.pool.query('SELECT id FROM white_label ORDER BY id LIMIT 1')).rows[0].id;
    const body = { newUser: { email, first_name: 'Ada', last_name: 'Tx', white_label_vendor_id: wl, language: 'en' } };
    await breakAudit('POST /user/add');
    try {
      expect((await api.post('/user/add', body, admin)).status).toBe(500);
    } finally {
      await mendAudit();
    }
    expect(await countOf('SELECT count(*)::int AS n FROM owner WHERE email = $1', [email])).toBe(0);
    const ok = await api.post('/user/add', body, admin);
    expect(ok.status).toBe(200);
    const trail = await api.pool.query(`SELECT actor_name, entity, entity_id FROM audit_event WHERE action = 'POST /user/add' ORDER BY id DESC LIMIT 1`);
    expect(trail.rows[0]).toEqual({ actor_name: 'admin', entity: 'owner', entity_id: String(ok.body.model.id) });
  });

  it('single SIM record and upload: a failing audit insert leaves neither the SIM nor the import', async () => {
    const imsi = uniqueDigits('99177');
    await breakAudit('POST /import/sim');
    try {
      expect((await api.post('/import/sim', { imsi }, admin)).status).toBe(500);
    } finally {
      await mendAudit();
    }
    expect(await countOf('SELECT count(*)::int AS n FROM sim_card WHERE imsi = $1', [imsi])).toBe(0);

    const imports = await countOf('SELECT count(*)::int AS n FROM import');
    await breakAudit('POST /import/upload');
    try {
      const r = await api.call('POST', '/import/upload', { token: admin, form: csvForm(`imsi\n${imsi}\n`, { kind: 'SIM' }, 'audit-tx.csv') });
      expect(r.status).toBe(500);
    } finally {
      await mendAudit();
    }
    expect(await countOf('SELECT count(*)::int AS n FROM import')).toBe(imports);
    // one action, one row: the call recorded by its service gets no second, generic row
    const ok = await api.post('/import/sim', { imsi }, admin);
    expect(ok.status).toBe(200);
    expect(await countOf(`SELECT count(*)::int AS n FROM audit_event WHERE action = 'POST /import/sim' AND entity_id = $1`, [String(ok.body.model.id)])).toBe(1);
    expect(await countOf(`SELECT count(*)::int AS n FROM audit_event WHERE action = 'POST /import/sim' AND entity_id IS NULL`)).toBe(0);
  });

  it('sign-in and sign-out: a failing audit insert creates no session and ends none', async () => {
    const u = devUser('manager');
    const sessions = () => countOf(`SELECT count(*)::int AS n FROM backoffice_session s JOIN backoffice_user u ON u.id = s.user_id WHERE u.username = $1 AND s.revoked_at IS NULL`, [u.username]);
    const before = await sessions();
    await breakAudit('POST /token');
    try {
      const r = await api.post('/token', { username: u.username, password: u.password, code: await api.codeFor(u) });
      expect(r.status).toBe(500);
    } finally {
      await mendAudit();
    }
    expect(await sessions()).toBe(before);

    const token = await api.signIn('manager');
    await breakAudit('POST /logout');
    try {
      expect((await api.post('/logout', {}, token)).status).toBe(500);
    } finally {
      await mendAudit();
    }
    expect((await api.get('/local/role', token)).status).toBe(200);
  });

  it('password change: a failing audit insert keeps the old password and the sessions', async () => {
    const u = devUser('tier1');
    const token = await api.signIn('tier1');
    const hash = async () => (await api.pool.query('SELECT password_hash FROM backoffice_user WHERE username = $1', [u.username])).rows[0].password_hash;
    const old = await hash();
    await breakAudit('POST /password');
    try {
      const r = await api.post('/password', { username: u.username, current: u.password, password: 'Changed-pass-77', repeat: 'Changed-pass-77' }, token);
      expect(r.status).toBe(500);
    } finally {
      await mendAudit();
    }
    expect(await hash()).toBe(old);
    expect((await api.get('/local/role', token)).status).toBe(200);
  });

  it('user management: a failing audit insert keeps the user enabled and their sessions; a gateway save is not kept', async () => {
    const token = await api.signIn('partnera-tier1');
    const id = (await api.pool.query(`SELECT id FROM backoffice_user WHERE username = 'partnera-tier1'`)).rows[0].id;
    await breakAudit('POST /local/edit');
    try {
      const r = await api.post(`/local/edit?user_id=${id}`, { username: 'partnera-tier1', role: 13, types: [2], enabled: false }, admin);
      expect(r.status).toBe(500);
    } finally {
      await mendAudit();
    }
    expect((await api.pool.query('SELECT enabled FROM backoffice_user WHERE id = $1', [id])).rows[0].enabled).toBe(true);
    expect((await api.get('/local/role', token)).status).toBe(200);

    await breakAudit('POST /smsgateway/save');
    try {
      expect((await api.post('/smsgateway/save', { name: 'Never kept', allowed: '+7', from_number: '+4915735980009' }, admin)).status).toBe(500);
    } finally {
      await mendAudit();
    }
    expect((await api.pool.query(`SELECT 1 FROM sms_gateway WHERE name = 'Never kept'`)).rowCount).toBe(0);
  });

  it('every administration save: a failing audit insert keeps the record as it was (docs/administration.md "Audit")', async () => {
    const one = async (sql: string, values: unknown[] = []) => (await api.pool.query(sql, values)).rows[0];
    const translation = await one(`SELECT id, key, language_code, device_type_id, value, is_html FROM translation ORDER BY id LIMIT 1`);
    const def = await one(`SELECT id, name, value, synced, editable, types FROM default_setting WHERE device_type_id = 1 ORDER BY setting_no LIMIT 1`);
    const wifi = await one(`SELECT mac, latitude, longitude, fixed, blacklisted FROM wifi_access_point ORDER BY mac LIMIT 1`);
    const cases: { action: string; send: () => Promise<{ status: number }>; state: () => Promise<unknown> }[] = [
      {
        action: 'POST /operator/save',
        send: () => api.post('/operator/save', { id: 1, name: 'Renamed', start: '26201' }, admin),
        state: () => one('SELECT name, start FROM operator WHERE id = 1'),
      },
      {
        action: 'POST /voipcentral/save',
        send: () => api.post('/voipcentral/save', { id: 1, name: 'Renamed', phone: '+493012345699' }, admin),
        state: () => one('SELECT name, phone FROM voip_central WHERE id = 1'),
      },
      {
        action: 'POST /smsgateway/save',
        send: () => api.post('/smsgateway/save', { id: 1, name: 'Renamed', allowed: '+49', from_number: '+15005550007', rate_per_second: 3 }, admin),
        state: () => one('SELECT name, allowed, from_number, rate_per_second, enabled FROM sms_gateway WHERE id = 1'),
      },
      {
        action: 'POST /translation/add',
        send: () => api.post('/translation/add', { key: 'audit.never', language_code: 'en', device_type_id: 1, value: 'x', is_html: false }, admin),
        state: () => one(`SELECT count(*)::int AS n FROM translation WHERE key = 'audit.never'`),
      },
      {
        action: 'POST /translation/edit',
        send: () => api.post('/translation/edit', { ...translation, value: 'never kept' }, admin),
        state: () => one('SELECT value FROM translation WHERE id = $1', [translation.id]),
      },
      {
        action: 'POST /setting/addDefault',
        send: () => api.post('/setting/addDefault', { device_type_id: 1, setting_no: 9901, value: '1' }, admin),
        state: () => one('SELECT count(*)::int AS n FROM default_setting WHERE setting_no = 9901'),
      },
      {
        action: 'POST /setting/editDefault',
        send: () => api.post('/setting/editDefault', { id: def.id, name: def.name, value: def.value, synced: !def.synced, editable: def.editable, types: def.types }, admin),
        state: () => one('SELECT synced FROM default_setting WHERE id = $1', [def.id]),
      },
      {
        action: 'POST /geolocation/wifi',
        send: () => api.post('/geolocation/wifi/', { mac: '02:00:5E:00:99:01', latitude: 1, longitude: 2 }, admin),
        state: () => one(`SELECT count(*)::int AS n FROM wifi_access_point WHERE mac = '02005E009901'`),
      },
      {
        action: 'POST /geolocation/wifi/save',
        send: () => api.post(`/geolocation/wifi/save?oldMac=${wifi.mac}`, { ...wifi, fixed: !wifi.fixed }, admin),
        state: () => one('SELECT fixed FROM wifi_access_point WHERE mac = $1', [wifi.mac]),
      },
      {
        action: 'POST /geolocation/wifi/delete',
        send: () => api.post('/geolocation/wifi/delete', { id: wifi.mac }, admin),
        state: () => one('SELECT count(*)::int AS n FROM wifi_access_point WHERE mac = $1', [wifi.mac]),
      },
      {
        action: 'POST /updateWhiteListNumber',
        send: () => api.post('/updateWhiteListNumber', { number: '+493099997777', is_allowed: true }, admin),
        state: () => one(`SELECT count(*)::int AS n FROM gsm_whitelist_number WHERE number = '+493099997777'`),
      },
      {
        action: 'POST /locale/helptext',
        send: () => api.post('/locale/helptext?localePath=geolocation.wifi.fixed', { translateText: 'never kept', language: 'en' }, admin),
        state: () => one(`SELECT count(*)::int AS n FROM help_text WHERE locale_path = 'geolocation.wifi.fixed'`),
      },
    ];
    const problems: string[] = [];
    for (const c of cases) {
      const before = await c.state();
      await breakAudit(c.action);
      try {
        const r = await c.send();
        if (r.status !== 500) problems.push(`${c.action}: ${r.status} with a broken audit trail`);
      } finally {
        await mendAudit();
      }
      const after = await c.state();
      if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${c.action}: kept ${JSON.stringify(after)} (was ${JSON.stringify(before)})`);
      // with the trail working the same save commits with its before-and-after record
      const ok = await c.send();
      if (ok.status !== 200) problems.push(`${c.action}: ${ok.status} with the trail working`);
    }
    expect(problems).toEqual([]);
    const trail = await api.pool.query(`SELECT action, entity, before IS NOT NULL AS has_before, after IS NOT NULL AS has_after FROM audit_event WHERE action = ANY($1) ORDER BY id`, [cases.map((c) => c.action)]);
    const actions = new Set(trail.rows.map((r) => r.action));
    expect([...actions].sort()).toEqual(cases.map((c) => c.action).sort());
  });
});
