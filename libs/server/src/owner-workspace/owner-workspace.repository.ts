import { Injectable } from '@nestjs/common';
import { SqlRepository } from '../core/db.js';

/** The scope condition on a device row `d`, with the caller's types as parameter `$n` (null: every type). */
export const inScope = (n: number) => `($${n}::int[] IS NULL OR d.device_type_id = ANY($${n}::int[]))`;

/** What every area of the owner workspace shares: the scope row of an owner (query helpers and transactions: SqlRepository). */
@Injectable()
export class OwnerWorkspaceRepository extends SqlRepository {
  /** The owner with the count of its devices in the scope `types` and of all its devices; null when there is none. */
  async scoped(id: number, types: number[] | null) {
    return (
      (
        await this.rows<{ id: number; email: string; white_label_vendor_id: number | null; scoped_devices: number; all_devices: number }>(
          `SELECT o.id, o.email, o.white_label_vendor_id,
             (SELECT count(*) FROM device d WHERE d.owner_id = o.id AND ${inScope(2)})::int AS scoped_devices,
             (SELECT count(*) FROM device d WHERE d.owner_id = o.id)::int AS all_devices
           FROM owner o WHERE o.id = $1`,
          [id, types],
        )
      )[0] ?? null
    );
  }
}
