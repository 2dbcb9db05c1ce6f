import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from './harness.js';
import { startSmsWorld, watches, type SmsWorld } from './sms-helpers.js';
import { eventually } from './harness.js';

// The general settings (§2 /device/{id}/generalSettings, §7 GET and POST /device/settings?device_id; docs
// device-workspace.md "General settings"): the wearer's profile of §3 Device, the watch's fields sent by SMS through
// the pipeline (fleet-sim's watch answers PROFILE:OK), audited, read-only roles 9 and 10, partner scope.

let world: SmsWorld;
let api: TestApi;
let admin: string;
let tier1: string;
let manager: string;
let partnerA: string;
let partnerB: string;
let watch: number; // a type-1 device whose number no other device shares (its reply names it)
let ofA: number; // a type-2 device (partner A's)

beforeAll(async () => {
  world = await startSmsWorld();
  api = world.api;
  [admin, tier1, manager, partnerA, partnerB] = await Promise.all(
    ['admin', 'tier1', 'manager', 'partnera-manager', 'partnerb-manager'].map((u) => api.signIn(u)),
  );
  watch = (await watches(api, 1, 1, 3))[0]!.id;
  ofA = (await watches(api, 2, 1))[0]!.id;
});
afterAll(async () => {
  await world?.close();
});

const get = (id: number, token = admin) => api.get(`/device/settings?device_id=${id}`, token);
const save = (id: number, body: unknown, token = admin) => api.post(`/device/settings?device_id=${id}`, body, token);
const trail = async (id: number) =>
  (await api.pool.query(`SELECT before, after FROM audit_event WHERE device_id = $1 AND action = 'device.settings' ORDER BY id`, [id])).rows;
const profileSms = async (id: number) =>
  (await api.pool.query(`SELECT id::int, message FROM sms_message WHERE device_id = $1 AND command_key = 'SET_PROFILE' AND direction = 'OUTBOUND' ORDER BY id`, [id])).rows;

describe('GET and POST /device/settings', () => {
  it("saves the wearer's profile; the watch gets height, weight, gender and birth date by SMS and confirms", async () => {
    const r = await save(watch, { first_name: 'Lotte', last_name: 'Lange', birth_date: '2016-04-30', height: 131, weight: 27, gender: 2 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.model).toMatchObject({ device_id: watch, first_name: 'Lotte', last_name: 'Lange', birth_date: '2016-04-30', height: 131, weight: 27, gender: 2 });
    expect(r.body.model.last_push).toMatchObject({ status: expect.any(Number), error: null });
    const sms = await profileSms(watch);
    expect(sms.at(-1)).toEqual({ id: r.body.model.last_push.sms_id, message: 'PROFILE,131,27,2,20160430#' });
    const audit = (await trail(watch)).at(-1);
    expect(audit.after).toMatchObject({ first_name: 'Lotte', height: 131, birth_date: '2016-04-30', sms_id: r.body.model.last_push.sms_id });
    // the watch answers PROFILE:OK: received (2)
    await eventually(async () => (await get(watch)).body.model.last_push?.status === 2, { what: 'the profile confirmed by the watch', deadline: 60_000 });
    const read = await get(watch, tier1);
    expect(read.status).toBe(200);
    expect(read.body.model).toMatchObject({ first_name: 'Lotte', height: 131, last_push: { status: 2, error: null } });
  });

  it('names alone stay on the server (no SMS); a save that changes nothing writes and sends nothing; an unset value is empty', async () => {
    const sent = (await profileSms(watch)).length;
    const audits = (await trail(watch)).length;
    expect((await save(watch, { first_name: 'Lotta' })).status).toBe(200);
    expect(await profileSms(watch)).toHaveLength(sent);
    expect(await trail(watch)).toHaveLength(audits + 1);
    expect((await trail(watch)).at(-1)).toEqual({ before: { first_name: 'Lotte' }, after: { first_name: 'Lotta' } });
    expect((await save(watch, { first_name: 'Lotta', height: 131 })).status).toBe(200);
    expect(await trail(watch)).toHaveLength(audits + 1);
    expect(await profileSms(watch)).toHaveLength(sent);
    const cleared = await save(watch, { weight: null, gender: null });
    expect(cleared.body.model).toMatchObject({ weight: null, gender: null, height: 131 });
    expect((await profileSms(watch)).at(-1).message).toBe('PROFILE,131,,,20160430#');
  });

  it('refuses bad values field by field, and an empty body', async () => {
    const r = await save(watch, { gender: 3, birth_date: '2016-02-30', height: 900, weight: 1, first_name: 'x'.repeat(51) });
    expect(r.status).toBe(400);
    const by = Object.fromEntries(r.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(Object.keys(by).sort()).toEqual(['birth_date', 'first_name', 'gender', 'height', 'weight']);
    expect(by.gender).toBe('Gender is 1 (boy) or 2 (girl)');
    expect((await save(watch, { birth_date: '2999-01-01' })).body.errors[0]).toMatchObject({ field: 'birth_date', code: 'birthDateFuture' });
    const empty = await save(watch, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({ field: 'body', code: 'nothingToSave' });
    // the record's fields are /device/update's: not read here
    expect((await save(watch, { enabled: false })).status).toBe(400);
    expect((await api.pool.query('SELECT enabled FROM device WHERE id = $1', [watch])).rows[0].enabled).toBe(true);
    expect((await get(99999999)).status).toBe(404);
    expect((await api.get('/device/settings?device_id=abc', admin)).body.errors[0].field).toBe('device_id');
  });

  it('roles 9 and 10 read but may not change (READ_ONLY_ROLE); a partner reaches only its own type', async () => {
    for (const token of [tier1, manager]) {
      expect((await get(watch, token)).status).toBe(200);
      const r = await save(watch, { height: 120 }, token);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('READ_ONLY_ROLE');
    }
    expect((await api.pool.query('SELECT height FROM device WHERE id = $1', [watch])).rows[0].height).toBe(131);
    expect((await get(ofA, partnerA)).status).toBe(200);
    expect((await save(ofA, { weight: 30 }, partnerA)).status).toBe(200);
    expect((await get(ofA, partnerB)).status).toBe(403);
    expect((await save(ofA, { weight: 31 }, partnerB)).status).toBe(403);
    expect((await get(watch, partnerA)).status).toBe(403);
    expect((await api.pool.query('SELECT weight FROM device WHERE id = $1', [ofA])).rows[0].weight).toBe(30);
  });
});
