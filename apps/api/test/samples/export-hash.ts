import { randomBytes } from 'node:crypto';
import { userOfRole } from '../harness.js';
import type { SampleContext } from './index.js';

/**
 * A download hash of the role's user for `kind` and `params`, as /csv/generate/... would have stored it (a hash is
 * good only for the user who generated it): what every CSV download's sample asks with.
 */
export async function exportHash(ctx: Pick<SampleContext, 'api' | 'role'>, kind: string, params: object): Promise<string> {
  const hash = randomBytes(24).toString('hex');
  await ctx.api.pool.query(
    `INSERT INTO csv_export (hash, kind, params, created_by, expires_at)
     VALUES ($1, $2, $3, (SELECT id FROM backoffice_user WHERE username = $4), now() + interval '1 hour')`,
    [hash, kind, JSON.stringify(params), userOfRole(ctx.role).username],
  );
  return hash;
}
