import { Injectable } from '@nestjs/common';
import type { OwnerDetails, OwnerDevice } from '@tracker/contract';
import type { Queryable } from '../core/db.js';
import { inScope, OwnerWorkspaceRepository } from './owner-workspace.repository.js';

type OwnerRow = OwnerDetails['userData'] & OwnerDetails['userAddress'] & { external_id: string | null };

/**
 * Profile of the owner workspace: the reads of details, update, external id and removal (raw SQL, scope in the SQL).
 * The owner row is written by the OwnerStore, the devices back to stock by the device workspace's repository, the
 * reset link by auth's (docs/architecture.md "Table owners").
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

  async remainingDevices(id: number, c: Queryable): Promise<number> {
    return (await this.rows<{ n: number }>('SELECT count(*)::int AS n FROM device WHERE owner_id = $1', [id], c))[0]!.n;
  }
}
