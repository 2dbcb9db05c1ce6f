import { Injectable } from '@nestjs/common';
import type { OwnerDetails, OwnerDevice } from '@tracker/contract';
import type { Queryable } from '../core/db.js';
import { inScope, OwnerWorkspaceRepository } from './owner-workspace.repository.js';

type OwnerRow = OwnerDetails['userData'] & OwnerDetails['userAddress'] & { external_id: string | null };

/**
 * Profile of the owner workspace: the reads of details, update, external id and removal, the devices back to stock and
 * the reset link (raw SQL, scope in the SQL); the owner row itself is written by the OwnerStore.
 */
@Injectable()
export class OwnerProfileRepository extends OwnerWorkspaceRepository {
  async owner(id: number, c?: Queryable): Promise<OwnerRow | null> {
    return (
      (
        await this.rows<OwnerRow>(
          `SELECT o.id, o.email, o.first_name, o.last_name, o.phone, o.white_label_vendor_id, wl.name AS white_label_name,
             o.language, o.language_override, o.is_test, o.enabled, o.apn_token, o.gcm_token, o.created, o.last_login_at,
             o.street, o.house_number, o.zip, o.city, o.country_code, o.external_id
           FROM owner o LEFT JOIN white_label wl ON wl.id = o.white_label_vendor_id
           WHERE o.id = $1`,
          [id],
          c,
        )
      )[0] ?? null
    );
  }

  /** The owner's devices of the scope `types` (null: all), in id order. */
  devices(id: number, types: number[] | null, c?: Queryable): Promise<OwnerDevice[]> {
    return this.rows<OwnerDevice>(
      `SELECT d.id, d.imei, d.imsi, d.device_type_id, dt.name AS device_type_name, d.gsm_number, d.first_name, d.last_name,
         d.device_status, d.enabled, d.is_test
       FROM device d LEFT JOIN device_type dt ON dt.id = d.device_type_id
       WHERE d.owner_id = $1 AND ${inScope(2)} ORDER BY d.id`,
      [id, types],
      c,
    );
  }

  /** Whether `code` is a country of the reference list (owner.country_code refers to it). */
  async countryExists(code: string, c?: Queryable): Promise<boolean> {
    return (await this.rows('SELECT 1 FROM country WHERE code = $1', [code], c)).length === 1;
  }

  /**
   * The owner's devices of the scope `types` back to stock: no owner, unassigned, not initialized, the child's data
   * cleared; the SIM stays in the device. Contact and safe-zone links of those devices go with the owner's rows.
   */
  async devicesToStock(id: number, types: number[] | null, c: Queryable): Promise<{ id: number; device_status: number }[]> {
    return this.rows(
      `WITH mine AS (SELECT d.id, d.device_status FROM device d WHERE d.owner_id = $1 AND ${inScope(2)} FOR UPDATE)
       UPDATE device d SET owner_id = NULL, device_status = 0, initialized = false, first_name = NULL, last_name = NULL,
         birth_date = NULL, height = NULL, weight = NULL, gender = NULL
       FROM mine WHERE d.id = mine.id
       RETURNING d.id, mine.device_status`,
      [id, types],
      c,
    );
  }

  async remainingDevices(id: number, c: Queryable): Promise<number> {
    return (await this.rows<{ n: number }>('SELECT count(*)::int AS n FROM device WHERE owner_id = $1', [id], c))[0]!.n;
  }

  /** A reset link for the owner, valid `hours` (the reset routes take it: auth/auth.service.ts). */
  async createResetLink(ownerId: number, uuid: string, hours: number, c: Queryable): Promise<void> {
    await this.rows(`INSERT INTO password_reset (uuid, owner_id, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))`, [uuid, ownerId, hours], c);
  }
}
