import { Injectable } from '@nestjs/common';
import type { DeviceToAdd } from '@tracker/contract';
import { PgPool, type Queryable } from '../core/db.js';

export type FoundDevice = DeviceToAdd & { owner_id: number | null };
export type LockedDevice = { id: number; device_type_id: number; owner_id: number | null; enabled: boolean; sim_id: number | null; gsm_number: string | null; device_status: number };

/** The add-device wizard's reads and its one change (raw SQL). */
@Injectable()
export class OwnerDeviceAddRepository {
  constructor(private readonly pool: PgPool) {}

  transaction<T>(fn: (c: Queryable) => Promise<T>): Promise<T> {
    return this.pool.transaction(fn);
  }

  /** A device of `type` whose activation code (upper case), own IMSI or SIM's IMSI is `param`. */
  async find(param: string, type: number): Promise<FoundDevice | null> {
    const r = await this.pool.rows<FoundDevice>(
      `SELECT d.id, d.imei, COALESCE(s.imsi, d.imsi) AS imsi, d.activation_code, d.device_type_id, dt.name AS device_type_name,
         d.enabled, d.gsm_number, d.owner_id,
         CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('id', s.id, 'imsi', s.imsi, 'iccid', s.iccid,
           'gsm_number', s.gsm_number, 'operator_name', op.name) END AS sim
       FROM device d
       JOIN device_type dt ON dt.id = d.device_type_id
       LEFT JOIN sim_card s ON s.id = d.sim_id
       LEFT JOIN operator op ON op.id = s.operator_id
       WHERE d.device_type_id = $3
         AND d.id IN (SELECT id FROM device WHERE activation_code = $2
                      UNION SELECT id FROM device WHERE imsi = $1
                      UNION SELECT d2.id FROM sim_card s2 JOIN device d2 ON d2.sim_id = s2.id WHERE s2.imsi = $1)
       ORDER BY d.owner_id NULLS FIRST, d.id LIMIT 1`,
      [param, param.toUpperCase(), type],
    );
    return r[0] ?? null;
  }

  async lock(id: number, q: Queryable): Promise<LockedDevice | null> {
    const r = await this.pool.rows<LockedDevice>(
      'SELECT id, device_type_id, owner_id, enabled, sim_id, gsm_number, device_status FROM device WHERE id = $1 FOR UPDATE',
      [id],
      q,
    );
    return r[0] ?? null;
  }

  /** The device joins the owner's account with the number (also the SIM's), inactive until the watch initialises. */
  async assign(id: number, ownerId: number, gsmNumber: string, simId: number | null, q: Queryable): Promise<void> {
    await this.pool.rows('UPDATE device SET owner_id = $2, gsm_number = $3, device_status = 1 WHERE id = $1', [id, ownerId, gsmNumber], q);
    if (simId !== null) await this.pool.rows('UPDATE sim_card SET gsm_number = $2, updated_at = now() WHERE id = $1', [simId, gsmNumber], q);
  }
}
