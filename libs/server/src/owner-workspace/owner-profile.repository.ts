import { Injectable } from '@nestjs/common';
import type { OwnerDetails, OwnerDevice } from '@tracker/contract';
import type { Queryable } from '../core/db.js';
import { inScope, OwnerWorkspaceRepository } from './owner-workspace.repository.js';

/** The owner columns `/user/update` may change (the keys of the contract's update body). */
export const OWNER_UPDATE_COLUMNS = [
  'first_name', 'last_name', 'phone', 'language', 'street', 'house_number', 'zip', 'city', 'country_code',
  'language_override', 'is_test',
] as const;
export type OwnerChanges = Partial<Record<(typeof OWNER_UPDATE_COLUMNS)[number], string | boolean>>;

type OwnerRow = OwnerDetails['userData'] & OwnerDetails['userAddress'] & { external_id: string | null };

/** Profile of the owner workspace: details, update, external id, removal (raw SQL, scope in the SQL). */
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

  /** Locks the owner row for a change (a concurrent removal waits, then finds nothing). */
  async lock(id: number, c: Queryable): Promise<boolean> {
    return (await this.rows('SELECT id FROM owner WHERE id = $1 FOR UPDATE', [id], c)).length === 1;
  }

  async update(id: number, changes: OwnerChanges, c: Queryable): Promise<void> {
    const keys = OWNER_UPDATE_COLUMNS.filter((k) => changes[k] !== undefined);
    if (keys.length === 0) return;
    const set = keys.map((k, i) => `${k} = $${i + 2}`).join(', ');
    await this.rows(`UPDATE owner SET ${set}, updated_at = now() WHERE id = $1`, [id, ...keys.map((k) => changes[k])], c);
  }

  /** Whether `code` is a country of the reference list (owner.country_code refers to it). */
  async countryExists(code: string, c?: Queryable): Promise<boolean> {
    return (await this.rows('SELECT 1 FROM country WHERE code = $1', [code], c)).length === 1;
  }

  async setExternalId(id: number, externalId: string | null, c: Queryable): Promise<void> {
    await this.rows('UPDATE owner SET external_id = $2, updated_at = now() WHERE id = $1', [id, externalId], c);
  }

  async remainingDevices(id: number, c: Queryable): Promise<number> {
    return (await this.rows<{ n: number }>('SELECT count(*)::int AS n FROM device WHERE owner_id = $1', [id], c))[0]!.n;
  }

  /** Deletes the owner; contacts, safe zones, guests, voice messages and app logs go with it (ON DELETE CASCADE). */
  async delete(id: number, c: Queryable): Promise<void> {
    await this.rows('DELETE FROM owner WHERE id = $1', [id], c);
  }
}
