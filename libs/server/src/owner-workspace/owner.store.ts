import { Injectable } from '@nestjs/common';
import type { UserAddRequest } from '@tracker/contract';
import { execute, SqlRepository, type Queryable, type Tx } from '../core/db.js';

/** The owner columns `/user/update` may change (the keys of the contract's update body). */
export const OWNER_UPDATE_COLUMNS = [
  'first_name', 'last_name', 'phone', 'language', 'street', 'house_number', 'zip', 'city', 'country_code',
  'language_override', 'is_test',
] as const;
export type OwnerChanges = Partial<Record<(typeof OWNER_UPDATE_COLUMNS)[number], string | boolean>>;

/**
 * The one writer of the `owner` table (docs/architecture.md "Table owners"; raw SQL): the add-owner call, the
 * profile's update, external id and removal, the reset link's new password (auth/) and the row lock that orders an
 * owner's changes (profile, contacts and safe-zone limits) all go through it, each on the transaction of the change
 * that the caller records. Every change but the lock sets `updated_at`.
 */
@Injectable()
export class OwnerStore extends SqlRepository {
  /** Locks the owner row for a change (a concurrent removal waits, then finds nothing); false when there is none. */
  async lock(id: number, c: Queryable): Promise<boolean> {
    return (await this.pool.rows('SELECT id FROM owner WHERE id = $1 FOR UPDATE', [id], c)).length === 1;
  }

  /** A new owner; a taken e-mail throws PostgreSQL's unique violation (23505, `isUniqueViolation`). */
  async create(o: UserAddRequest['newUser'], c: Queryable): Promise<{ id: number }> {
    const r = await this.pool.rows<{ id: number }>(
      `INSERT INTO owner (email, first_name, last_name, phone, white_label_vendor_id, language, is_test)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [o.email, o.first_name, o.last_name, o.phone ?? null, o.white_label_vendor_id, o.language, o.is_test],
      c,
    );
    return r[0]!;
  }

  async update(id: number, changes: OwnerChanges, c: Queryable): Promise<void> {
    const keys = OWNER_UPDATE_COLUMNS.filter((k) => changes[k] !== undefined);
    if (keys.length === 0) return;
    const set = keys.map((k, i) => `${k} = $${i + 2}`).join(', ');
    await this.pool.rows(`UPDATE owner SET ${set}, updated_at = now() WHERE id = $1`, [id, ...keys.map((k) => changes[k])], c);
  }

  async setExternalId(id: number, externalId: string | null, c: Queryable): Promise<void> {
    await this.pool.rows('UPDATE owner SET external_id = $2, updated_at = now() WHERE id = $1', [id, externalId], c);
  }

  /** The owner's new password (the owner's app signs in with it; the console has no owner sessions), in auth's transaction. */
  async setPasswordHash(id: number, passwordHash: string, c: Tx): Promise<void> {
    await execute(c, 'UPDATE owner SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
  }

  /** Deletes the owner; contacts, safe zones, guests, voice messages and app logs go with it (ON DELETE CASCADE). */
  async delete(id: number, c: Queryable): Promise<void> {
    await this.pool.rows('DELETE FROM owner WHERE id = $1', [id], c);
  }
}
