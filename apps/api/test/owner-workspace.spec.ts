import { describe, expect, it } from 'vitest';
import { apiForFile, type TestApi } from './harness.js';

let api: TestApi;
let admin: string, tier1: string, manager: string, partnerA: string, partnerB: string;
apiForFile(['admin', 'tier1', 'manager', 'partnera-tier1', 'partnerb-tier1'], (started, tokens) => {
  [api, [admin, tier1, manager, partnerA, partnerB]] = [started, tokens];
});

let seq = 0;
/** A new owner with `n` spare devices of each given type (the seed's ownerless devices). */
async function ownerWith(types: number[]): Promise<{ id: number; devices: number[] }> {
  const o = await api.pool.query<{ id: number }>(
    `INSERT INTO owner (email, first_name, last_name, white_label_vendor_id) VALUES ($1, 'Olga', 'Owner', (SELECT min(id) FROM white_label)) RETURNING id`,
    [`owner-ws-${++seq}@example.com`],
  );
  const id = o.rows[0]!.id;
  const devices: number[] = [];
  for (const type of types) {
    const d = await api.pool.query<{ id: number }>(
      `UPDATE device SET owner_id = $1, device_status = 2, initialized = true, first_name = 'Kim'
       WHERE id = (SELECT id FROM device WHERE owner_id IS NULL AND device_type_id = $2 AND sim_id IS NOT NULL ORDER BY id LIMIT 1)
       RETURNING id`,
      [id, type],
    );
    devices.push(d.rows[0]!.id);
  }
  return { id, devices };
}

describe('GET /user/user_details', () => {
  it('answers details, white label and devices; authorizedRole is false for role 1 only', async () => {
    const o = await ownerWith([1, 1]);
    const r = await api.get(`/user/user_details?user_id=${o.id}`, admin);
    expect(r.status).toBe(200);
    expect(r.body.model.userData).toMatchObject({ id: o.id, email: `owner-ws-${seq}@example.com`, first_name: 'Olga' });
    expect(r.body.model.userData.white_label_name).toEqual(expect.any(String));
    expect(r.body.model.devices.map((d: { id: number }) => d.id)).toEqual(o.devices);
    expect(r.body.model.authorizedRole).toBe(false);
    expect((await api.get(`/user/user_details?user_id=${o.id}`, tier1)).body.model.authorizedRole).toBe(true);
  });

  it('404 for an unknown owner, 400 naming user_id for a bad id', async () => {
    expect((await api.get('/user/user_details?user_id=99999999', admin)).status).toBe(404);
    const bad = await api.get('/user/user_details?user_id=abc', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('user_id');
  });

  it('partner scope: each partner sees only its own devices of a shared owner, and nothing of a foreign owner', async () => {
    const mixed = await ownerWith([2, 3]);
    const a = await api.get(`/user/user_details?user_id=${mixed.id}`, partnerA);
    expect(a.body.model.devices.map((d: { device_type_id: number }) => d.device_type_id)).toEqual([2]);
    const b = await api.get(`/user/user_details?user_id=${mixed.id}`, partnerB);
    expect(b.body.model.devices.map((d: { device_type_id: number }) => d.device_type_id)).toEqual([3]);
    const onlyA = await ownerWith([2]);
    expect((await api.get(`/user/user_details?user_id=${onlyA.id}`, partnerB)).status).toBe(403);
    expect((await api.post(`/user/update?user_id=${onlyA.id}`, { city: 'X' }, partnerB)).status).toBe(403);
    expect((await api.get(`/user/user_details?user_id=${onlyA.id}`, manager)).status).toBe(200);
    // an owner without devices is seen only by users who see every type
    const bare = await ownerWith([]);
    expect((await api.get(`/user/user_details?user_id=${bare.id}`, partnerA)).status).toBe(403);
    expect((await api.get(`/user/user_details?user_id=${bare.id}`, tier1)).status).toBe(200);
  });
});

describe('POST /user/update and /user/update/externalid', () => {
  it('writes the fields sent, keeps those sent as an empty string with the §5 message, and audits', async () => {
    const o = await ownerWith([1]);
    const r = await api.post(`/user/update?user_id=${o.id}`, { first_name: '', last_name: 'Neumann', city: 'Köln', country_code: 'de' }, admin);
    expect(r.status).toBe(200);
    expect(r.body.model.ignored).toEqual([
      { field: 'first_name', code: 'profileEmptyIgnored', params: { field: 'first_name' }, message: 'first_name was empty and is left unchanged' },
    ]);
    expect(r.body.model.user.userData).toMatchObject({ first_name: 'Olga', last_name: 'Neumann' });
    expect(r.body.model.user.userAddress).toMatchObject({ city: 'Köln', country_code: 'DE' });
    const audit = await api.pool.query(`SELECT after FROM audit_event WHERE action = 'POST /user/update' AND entity_id = $1`, [String(o.id)]);
    expect(audit.rows[0].after).toEqual({ before: { last_name: 'Owner', city: null, country_code: null }, after: { last_name: 'Neumann', city: 'Köln', country_code: 'DE' } });
  });

  it('refuses bad values field by field', async () => {
    const o = await ownerWith([1]);
    const r = await api.post(`/user/update?user_id=${o.id}`, { phone: '12', language: 'fr', first_name: 'x'.repeat(51) }, admin);
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['first_name', 'language', 'phone']);
    expect(r.body.errors.find((e: { field: string }) => e.field === 'phone').message).toBe('Phone must have 8 to 15 digits');
  });

  it('sets and clears the external id', async () => {
    const o = await ownerWith([1]);
    const set = await api.post(`/user/update/externalid?user_id=${o.id}`, { external_id: ' CRM-42 ' }, admin);
    expect(set.status).toBe(200);
    expect(set.body.model.external_id).toBe('CRM-42');
    const clear = await api.post(`/user/update/externalid?user_id=${o.id}`, { external_id: null }, admin);
    expect(clear.body.model.external_id).toBeNull();
    const long = await api.post(`/user/update/externalid?user_id=${o.id}`, { external_id: 'x'.repeat(101) }, admin);
    expect(long.status).toBe(400);
    expect(long.body.errors[0].field).toBe('external_id');
  });
});

