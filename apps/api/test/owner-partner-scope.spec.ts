import { ROUTES, type RouteName } from '@tracker/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './harness.js';
import { insertContact, insertZone } from './samples/owner-contacts.js';

// §6 partner scope across the whole owner workspace: an owner whose only device is partner A's type (2) is partner
// B's (type 3) to neither see nor change, on every owner call, and a refused call changes nothing. The role x route
// matrix (access.spec) gives each role an owner of its own type, so it never tries another partner's owner.
let api: TestApi;
let partnerA: string;
let partnerB: string;
let owner: { id: number; email: string; wl: number };
let device: number;
let contact: number;
let zone: number;
let voice: number;

beforeAll(async () => {
  api = await startApi();
  [partnerA, partnerB] = await Promise.all(['partnera-manager', 'partnerb-manager'].map((u) => api.signIn(u)));
  const o = await api.pool.query<{ id: number; wl: number }>(
    `INSERT INTO owner (email, first_name, last_name, city, white_label_vendor_id) VALUES ('partner-scope@example.com', 'Paula', 'Partner', 'Aachen', (SELECT min(id) FROM white_label))
     RETURNING id, white_label_vendor_id AS wl`,
  );
  owner = { ...o.rows[0]!, email: 'partner-scope@example.com' };
  const d = await api.pool.query<{ id: number }>(
    `UPDATE device SET owner_id = $1, device_status = 2 WHERE id = (SELECT id FROM device WHERE owner_id IS NULL AND device_type_id = 2 AND sim_id IS NOT NULL ORDER BY id LIMIT 1)
     RETURNING id`,
    [owner.id],
  );
  device = d.rows[0]!.id;
  contact = await insertContact(api, owner.id, device, 'Scoped Contact');
  zone = await insertZone(api, owner.id, device);
  const v = await api.pool.query<{ id: number }>(
    `INSERT INTO voice_message (user_id, device_id, duration_seconds, file_name, content_type, size_bytes, content) VALUES ($1, $2, 3, 'scope.amr', 'audio/amr', 6, '\\x2321414d520a'::bytea) RETURNING id`,
    [owner.id, device],
  );
  voice = v.rows[0]!.id;
});
afterAll(() => api?.close());

const contactBody = () => ({ first_name: 'Changed', last_name: 'Contact', phone: '+4915100000099', relationship: 'Aunt', devices: [device] });
/** Every owner call of the workspace on the owner, as a valid request (what partner A is allowed). */
const calls = (): [RouteName, string, unknown?][] => [
  ['userDetails', `?user_id=${owner.id}`],
  ['userUpdate', `?user_id=${owner.id}`, { city: 'Bonn' }],
  ['userUpdateExternalId', `?user_id=${owner.id}`, { external_id: 'EXT-SCOPE' }],
  ['userPasswordChange', `?user_id=${owner.id}`, { email: owner.email, whiteLabelId: owner.wl }],
  ['userGuests', `?user_id=${owner.id}`],
  ['userInvites', `?user_id=${owner.id}`],
  ['userVoips', `?user_id=${owner.id}`],
  ['userVoipDetails', `?user_id=${owner.id}&voip_id=${voice}`],
  ['userVoipAudio', `?user_id=${owner.id}&voip_id=${voice}`],
  ['contactList', `?user_id=${owner.id}`],
  ['contactSaveV2', '', { id: contact, user_id: owner.id, ...contactBody() }],
  ['contactSave', `?user_id=${owner.id}`, { contacts: [{ id: contact, ...contactBody() }] }],
  ['contactPush', `?user_id=${owner.id}`],
  ['contactRemove', `?user_id=${owner.id}&contact_id=${contact}`],
  ['safeZoneList', `?user_id=${owner.id}`],
  ['safeZoneSave', `?user_id=${owner.id}`, { id: zone, name: 'Changed zone', latitude: 50.1, longitude: 8.6, radius: 300, devices: [device] }],
  ['safeZoneRemove', `?user_id=${owner.id}&zone_id=${zone}`],
  ['ownerWifiList', `?user_id=${owner.id}`],
  ['userRemove', `?user_id=${owner.id}&devices=true`],
];

describe("another partner's owner", () => {
  it('is refused to partner B on every owner call (403), and nothing changes', async () => {
    const before = await api.pool.query('SELECT count(*)::int AS n FROM sms_message WHERE device_id = $1', [device]);
    const answers: [RouteName, number][] = [];
    for (const [name, query, body] of calls()) {
      const r = ROUTES[name];
      answers.push([name, (await api.call(r.method, `${r.path}${query}`, { token: partnerB, body })).status]);
    }
    expect(answers.filter(([, status]) => status !== 403)).toEqual([]);
    expect(answers).toHaveLength(19);
    const o = await api.pool.query('SELECT city, external_id FROM owner WHERE id = $1', [owner.id]);
    expect(o.rows).toEqual([{ city: 'Aachen', external_id: null }]);
    expect((await api.pool.query('SELECT first_name FROM contact WHERE id = $1', [contact])).rows).toEqual([{ first_name: 'Scoped Contact' }]);
    expect((await api.pool.query('SELECT name, radius FROM safe_zone WHERE id = $1', [zone])).rows).toEqual([{ name: 'Matrix zone', radius: 200 }]);
    expect((await api.pool.query('SELECT owner_id FROM device WHERE id = $1', [device])).rows).toEqual([{ owner_id: owner.id }]);
    expect((await api.pool.query('SELECT count(*)::int AS n FROM sms_message WHERE device_id = $1', [device])).rows).toEqual(before.rows);
    expect(api.mails(owner.email)).toEqual([]);
  });

  it('is partner A\'s: the same reads answer it', async () => {
    for (const [name, query] of calls().filter(([n]) => ROUTES[n].method === 'GET' && !/Remove|Push/.test(n))) {
      const r = ROUTES[name];
      expect([name, (await api.call(r.method, `${r.path}${query}`, { token: partnerA })).status]).toEqual([name, 200]);
    }
  });
});
