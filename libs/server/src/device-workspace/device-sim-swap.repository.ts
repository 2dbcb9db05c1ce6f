import { Injectable } from '@nestjs/common';
import type { SimCardItem } from '@tracker/contract';
import type { Queryable } from '../core/db.js';
import { DeviceRepository } from './device-workspace.repository.js';

/** SIM swap: a SIM by IMSI within the user's operators, the locks and statements of a swap. */
@Injectable()
export class DeviceSimSwapRepository extends DeviceRepository {
  /**
   * A SIM by IMSI among the SIMs of `operators` (null: every SIM): `undefined` when there is no such IMSI at all,
   * `null` when the SIM exists but is of another operator (so the caller can answer 403 like a foreign device).
   */
  async simByImsi(imsi: string, operators: number[] | null): Promise<SimCardItem | null | undefined> {
    const r = await this.rows<SimCardItem & { in_scope: boolean }>(
      `SELECT s.id, s.imsi, s.iccid, s.gsm_number, s.status, s.carrier_status::text AS carrier_status, s.operator_id,
         op.name AS operator_name, (SELECT d.id FROM device d WHERE d.sim_id = s.id ORDER BY d.id LIMIT 1) AS device_id,
         true AS in_scope
       FROM sim_card s LEFT JOIN operator op ON op.id = s.operator_id
       WHERE s.imsi = $1 AND ($2::int[] IS NULL OR s.operator_id = ANY($2::int[]))
       UNION ALL
       -- outside the scope only the existence is read, never a column of the SIM
       SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, false
       FROM sim_card s WHERE s.imsi = $1 AND $2::int[] IS NOT NULL AND (s.operator_id IS NULL OR s.operator_id <> ALL($2::int[]))`,
      [imsi, operators],
    );
    const row = r[0];
    if (!row) return undefined;
    if (!row.in_scope) return null;
    const { in_scope: _, ...sim } = row;
    return sim;
  }

  /**
   * Locks a SIM and tells which device holds it. Two statements on purpose: under READ COMMITTED a statement that
   * waited for the lock still reads with its own older snapshot, so a device check inside it would miss the swap
   * that held the lock (two concurrent swaps would both put the SIM in their device); the second statement starts
   * after the lock is ours and sees that swap.
   */
  async simForUpdate(id: number, operators: number[] | null, q: Queryable): Promise<{ id: number; imsi: string; in_scope: boolean; device_id: number | null } | null> {
    // `in_scope`: the SIM is of one of the user's operators (null: any); one outside is locked but never changed
    const sim = (
      await this.rows<{ id: number; imsi: string; in_scope: boolean }>(
        `SELECT id, imsi, ($2::int[] IS NULL OR operator_id = ANY($2::int[])) IS TRUE AS in_scope
         FROM sim_card WHERE id = $1 FOR UPDATE`,
        [id, operators],
        q,
      )
    )[0];
    if (!sim) return null;
    if (!sim.in_scope) return { id: sim.id, imsi: sim.imsi, in_scope: false, device_id: null };
    const holder = await this.rows<{ id: number }>('SELECT id FROM device WHERE sim_id = $1 ORDER BY id LIMIT 1', [id], q);
    return { id: sim.id, imsi: sim.imsi, in_scope: true, device_id: holder[0]?.id ?? null };
  }

  /** The device's SIM, IMSI and number, the row locked until the transaction ends (a swap). */
  async deviceSimForUpdate(deviceId: number, q: Queryable): Promise<{ sim_id: number | null; imsi: string | null; gsm_number: string | null }> {
    return (await this.rows<{ sim_id: number | null; imsi: string | null; gsm_number: string | null }>(
      'SELECT sim_id, imsi, gsm_number FROM device WHERE id = $1 FOR UPDATE',
      [deviceId],
      q,
    ))[0]!;
  }

  /** Puts `sim` into the device with `gsmNumber`; the SIM it held (if any) goes back to stock, inactive. */
  async swapSim(deviceId: number, oldSimId: number | null, sim: { id: number; imsi: string }, gsmNumber: string, q: Queryable): Promise<void> {
    if (oldSimId !== null) await q.query('UPDATE sim_card SET status = 0, updated_at = now() WHERE id = $1', [oldSimId]);
    await q.query('UPDATE sim_card SET status = 1, gsm_number = $2, updated_at = now() WHERE id = $1', [sim.id, gsmNumber]);
    await q.query('UPDATE device SET sim_id = $2, imsi = $3, gsm_number = $4, updated_at = now() WHERE id = $1', [deviceId, sim.id, sim.imsi, gsmNumber]);
  }
}