describe('GET /user/remove', () => {
  it('refuses an owner with devices unless devices=true; then the devices go back to stock with their SIM', async () => {
    const o = await ownerWith([1, 1]);
    const refused = await api.get(`/user/remove?user_id=${o.id}`, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'user_id', code: 'ownerHasDevices', message: 'The owner still has 2 devices: remove devices and user instead' });
    const sims = (await api.pool.query('SELECT id, sim_id FROM device WHERE id = ANY($1) ORDER BY id', [o.devices])).rows;

    const r = await api.get(`/user/remove?user_id=${o.id}&devices=true`, admin);
    expect(r.status).toBe(200);
    expect(r.body.model).toEqual({ removed: true, devices: o.devices });
    expect((await api.pool.query('SELECT 1 FROM owner WHERE id = $1', [o.id])).rowCount).toBe(0);
    const after = (await api.pool.query('SELECT id, sim_id, owner_id, device_status, initialized, first_name FROM device WHERE id = ANY($1) ORDER BY id', [o.devices])).rows;
    expect(after).toEqual(sims.map((d) => ({ ...d, owner_id: null, device_status: 0, initialized: false, first_name: null })));
    const events = await api.pool.query(`SELECT device_id, status FROM audit_event WHERE action = 'owner.remove' AND device_id = ANY($1) ORDER BY device_id`, [o.devices]);
    expect(events.rows).toEqual(o.devices.map((id) => ({ device_id: id, status: 6 })));
    expect((await api.pool.query(`SELECT 1 FROM audit_event WHERE action = 'GET /user/remove' AND entity_id = $1`, [String(o.id)])).rowCount).toBe(1);
  });

  it('removes an owner without devices; a partner cannot remove an owner who also has another partner\'s devices', async () => {
    const bare = await ownerWith([]);
    expect((await api.get(`/user/remove?user_id=${bare.id}`, manager)).status).toBe(200);
    const mixed = await ownerWith([2, 3]);
    const r = await api.get(`/user/remove?user_id=${mixed.id}&devices=true`, partnerA);
    expect(r.status).toBe(400);
    expect(r.body.errors[0].message).toBe('The owner also has 1 devices outside your scope and cannot be removed');
    // nothing changed: the transaction rolled the partner's device back too
    expect((await api.pool.query('SELECT count(*)::int AS n FROM device WHERE owner_id = $1', [mixed.id])).rows[0].n).toBe(2);
  });
});

