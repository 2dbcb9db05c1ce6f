import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from './harness.js';
import { startSmsWorld, type SmsWorld } from './sms-helpers.js';
import { freeDevice, insertContact } from './samples/owner-contacts.js';
import { eventually } from './harness.js';

// Owner workspace, contacts (§5 Contact, §7 Contacts; docs/owner-workspace.md "Contacts"): every call with good input,
// every §5 rule with its exact message, the limit, the push through the SMS pipeline, and the partner scope.

let world: SmsWorld;
let api: TestApi;
let admin: string;
let partnerA: string; // role 12: device type 2
let owner: number; // a new owner with two devices of type 1 and one of type 2
let d1: number;
let d2: number;
let dOff: number; // a disabled device of the owner (type 1)
let dA: number; // the owner's type-2 device

async function newOwner(email: string): Promise<number> {
  const r = await api.post('/user/add', { newUser: { email, first_name: 'Olga', last_name: 'Owner', white_label_vendor_id: 1 } }, admin);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.model.id;
}
async function give(ownerId: number, type: number, gsm = '+4915100000100'): Promise<number> {
  const d = await freeDevice(api, type);
  const r = await api.post(`/device/add?type=${type}`, { user_id: ownerId, device_id: d.id, gsm_number: gsm }, admin);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return d.id;
}

beforeAll(async () => {
  // the real SMS path (api, worker, fleet-sim's watches) for the push
  world = await startSmsWorld();
  api = world.api;
  [admin, partnerA] = await Promise.all([api.signIn('admin'), api.signIn('partnera-manager')]);
  owner = await newOwner('contacts-owner@example.com');
  d1 = await give(owner, 1, '+4915100000101');
  d2 = await give(owner, 1, '+4915100000102');
  dOff = await give(owner, 1, '+4915100000103');
  await api.pool.query('UPDATE device SET enabled = false WHERE id = $1', [dOff]);
  dA = await give(owner, 2, '+4915100000104');
});
afterAll(async () => {
  await world?.close();
});

const good = (over: Record<string, unknown> = {}) => ({
  user_id: owner,
  first_name: 'Anna',
  last_name: 'Aunt',
  email: 'anna@example.com',
  phone: '+4915100000201',
  relationship: 'Aunt',
  devices: [d1],
  ...over,
});
const save = (body: unknown, token = admin) => api.post('/contact/save_v2', body, token);
const list = async (token = admin, id = owner) => (await api.get(`/contact/user?user_id=${id}`, token)).body.model;

