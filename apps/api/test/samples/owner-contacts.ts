import { PARTNER_DEVICE_TYPE, type RouteName } from '@tracker/contract';
import type { TestApi } from '../harness.js';
import type { SampleBuilder, SampleContext } from './index.js';
import { telemetryDevice } from './device-workspace.js';

// Valid requests of the owner workspace's contacts, safe zones and add-device routes for the role x route matrix:
// each role works on the owner of a device of its own type (partners: their type, §6).

const typeOf = (ctx: SampleContext) => PARTNER_DEVICE_TYPE[ctx.role] ?? 1;

/** An owner in the role's scope and one of its devices of the role's type. */
export async function ownerOf(api: TestApi, type: number): Promise<{ owner: number; device: number }> {
  const d = await telemetryDevice(api, type);
  return { owner: d.owner, device: d.id };
}

/** A contact of the owner on `device` only, written straight into the database (the matrix edits and removes it). */
export async function insertContact(api: TestApi, owner: number, device: number, name = 'Matrix Contact'): Promise<number> {
  const c = await api.pool.query<{ id: number }>(
    `INSERT INTO contact (user_id, first_name, last_name, phone, relationship) VALUES ($1, $2, 'Sample', '+4915100000077', 'Aunt') RETURNING id`,
    [owner, name],
  );
  await api.pool.query('INSERT INTO contact_device (contact_id, device_id) VALUES ($1, $2)', [c.rows[0]!.id, device]);
  return c.rows[0]!.id;
}

export async function insertZone(api: TestApi, owner: number, device: number): Promise<number> {
  const z = await api.pool.query<{ id: number }>(
    `INSERT INTO safe_zone (user_id, name, latitude, longitude, radius) VALUES ($1, 'Matrix zone', 52.52, 13.405, 200) RETURNING id`,
    [owner],
  );
  await api.pool.query('INSERT INTO safe_zone_device (safe_zone_id, device_id) VALUES ($1, $2)', [z.rows[0]!.id, device]);
  return z.rows[0]!.id;
}

/** A free (ownerless), enabled device of a type with an activation code: what the wizard adds. */
export async function freeDevice(api: TestApi, type: number): Promise<{ id: number; activation_code: string; imsi: string | null }> {
  const r = await api.pool.query<{ id: number; activation_code: string; imsi: string | null }>(
    `SELECT d.id, d.activation_code, COALESCE(s.imsi, d.imsi) AS imsi FROM device d LEFT JOIN sim_card s ON s.id = d.sim_id
     WHERE d.owner_id IS NULL AND d.enabled AND d.device_type_id = $1 AND d.activation_code IS NOT NULL ORDER BY d.id LIMIT 1`,
    [type],
  );
  if (!r.rows[0]) throw new Error(`no free device of type ${type}`);
  return r.rows[0];
}

const cached = new Map<string, number>();
async function once(key: string, make: () => Promise<number>): Promise<number> {
  const hit = cached.get(key);
  if (hit !== undefined) return hit;
  const v = await make();
  cached.set(key, v);
  return v;
}

const contactBody = (device: number) => ({ first_name: 'Matrix Contact', last_name: 'Sample', phone: '+4915100000077', relationship: 'Aunt', devices: [device] });

export const OWNER_CONTACT_SAMPLES: Partial<Record<RouteName, SampleBuilder>> = {
  contactList: async (ctx) => ({ path: `/contact/user?user_id=${(await ownerOf(ctx.api, typeOf(ctx))).owner}` }),
  contactSaveV2: async (ctx) => {
    const { owner, device } = await ownerOf(ctx.api, typeOf(ctx));
    const id = await once(`${ctx.api.base}:c:${owner}`, () => insertContact(ctx.api, owner, device));
    return { path: '/contact/save_v2', body: { id, user_id: owner, ...contactBody(device) } };
  },
  contactSave: async (ctx) => {
    const { owner, device } = await ownerOf(ctx.api, typeOf(ctx));
    const id = await once(`${ctx.api.base}:c:${owner}`, () => insertContact(ctx.api, owner, device));
    return { path: `/contact/save?user_id=${owner}`, body: { contacts: [{ id, ...contactBody(device) }] } };
  },
  contactRemove: async (ctx) => {
    const { owner, device } = await ownerOf(ctx.api, typeOf(ctx));
    return { path: `/contact/remove?user_id=${owner}&contact_id=${await insertContact(ctx.api, owner, device)}` };
  },
  contactPush: async (ctx) => ({ path: `/contact/push?user_id=${(await ownerOf(ctx.api, typeOf(ctx))).owner}` }),
  safeZoneList: async (ctx) => ({ path: `/safezone/user?user_id=${(await ownerOf(ctx.api, typeOf(ctx))).owner}` }),
  safeZoneSave: async (ctx) => {
    const { owner, device } = await ownerOf(ctx.api, typeOf(ctx));
    const id = await once(`${ctx.api.base}:z:${owner}`, () => insertZone(ctx.api, owner, device));
    return { path: `/safezone/save?user_id=${owner}`, body: { id, name: 'Matrix zone', latitude: 52.52, longitude: 13.405, radius: 250, devices: [device] } };
  },
  safeZoneRemove: async (ctx) => {
    const { owner, device } = await ownerOf(ctx.api, typeOf(ctx));
    return { path: `/safezone/remove?user_id=${owner}&zone_id=${await insertZone(ctx.api, owner, device)}` };
  },
  deviceByCodeOrImsi: async (ctx) => {
    const type = typeOf(ctx);
    return { path: `/device/by_code_or_imsi?param=${(await freeDevice(ctx.api, type)).activation_code}&type=${type}` };
  },
  deviceAdd: async (ctx) => {
    const type = typeOf(ctx);
    const { owner } = await ownerOf(ctx.api, type);
    const d = await freeDevice(ctx.api, type);
    return { path: `/device/add?type=${type}`, body: { user_id: owner, device_id: d.id, gsm_number: '+4915100000088' } };
  },
};