describe('guests, invites, voice messages, app logs', () => {
  it('guests the owner invited and invitations the owner received, with their status', async () => {
    const host = await ownerWith([1]);
    const guest = await ownerWith([1]);
    const guestEmail = (await api.pool.query('SELECT email FROM owner WHERE id = $1', [guest.id])).rows[0].email;
    await api.pool.query(
      `INSERT INTO owner_guest (owner_id, guest_user_id, email, status, accepted_at) VALUES ($1, $2, $3, 'ACCEPTED', now()), ($1, NULL, 'later@example.com', 'WAITING', NULL)`,
      [host.id, guest.id, guestEmail],
    );
    const g = await api.get(`/user/guests?user_id=${host.id}`, admin);
    expect(g.body.model.map((x: { email: string; status: string }) => [x.email, x.status]).sort()).toEqual([['later@example.com', 'WAITING'], [guestEmail, 'ACCEPTED']]);
    const i = await api.get(`/user/invites?user_id=${guest.id}`, admin);
    expect(i.body.model.map((x: { owner_id: number; status: string }) => [x.owner_id, x.status])).toEqual([[host.id, 'ACCEPTED']]);
  });

  it('voice messages: list, details, the audio inline and as a download; partners only those of their devices', async () => {
    const mixed = await ownerWith([2, 3]);
    const wav = Buffer.from('RIFF0000WAVEfmt test audio');
    const ids = (
      await api.pool.query<{ id: string }>(
        `INSERT INTO voice_message (user_id, device_id, duration_seconds, file_name, content_type, size_bytes, content)
         VALUES ($1, $2, 3, 'a.wav', 'audio/wav', $4, $5), ($1, $3, 4, 'b.wav', 'audio/wav', $4, $5) RETURNING id`,
        [mixed.id, mixed.devices[0], mixed.devices[1], wav.length, wav],
      )
    ).rows.map((r) => Number(r.id));
    expect((await api.get(`/user/voips?user_id=${mixed.id}`, admin)).body.model).toHaveLength(2);
    const a = await api.get(`/user/voips?user_id=${mixed.id}`, partnerA);
    expect(a.body.model.map((v: { id: number }) => v.id)).toEqual([ids[0]]);
    expect((await api.get(`/user/voipDetails?user_id=${mixed.id}&voip_id=${ids[1]}`, partnerA)).status).toBe(404);
    const d = await api.get(`/user/voipDetails?user_id=${mixed.id}&voip_id=${ids[0]}`, partnerA);
    expect(d.body.model).toMatchObject({ id: ids[0], file_name: 'a.wav', content_type: 'audio/wav', duration_seconds: 3 });

    const audio = await fetch(`${api.base}/api/user/voipDetails/audio?user_id=${mixed.id}&voip_id=${ids[0]}`, {
      headers: { authorization: `Bearer ${admin}`, 'request-origin': 'backoffice-console' },
    });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toContain('audio/wav');
    expect(Buffer.from(await audio.arrayBuffer())).toEqual(wav);
    const dl = await fetch(`${api.base}/api/user/voipDetails/audio?user_id=${mixed.id}&voip_id=${ids[0]}&download=true`, {
      headers: { authorization: `Bearer ${admin}`, 'request-origin': 'backoffice-console' },
    });
    expect(dl.headers.get('content-disposition')).toContain('a.wav');
  });

  it('app logs: list, the file as text and as a download, roles 1 and 9 only', async () => {
    const o = await ownerWith([1]);
    const text = '2026-01-01 INFO app started\n';
    await api.pool.query(`INSERT INTO app_log (user_id, file_name, platform, app_version, size_bytes, content) VALUES ($1, $2, 'ios', '4.0.2', $3, $4)`, [
      o.id,
      `app_ws_${o.id}.log`,
      text.length,
      Buffer.from(text),
    ]);
    const list = await api.get(`/logs/app?user_id=${o.id}`, tier1);
    expect(list.body.model).toEqual([expect.objectContaining({ file_name: `app_ws_${o.id}.log`, platform: 'ios', app_version: '4.0.2' })]);
    const f = await api.get(`/logs/app/file?name=app_ws_${o.id}.log`, tier1);
    expect(f.body.model).toEqual({ name: `app_ws_${o.id}.log`, content: text });
    expect((await api.get(`/logs/app/file?name=nope.log`, admin)).status).toBe(404);
    expect((await api.get(`/logs/app?user_id=${o.id}`, manager)).status).toBe(403);
    expect((await api.get(`/logs/app/file?name=bad name`, admin)).status).toBe(400);
  });
});

