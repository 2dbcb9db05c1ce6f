import { PARTNER_DEVICE_TYPE, ROUTES, type RouteName } from '@tracker/contract';
import type { TestApi } from '../harness.js';
import type { SampleBuilder, SampleContext } from './index.js';
import { freshMac } from './admin-data.js';

/** Partner roles get an owner with devices of their own type (§6); everyone else an owner with devices of type 1. */
const typeOf = (ctx: SampleContext) => PARTNER_DEVICE_TYPE[ctx.role] ?? 1;

type OwnerSample = { id: number; email: string; wl: number; voice: number; appLog: string };
const cache = new Map<string, OwnerSample>();

/** A seeded owner of a type's devices with a voice message of such a device and an app log. */
export async function ownerOfType(api: TestApi, type: number): Promise<OwnerSample> {
  const key = `${api.base}:${type}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const r = await api.pool.query<OwnerSample>(
    `SELECT o.id, o.email, o.white_label_vendor_id AS wl,
       (SELECT v.id FROM voice_message v JOIN device d ON d.id = v.device_id WHERE v.user_id = o.id AND d.device_type_id = $1 ORDER BY v.id LIMIT 1)::int AS voice,
       (SELECT a.file_name FROM app_log a WHERE a.user_id = o.id ORDER BY a.id LIMIT 1) AS "appLog"
     FROM owner o
     WHERE EXISTS (SELECT 1 FROM device d WHERE d.owner_id = o.id AND d.device_type_id = $1)
       AND EXISTS (SELECT 1 FROM voice_message v JOIN device d ON d.id = v.device_id WHERE v.user_id = o.id AND d.device_type_id = $1)
       AND EXISTS (SELECT 1 FROM app_log a WHERE a.user_id = o.id) AND o.white_label_vendor_id IS NOT NULL
     ORDER BY o.id LIMIT 1`,
    [type],
  );
  const s = r.rows[0];
  if (!s) throw new Error(`no owner with devices of type ${type}`);
  cache.set(key, s);
  return s;
}

/** A new owner holding one spare (ownerless) device of a type: what the matrix removes. */
async function disposableOwner(api: TestApi, type: number): Promise<number> {
  const o = await api.pool.query<{ id: number }>(
    `INSERT INTO owner (email, first_name, last_name) VALUES ('matrix-remove-' || gen_random_uuid() || '@example.com', 'Matrix', 'Remove') RETURNING id`,
  );
  const id = o.rows[0]!.id;
  await api.pool.query(
    `UPDATE device SET owner_id = $1 WHERE id = (SELECT id FROM device WHERE owner_id IS NULL AND device_type_id = $2 ORDER BY id DESC LIMIT 1)`,
    [id, type],
  );
  return id;
}

const withOwner =
  (make: (o: OwnerSample) => string | { path: string; body?: unknown }): SampleBuilder =>
  async (ctx) => {
    const out = make(await ownerOfType(ctx.api, typeOf(ctx)));
    return typeof out === 'string' ? { path: out } : out;
  };
/** A wifi access point of the owner, for the calls that change or delete one. */
async function ownerWifi(api: TestApi, owner: number): Promise<string> {
  const mac = freshMac();
  await api.pool.query('INSERT INTO wifi_access_point (mac, latitude, longitude, user_id) VALUES ($1, 48.1, 11.5, $2)', [mac, owner]);
  return mac;
}
const withOwnerWifi =
  (make: (o: OwnerSample, mac: string) => { path: string; body?: unknown }): SampleBuilder =>
  async (ctx) => {
    const o = await ownerOfType(ctx.api, typeOf(ctx));
    return make(o, await ownerWifi(ctx.api, o.id));
  };
const byOwner = (name: RouteName) => withOwner((o) => `${ROUTES[name].path}?user_id=${o.id}`);

export const OWNER_SAMPLES: Partial<Record<RouteName, SampleBuilder>> = {
  userDetails: byOwner('userDetails'),
  userUpdate: withOwner((o) => ({ path: `${ROUTES.userUpdate.path}?user_id=${o.id}`, body: { city: 'Matrixstadt' } })),
  userUpdateExternalId: withOwner((o) => ({ path: `${ROUTES.userUpdateExternalId.path}?user_id=${o.id}`, body: { external_id: 'EXT-MATRIX' } })),
  userPasswordChange: withOwner((o) => ({ path: `${ROUTES.userPasswordChange.path}?user_id=${o.id}`, body: { email: o.email, whiteLabelId: o.wl } })),
  userRemove: async (ctx) => ({ path: `${ROUTES.userRemove.path}?user_id=${await disposableOwner(ctx.api, typeOf(ctx))}&devices=true` }),
  helpTexts: () => ({ path: `${ROUTES.helpTexts.path}?prefix=owner.profile&language=en` }),
  helpTextSave: () => ({ path: `${ROUTES.helpTextSave.path}?localePath=owner.profile.test_user`, body: { translateText: 'A test account', language: 'en' } }),
  userGuests: byOwner('userGuests'),
  userInvites: byOwner('userInvites'),
  userVoips: byOwner('userVoips'),
  userVoipDetails: withOwner((o) => `${ROUTES.userVoipDetails.path}?user_id=${o.id}&voip_id=${o.voice}`),
  userVoipAudio: withOwner((o) => `${ROUTES.userVoipAudio.path}?user_id=${o.id}&voip_id=${o.voice}`),
  logsApp: byOwner('logsApp'),
  ownerWifiList: byOwner('ownerWifiList'),
  ownerWifiCreate: withOwner((o) => ({ path: `${ROUTES.ownerWifiCreate.path}?user_id=${o.id}`, body: { mac: freshMac(), latitude: 1, longitude: 2 } })),
  ownerWifiSave: withOwnerWifi((o, mac) => ({ path: `${ROUTES.ownerWifiSave.path}?user_id=${o.id}&oldMac=${mac}`, body: { mac, latitude: 3, longitude: 4 } })),
  ownerWifiDelete: withOwnerWifi((o, mac) => ({ path: `${ROUTES.ownerWifiDelete.path}?user_id=${o.id}`, body: { id: mac } })),
  logsAppFile: withOwner((o) => `${ROUTES.logsAppFile.path}?name=${encodeURIComponent(o.appLog)}`),
};
