import { assignableRoles, PARTNER_DEVICE_TYPE, type RouteName } from '@tracker/contract';
import type { SampleBuilder, SampleContext } from './index.js';

let seq = 0;

/** A user the role may edit (administrators: a tier-1 user; managers: their partner's tier-1 user of their type). */
function inScope(ctx: SampleContext) {
  const role = ctx.role === 1 ? 9 : (assignableRoles(ctx.role)[1] ?? 9);
  const types = PARTNER_DEVICE_TYPE[role] ? [PARTNER_DEVICE_TYPE[role]] : [-1];
  return { role, types, username: `matrix-${ctx.role}-${++seq}-${Date.now()}` };
}

async function targetUser(ctx: SampleContext): Promise<number> {
  const u = inScope(ctx);
  const r = await ctx.api.pool.query<{ id: number }>(
    `INSERT INTO backoffice_user (username, password_hash, role_id, types) VALUES ($1, 'x', $2, $3) RETURNING id`,
    [u.username, u.role, u.types],
  );
  return r.rows[0]!.id;
}

const userBody = (ctx: SampleContext) => {
  const u = inScope(ctx);
  return { username: u.username, role: u.role, password: 'Matrix-pass-1', repeat: 'Matrix-pass-1' };
};

/** Valid requests of the administration routes (docs/administration.md). */
export const ADMIN_SAMPLES: Partial<Record<RouteName, SampleBuilder>> = {
  backofficeUserAdd: (ctx) => ({ path: '/local/add', body: userBody(ctx) }),
  backofficeUserEdit: async (ctx) => ({ path: `/local/edit?user_id=${await targetUser(ctx)}`, body: { ...userBody(ctx), password: '', repeat: '' } }),
  backofficeUserDelete: async (ctx) => ({ path: `/local/del?user_id=${await targetUser(ctx)}` }),
  // a start of its own each time: one operator per start (a second one is a 409)
  operatorSave: () => {
    const n = ++seq;
    return { path: '/operator/save', body: { name: `Matrix operator ${n}`, start: `98${String(n % 1000).padStart(3, '0')}` } };
  },
  voipCentralSave: () => ({ path: '/voipcentral/save', body: { name: `Matrix central ${++seq}`, phone: '+4930123456' } }),
  // the seeded disabled gateway 2 as it is: no code conflict however often the matrix saves it
  smsGatewaySave: () => ({ path: '/smsgateway/save', body: { id: 2, name: 'Twilio EU', allowed: '+49, +34, +43, +41, +44', from_number: '+4915735980000', enabled: false } }),
};
