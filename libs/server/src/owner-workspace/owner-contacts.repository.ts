import { Injectable } from '@nestjs/common';
import type { ContactInput, ContactItem } from '@tracker/contract';
import type { Queryable } from '../core/db.js';
import { LinkedItemsRepository } from './owner-devices.repository.js';

/**
 * Contacts of an owner (raw SQL, house rule "Data access"): the reads of LinkedItemsRepository (a user who sees only
 * some device types sees the contacts on them, with only those devices), and the writes. Changes touch only the
 * links to the user's devices: another partner's links stay as they are.
 */
@Injectable()
export class OwnerContactsRepository extends LinkedItemsRepository<ContactItem> {
  protected readonly link = 'contact';
  protected readonly columns = 'i.id, i.user_id, i.first_name, i.last_name, i.email, i.phone, i.is_guest, i.emergency, i."primary", i.relationship';
  protected readonly orderBy = 'i."primary" DESC, i.first_name, i.id';

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
