import { Injectable } from '@nestjs/common';
import { PgPool, type Queryable } from '../core/db.js';

/**
 * Whether an owner is in a user's scope, in SQL (docs/owner-workspace.md "Partner scope"): every owner when `types`
 * is null; else an owner with a device of one of `types`, or an owner without any device in one of the user's white
 * labels (a partner's newly added owner, whose first device the partner adds).
 */
@Injectable()
export class OwnerScopeRepository {
  constructor(private readonly pool: PgPool) {}

  /** null when there is no such owner. */
  async inScope(ownerId: number, types: number[] | null, whiteLabels: number[], q: Queryable = this.pool): Promise<boolean | null> {
    const r = await this.pool.rows<{ in_scope: boolean }>(
      `SELECT ($2::int[] IS NULL
           OR EXISTS (SELECT 1 FROM device d WHERE d.owner_id = o.id AND d.device_type_id = ANY($2::int[]))
           OR (NOT EXISTS (SELECT 1 FROM device d WHERE d.owner_id = o.id) AND o.white_label_vendor_id = ANY($3::int[]))) AS in_scope
       FROM owner o WHERE o.id = $1`,
      [ownerId, types, whiteLabels],
      q,
    );
    return r[0] ? r[0].in_scope : null;
  }
}