describe('list and save (POST /contact/save_v2)', () => {
  it('answers contacts, devices and the limit from the operators of the owner’s SIMs', async () => {
    const m = await list();
    expect(m.devices.map((d: { id: number }) => d.id)).toEqual([d1, d2, dOff, dA].sort((a, b) => a - b));
    const lim = await api.pool.query(
      'SELECT min(op.contacts_limit) AS n FROM device d JOIN sim_card s ON s.id = d.sim_id JOIN operator op ON op.id = s.operator_id WHERE d.owner_id = $1',
      [owner],
    );
    expect(m.limit).toBe(lim.rows[0].n ?? 5);
    expect(m.contacts).toEqual([]);
  });

  it('creates a contact with the §5 defaults (emergency, not guest, not primary) and changes it', async () => {
    const r = await save(good());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.model).toMatchObject({ user_id: owner, first_name: 'Anna', emergency: true, is_guest: false, primary: false, devices: [d1] });
    const id = r.body.model.id;
    const u = await save(good({ id, first_name: 'Annabel', devices: [d1, d2] }));
    expect(u.body.model).toMatchObject({ id, first_name: 'Annabel', devices: [d1, d2] });
    expect((await list()).contacts.map((c: { id: number }) => c.id)).toContain(id);
    // a primary flag sent by the console is ignored: only the app makes a contact primary
    const p = await save(good({ id, primary: true, devices: [d1, d2] }));
    expect(p.body.model.primary).toBe(false);
  });

  it('clears emergency for a guest (the emergency checkbox is cleared when not allowed)', async () => {
    const r = await save(good({ first_name: 'Gustav', is_guest: true, emergency: true }));
    expect(r.body.model).toMatchObject({ is_guest: true, emergency: false });
  });

  const rules: [string, Record<string, unknown>, string, string][] = [
    ['first name too short', { first_name: 'Al' }, 'first_name', 'First name must be between 3 and 49 characters'],
    ['first name too long', { first_name: 'A'.repeat(50) }, 'first_name', 'First name must be between 3 and 49 characters'],
    ['first name missing', { first_name: undefined }, 'first_name', 'First name must be between 3 and 49 characters'],
    ['last name of 50', { last_name: 'B'.repeat(50) }, 'last_name', 'Last name must be under 50 characters'],
    ['e-mail too short', { email: 'a@' }, 'email', 'E-mail must be between 3 and 49 characters'],
    ['e-mail too long', { email: `${'e'.repeat(40)}@example.com` }, 'email', 'E-mail must be between 3 and 49 characters'],
    ['phone too short', { phone: '1234567' }, 'phone', 'Phone must have 8 to 15 digits'],
    ['phone too long', { phone: '1234567890123456' }, 'phone', 'Phone must have 8 to 15 digits'],
    ['relationship of 50', { relationship: 'R'.repeat(50) }, 'relationship', 'Relationship must be under 50 characters'],
    ['no device', { devices: [] }, 'devices', 'Select at least one device'],
  ];
  for (const [what, over, field, message] of rules) {
    it(`refuses ${what}: '${message}'`, async () => {
      const r = await save(good(over));
      expect(r.status).toBe(400);
      expect(r.body.errors[0]).toMatchObject({ field, message });
    });
  }

  it('accepts the edges: first name of 3 and 49, last name of 49, phone of 8 and 15', async () => {
    for (const over of [{ first_name: 'Ada' }, { first_name: 'F'.repeat(49), last_name: 'L'.repeat(49) }, { phone: '12345678' }, { phone: '123456789012345' }]) {
      const r = await save(good(over));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      await api.get(`/contact/remove?user_id=${owner}&contact_id=${r.body.model.id}`, admin);
    }
  });

  it("refuses a disabled device ('Device is disabled') and a device of another owner", async () => {
    const off = await save(good({ devices: [d1, dOff] }));
    expect(off.status).toBe(400);
    expect(off.body.errors[0]).toMatchObject({ field: 'devices', code: 'deviceDisabled', message: 'Device is disabled' });
    const other = await api.pool.query('SELECT id FROM device WHERE owner_id IS NOT NULL AND owner_id <> $1 AND device_type_id = 1 LIMIT 1', [owner]);
    const foreign = await save(good({ devices: [other.rows[0].id] }));
    expect(foreign.body.errors[0]).toMatchObject({ field: 'devices', message: 'The device does not belong to this owner' });
  });

  it('keeps a disabled device a contact is already on', async () => {
    const id = await insertContact(api, owner, dOff, 'Already There');
    const r = await save(good({ id, first_name: 'Already There', devices: [dOff, d1] }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await api.get(`/contact/remove?user_id=${owner}&contact_id=${id}`, admin);
  });

  it('does not let the devices of a primary contact change', async () => {
    const id = await insertContact(api, owner, d1, 'Primary Parent');
    await api.pool.query('UPDATE contact SET "primary" = true WHERE id = $1', [id]);
    const r = await save(good({ id, first_name: 'Primary Parent', devices: [d1, d2] }));
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ field: 'devices', message: 'The devices of a primary contact cannot be changed' });
    const same = await save(good({ id, first_name: 'Primary Renamed', devices: [d1] }));
    expect(same.body.model).toMatchObject({ first_name: 'Primary Renamed', primary: true });
    await api.get(`/contact/remove?user_id=${owner}&contact_id=${id}`, admin);
  });

  it('enforces the contact limit in the api', async () => {
    const { limit, contacts } = await list();
    for (let i = contacts.length; i < limit; i++) expect((await save(good({ first_name: `Fill ${i}` }))).status).toBe(200);
    const over = await save(good({ first_name: 'One Too Many' }));
    expect(over.status).toBe(400);
    expect(over.body.errors[0]).toMatchObject({ code: 'contactLimit', message: 'This owner cannot have more contacts' });
    // changing an existing contact still works at the limit
    const first = (await list()).contacts[0];
    expect((await save(good({ id: first.id, first_name: first.first_name, devices: first.devices }))).status).toBe(200);
    for (const c of (await list()).contacts.slice(1)) await api.get(`/contact/remove?user_id=${owner}&contact_id=${c.id}`, admin);
  });

  it('answers 404 for an unknown owner or contact', async () => {
    expect((await api.get('/contact/user?user_id=999999', admin)).status).toBe(404);
    expect((await save(good({ id: 999999 }))).status).toBe(404);
    expect((await api.get(`/contact/remove?user_id=${owner}&contact_id=999999`, admin)).status).toBe(404);
  });
});

describe('several at once (POST /contact/save?user_id)', () => {
  it('saves all or none, naming the failing entry', async () => {
    const before = (await list()).contacts.length;
    const body = { contacts: [{ ...good({ first_name: 'Bulk One' }), user_id: undefined }, { ...good({ first_name: 'Bulk Two', phone: '12' }), user_id: undefined }] };
    const bad = await api.post(`/contact/save?user_id=${owner}`, body, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'contacts.1.phone', message: 'Phone must have 8 to 15 digits' });
    expect((await list()).contacts.length).toBe(before);
    body.contacts[1]!.phone = '+4915100000999';
    const ok = await api.post(`/contact/save?user_id=${owner}`, body, admin);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.model.map((c: { first_name: string }) => c.first_name).sort()).toEqual(['Bulk One', 'Bulk Two']);
    for (const c of ok.body.model) await api.get(`/contact/remove?user_id=${owner}&contact_id=${c.id}`, admin);
  });
});

