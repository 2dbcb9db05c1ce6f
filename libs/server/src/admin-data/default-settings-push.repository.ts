import { Injectable } from '@nestjs/common';
import { SqlRepository, type Queryable } from '../core/db.js';

/**
 * The push of a default to every device of its type: set-based SQL, in the `transaction` that also stores the
 * campaign's messages through the command ledger (docs/sms.md).
 */
@Injectable()
export class DefaultSettingsPushRepository extends SqlRepository {
  /** The default of a type's setting, read in the push's transaction (shared lock: no edit while it is sent). */
  async defaultFor(typeId: number, settingNo: number, c?: Queryable) {
    const [r] = await this.pool.rows<{ id: number; value: string; editable: boolean }>(
      'SELECT id, value, editable FROM default_setting WHERE device_type_id = $1 AND setting_no = $2 FOR SHARE',
      [typeId, settingNo],
      c,
    );
    return r ?? null;
  }

  /** The type's devices; with `operators` (a partner's scope) only those whose SIM is of one of them. */
  async typeDeviceIds(typeId: number, operators: number[] | null, c?: Queryable): Promise<number[]> {
    const rows = await this.pool.rows<{ id: number }>(
      `SELECT d.id FROM device d
       WHERE d.device_type_id = $1
         AND ($2::int[] IS NULL OR EXISTS (SELECT 1 FROM sim_card s WHERE s.id = d.sim_id AND s.operator_id = ANY($2::int[])))
       ORDER BY d.id`,
      [typeId, operators],
      c,
    );
    return rows.map((r) => r.id);
  }
}
