import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteName } from '@tracker/contract';
import { startApi, type TestApi } from './harness.js';

let api: TestApi;
let admin: string;
let partnerA: string;
let partnerBManager: string;
let tier1: string;

beforeAll(async () => {
  api = await startApi();
  admin = await api.signIn('admin');
  partnerA = await api.signIn('partnera-manager');
  partnerBManager = await api.signIn('partnerb-manager');
  tier1 = await api.signIn('tier1');
});
afterAll(() => api?.close());

const LISTS: RouteName[] = [
  'deviceTypes', 'deviceLanguages', 'deviceList', 'operatorList', 'voipCentralList', 'smsGatewayList',
  'importServers', 'importLanguages', 'importRoles', 'importFinished', 'whiteLabelList', 'deploymentList',
  'backofficeUserList', 'countries',
];

describe('reference lists (§7 Lists)', () => {
  it.each(LISTS)('%s answers from the database in the contract shape', async (name) => {
    const def = ROUTES[name];
    const r = await api.get(def.path, admin);
    expect(r.status).toBe(200);
    def.response.parse(r.body);
    expect(Array.isArray(r.body.model)).toBe(true);
  });

  it('has the seeded reference data', async () => {
    expect((await api.get('/device/types', admin)).body.model.map((t: { id: number }) => t.id)).toEqual([1, 2, 3]);
    const langs = (await api.get('/device/languages', admin)).body.model.map((l: { language_code: string }) => l.language_code);
    expect(langs).toEqual(expect.arrayContaining(['de', 'en', 'es']));
    expect((await api.get('/countries/all', admin)).body.model.length).toBeGreaterThan(10);
    expect((await api.get('/whitelabel/list', admin)).body.model.length).toBeGreaterThan(0);
    const deviceList = (await api.get('/device/list', admin)).body.model;
    expect(deviceList.some((d: { sms_commands: unknown[] }) => d.sms_commands.length > 0)).toBe(true);
  });

  it('lists only imports that finished, not failed or running ones', async () => {
    const { rows } = await api.pool.query<{ id: number; status: string }>('select id, status::text from import');
    const finished = rows.filter((r) => r.status === 'FINISHED').map((r) => r.id).sort((a, b) => a - b);
    expect(rows.some((r) => r.status === 'FAILED')).toBe(true);
    const listed = (await api.get('/import/finished', admin)).body.model.map((i: { id: number }) => i.id).sort((a: number, b: number) => a - b);
    expect(listed).toEqual(finished);
  });

  it('narrows device types to the partner type', async () => {
    expect((await api.get('/device/types', partnerA)).body.model.map((t: { id: number }) => t.id)).toEqual([2]);
    expect((await api.get('/device/list', partnerBManager)).body.model.map((t: { id: number }) => t.id)).toEqual([3]);
  });

  it('narrows white labels to the user', async () => {
    const mine = (await api.get('/local/role', partnerA)).body.model.white_labels as number[];
    const wls = (await api.get('/whitelabel/list', partnerA)).body.model.map((w: { id: number }) => w.id);
    expect([...wls].sort()).toEqual([...mine].sort());
    const all = (await api.get('/whitelabel/list', admin)).body.model.length;
    expect(all).toBeGreaterThanOrEqual(wls.length);
  });

  it('offers managers only the roles of their partner', async () => {
    expect((await api.get('/import/roles', partnerA)).body.model.map((r: { id: number }) => r.id)).toEqual([12, 13]);
    expect((await api.get('/import/roles', partnerBManager)).body.model.map((r: { id: number }) => r.id)).toEqual([14, 15]);
    expect((await api.get('/import/roles', admin)).body.model.length).toBe(8);
  });

  it("lists only the partner's backoffice users to a partner manager", async () => {
    const users = (await api.get('/local/list', partnerBManager)).body.model as { role: number }[];
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u) => u.role === 14 || u.role === 15)).toBe(true);
    expect((await api.get('/local/list', tier1)).status).toBe(403);
  });
});