describe('remove (GET /contact/remove)', () => {
  it('deletes the contact and its device links, audited', async () => {
    const id = await insertContact(api, owner, d1, 'Short Lived');
    const r = await api.get(`/contact/remove?user_id=${owner}&contact_id=${id}`, admin);
    expect(r.status).toBe(200);
    expect((await api.pool.query('SELECT 1 FROM contact WHERE id = $1', [id])).rowCount).toBe(0);
    const audit = await api.pool.query("SELECT action FROM audit_event WHERE entity = 'contact' AND entity_id = $1", [String(id)]);
    expect(audit.rows.map((a) => a.action)).toEqual(['GET /contact/remove']);
  });
});

describe('push to the watches (GET /contact/push)', () => {
  it('sends one SMS per enabled device with a number through the pipeline; the status shows in the list', async () => {
    const r = await api.get(`/contact/push?user_id=${owner}`, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.model.messages.map((m: { device_id: number }) => m.device_id).sort((a: number, b: number) => a - b)).toEqual([d1, d2, dA].sort((a, b) => a - b));
    const sms = await api.pool.query("SELECT device_id, command_key, message FROM sms_message WHERE id = ANY($1::bigint[])", [r.body.model.messages.map((m: { sms_id: number }) => m.sms_id)]);
    expect(sms.rows.every((m) => m.command_key === 'SYNC_CONTACTS' && m.message === 'CONTACTS#')).toBe(true);
    // the watches answer CONTACTS:OK: received (2)
    await eventually(async () => {
      const devices = (await list()).devices.filter((d: { id: number }) => d.id !== dOff);
      return devices.every((d: { last_push: { status: number } | null }) => d.last_push?.status === 2);
    }, { what: 'every push received', deadline: 60_000 });
    expect((await list()).devices.find((d: { id: number }) => d.id === dOff).last_push).toBeNull();
  });
});

describe('partner scope', () => {
  it('shows a partner only the owner’s devices of its type, and the contacts on them', async () => {
    const a = await save(good({ first_name: 'Type One Only', devices: [d1] }));
    const b = await save(good({ first_name: 'On Both', devices: [d1, dA] }));
    const m = await list(partnerA);
    expect(m.devices.map((d: { id: number }) => d.id)).toEqual([dA]);
    expect(m.contacts.map((c: { first_name: string }) => c.first_name)).toEqual(['On Both']);
    expect(m.contacts[0].devices).toEqual([dA]);
    // a partner's save keeps the other partner's links
    const r = await save(good({ id: b.body.model.id, first_name: 'On Both', devices: [dA] }), partnerA);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await list()).contacts.find((c: { id: number }) => c.id === b.body.model.id).devices).toEqual([d1, dA].sort((x, y) => x - y));
    // a device of another type: 403; a contact it cannot see: 404
    expect((await save(good({ id: b.body.model.id, devices: [dA, d1] }), partnerA)).status).toBe(403);
    expect((await save(good({ id: a.body.model.id, devices: [dA] }), partnerA)).status).toBe(404);
    // removing takes it off the partner's devices only
    expect((await api.get(`/contact/remove?user_id=${owner}&contact_id=${b.body.model.id}`, partnerA)).status).toBe(200);
    expect((await list()).contacts.find((c: { id: number }) => c.id === b.body.model.id).devices).toEqual([d1]);
    // the push reaches only the partner's devices
    const push = await api.get(`/contact/push?user_id=${owner}`, partnerA);
    expect(push.body.model.messages.map((x: { device_id: number }) => x.device_id)).toEqual([dA]);
  });

  it('refuses a partner an owner without devices of its type (403)', async () => {
    const other = await api.pool.query(
      `SELECT o.id FROM owner o WHERE EXISTS (SELECT 1 FROM device d WHERE d.owner_id = o.id)
         AND NOT EXISTS (SELECT 1 FROM device d WHERE d.owner_id = o.id AND d.device_type_id = 2) ORDER BY o.id LIMIT 1`,
    );
    const id = other.rows[0].id;
    expect((await api.get(`/contact/user?user_id=${id}`, partnerA)).status).toBe(403);
    expect((await api.get(`/contact/push?user_id=${id}`, partnerA)).status).toBe(403);
    expect((await api.post('/contact/save_v2', { ...good(), user_id: id }, partnerA)).status).toBe(403);
  });
});
