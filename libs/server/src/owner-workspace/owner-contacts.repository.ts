import { Injectable } from '@nestjs/common';
import type { ContactInput, ContactItem } from '@tracker/contract';
import { PgPool, type Queryable } from '../core/db.js';
import { inScope } from './owner-workspace.repository.js';

const CONTACT_COLUMNS = 'c.id, c.user_id, c.first_name, c.last_name, c.email, c.phone, c.is_guest, c.emergency, c."primary", c.relationship';

/**
 * Contacts of an owner (raw SQL, house rule "Data access"). A user who sees only some device types (`types`, null:
 * all) sees the contacts on at least one device of those types, each with only those devices, and changes only the
 * links to those devices: another partner's links stay as they are.
 */
@Injectable()
export class OwnerContactsRepository {
  constructor(private readonly pool: PgPool) {}

  /** The owner's contacts the user sees; `id` narrows to one. */
  async list(ownerId: number, types: number[] | null, q: Queryable = this.pool, id: number | null = null): Promise<ContactItem[]> {
    return this.pool.rows<ContactItem>(
      `SELECT ${CONTACT_COLUMNS},
         ARRAY(SELECT cd.device_id FROM contact_device cd JOIN device d ON d.id = cd.device_id
               WHERE cd.contact_id = c.id AND ${inScope(2)} ORDER BY 1) AS devices
       FROM contact c
       WHERE c.user_id = $1 AND ($3::int IS NULL OR c.id = $3)
         AND ($2::int[] IS NULL OR EXISTS (SELECT 1 FROM contact_device cd JOIN device d ON d.id = cd.device_id
               WHERE cd.contact_id = c.id AND ${inScope(2)}))
       ORDER BY c."primary" DESC, c.first_name, c.id`,
      [ownerId, types, id],
      q,
    );
  }

  /** The owner's contacts, all of them (the limit counts every contact). */
  async count(ownerId: number, q: Queryable): Promise<number> {
    return (await this.pool.rows<{ n: number }>('SELECT count(*)::int AS n FROM contact WHERE user_id = $1', [ownerId], q))[0]!.n;
  }

  /** A contact of the owner that the user sees, locked; null when there is none. */
  async forUpdate(id: number, ownerId: number, types: number[] | null, q: Queryable): Promise<ContactItem | null> {
    await this.pool.rows('SELECT id FROM contact WHERE id = $1 AND user_id = $2 FOR UPDATE', [id, ownerId], q);
    return (await this.list(ownerId, types, q, id))[0] ?? null;
  }

  async insert(ownerId: number, c: Omit<ContactInput, 'id' | 'devices'>, q: Queryable): Promise<number> {
    const r = await this.pool.rows<{ id: number }>(
      `INSERT INTO contact (user_id, first_name, last_name, email, phone, is_guest, emergency, "primary", relationship)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [ownerId, c.first_name, c.last_name, c.email, c.phone, c.is_guest, c.emergency, c.primary, c.relationship],
      q,
    );
    return r[0]!.id;
  }

  async update(id: number, c: Omit<ContactInput, 'id' | 'devices'>, q: Queryable): Promise<void> {
    await this.pool.rows(
      `UPDATE contact SET first_name = $2, last_name = $3, email = $4, phone = $5, is_guest = $6, emergency = $7,
         "primary" = $8, relationship = $9, updated_at = now() WHERE id = $1`,
      [id, c.first_name, c.last_name, c.email, c.phone, c.is_guest, c.emergency, c.primary, c.relationship],
      q,
    );
  }
}
