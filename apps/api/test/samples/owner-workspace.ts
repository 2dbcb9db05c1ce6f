import { PARTNER_DEVICE_TYPE, ROUTES, type RouteName } from '@tracker/contract';
import type { TestApi } from '../harness.js';
import type { SampleBuilder, SampleContext } from './index.js';

/** Partner roles get an owner with devices of their own type (§6); everyone else an owner with devices of type 1. */
const typeOf = (ctx: SampleContext) => PARTNER_DEVICE_TYPE[ctx.role] ?? 1;

type OwnerSample = { id: number; voice: number; appLog: string };
const cache = new Map<string, OwnerSample>();

/** A seeded owner of a type's devices with a voice message of such a device and an app log. */
export async function ownerOfType(api: TestApi, type: number): Promise<OwnerSample> {
  const key = `${api.base}:${type}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const r = await api.pool.query<OwnerSample>(
    `SELECT o.id,
       (SELECT v.id FROM voice_message v JOIN device d ON d.id = v.device_id WHERE v.user_id = o.id AND d.device_type_id = $1 ORDER BY v.id LIMIT 1)::int AS voice,
       (SELECT a.file_name FROM app_log a WHERE a.user_id = o.id ORDER BY a.id LIMIT 1) AS "appLog"
     FROM owner o
     WHERE EXISTS (SELECT 1 FROM device d WHERE d.owner_id = o.id AND d.device_type_id = $1)
       AND EXISTS (SELECT 1 FROM voice_message v JOIN device d ON d.id = v.device_id WHERE v.user_id = o.id AND d.device_type_id = $1)
       AND EXISTS (SELECT 1 FROM app_log a WHERE a.user_id = o.id)
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
const byOwner = (name: RouteName) => withOwner((o) => `${ROUTES[name].path}?user_id=${o.id}`);

export const OWNER_SAMPLES: Partial<Record<RouteName, SampleBuilder>> = {
  userDetails: byOwner('userDetails'),
  userUpdate: withOwner((o) => ({ path: `${ROUTES.userUpdate.path}?user_id=${o.id}`, body: { city: 'Matrixstadt' } })),
  userUpdateExternalId: withOwner((o) => ({ path: `${ROUTES.userUpdateExternalId.path}?user_id=${o.id}`, body: { external_id: 'EXT-MATRIX' } })),
  userRemove: async (ctx) => ({ path: `${ROUTES.userRemove.path}?user_id=${await disposableOwner(ctx.api, typeOf(ctx))}&devices=true` }),
  userGuests: byOwner('userGuests'),
  userInvites: byOwner('userInvites'),
  userVoips: byOwner('userVoips'),
  userVoipDetails: withOwner((o) => `${ROUTES.userVoipDetails.path}?user_id=${o.id}&voip_id=${o.voice}`),
  userVoipAudio: withOwner((o) => `${ROUTES.userVoipAudio.path}?user_id=${o.id}&voip_id=${o.voice}`),
  logsApp: byOwner('logsApp'),
  logsAppFile: withOwner((o) => `${ROUTES.logsAppFile.path}?name=${encodeURIComponent(o.appLog)}`),
};