describe('POST /user/password/change', () => {
  it('mails the owner a reset link that opens the reset page and sets the owner\'s password once', async () => {
    const o = await ownerWith([1]);
    const { email, white_label_vendor_id: wl } = (await api.pool.query('SELECT email, white_label_vendor_id FROM owner WHERE id = $1', [o.id])).rows[0];
    const r = await api.post(`/user/password/change?user_id=${o.id}`, { email, whiteLabelId: wl }, tier1);
    expect(r.status).toBe(200);
    expect(r.body.model).toEqual({ sent: true, email });
    const mails = api.mails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/reset your password/);
    const link = /http:\/\/console\.test(\/\S+\/forgotpassword\/([0-9a-f-]{36}))/.exec(mails[0]!.text);
    expect(link, mails[0]!.text).not.toBeNull();
    const [, path, uuid] = link!;
    expect(path).toBe(`/backoffice/forgotpassword/${uuid}`);

    // the link works with the existing reset routes: it names the owner, then takes a new password once
    const check = await api.get(path!, undefined);
    expect(check.body.model).toEqual({ valid: true, username: email });
    const set = await api.post(path!, { uuid, password: 'NewSecret-42', repeat: 'NewSecret-42' });
    expect(set.status).toBe(200);
    const hash = (await api.pool.query('SELECT password_hash FROM owner WHERE id = $1', [o.id])).rows[0].password_hash;
    expect(hash).toMatch(/^\$2[aby]\$/);
    expect((await api.post(path!, { uuid, password: 'NewSecret-43', repeat: 'NewSecret-43' })).status).toBe(400);
    expect((await api.pool.query(`SELECT 1 FROM audit_event WHERE action = 'POST /user/password/change' AND entity_id = $1`, [String(o.id)])).rowCount).toBe(1);
  });

  it('refuses an e-mail or white label that is not the owner\'s, naming the field; sends nothing', async () => {
    const o = await ownerWith([1]);
    const r = await api.post(`/user/password/change?user_id=${o.id}`, { email: 'someone.else@example.com', whiteLabelId: 99999 }, admin);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { field: 'email', code: 'ownerEmailMismatch', message: 'This is not the e-mail of the owner' },
      { field: 'whiteLabelId', code: 'ownerWhiteLabelMismatch', message: 'This is not the white label of the owner' },
    ]);
    const bad = await api.post(`/user/password/change?user_id=${o.id}`, { email: 'nope', whiteLabelId: 1 }, admin);
    expect(bad.body.errors[0].field).toBe('email');
    expect(api.mails('someone.else@example.com')).toHaveLength(0);
  });
});

describe('role 9 is read-only on the owner pages (§6 permission check)', () => {
  it('cannot change the e-mail (and then send the reset link to it), the profile, the external id, nor remove the owner', async () => {
    const o = await ownerWith([1]);
    const email = `owner-ws-${seq}@example.com`;
    const refused = [
      await api.post(`/user/update?user_id=${o.id}`, { email: 'attacker@example.com' }, tier1),
      await api.post(`/user/update?user_id=${o.id}`, { first_name: 'Mallory' }, tier1),
      await api.post(`/user/update/externalid?user_id=${o.id}`, { external_id: 'x-1' }, tier1),
      await api.get(`/user/remove?user_id=${o.id}`, tier1),
    ];
    for (const r of refused) expect([r.status, r.body.code]).toEqual([403, 'READ_ONLY_ROLE']);
    const row = await api.pool.query('SELECT email, first_name FROM owner WHERE id = $1', [o.id]);
    expect(row.rows).toEqual([{ email, first_name: 'Olga' }]);
    // the reset link still goes to the owner's own address only
    const link = await api.post(`/user/password/change?user_id=${o.id}`, { email: 'attacker@example.com', whiteLabelId: 1 }, tier1);
    expect(link.status).toBe(400);
    expect(api.mails('attacker@example.com')).toHaveLength(0);
    // role 10 (read-only on the settings pages only) still edits the profile
    expect((await api.post(`/user/update?user_id=${o.id}`, { first_name: 'Olena' }, manager)).status).toBe(200);
  });
});

describe('help texts', () => {
  it('role 1 sets, replaces and removes a tooltip text; every session reads it; others may not set it', async () => {
    const save = (text: string, token = admin) =>
      api.post('/locale/helptext?localePath=owner.profile.apn', { translateText: text, language: 'de' }, token);
    expect((await save('Apple-Push-Token der App')).status).toBe(200);
    expect((await save('Apple-Push-Token der Eltern-App')).status).toBe(200);
    const apn = async (token: string) =>
      (await api.get('/locale/helptexts?prefix=owner.profile&language=de', token)).body.model.filter((h: { locale_path: string }) => h.locale_path === 'owner.profile.apn');
    expect(await apn(partnerA)).toEqual([{ locale_path: 'owner.profile.apn', language: 'de', text: 'Apple-Push-Token der Eltern-App' }]);
    expect((await save('x', tier1)).status).toBe(403);
    expect((await api.post('/locale/helptext?localePath=bad path', { translateText: 'x', language: 'de' }, admin)).body.errors[0].field).toBe('localePath');
    expect((await save('')).status).toBe(200);
    expect(await apn(admin)).toEqual([]);
  });
});
