import { Injectable } from '@nestjs/common';
import type { OwnerSafeZoneItem, SafeZoneDevice, SafeZoneInput } from '@tracker/contract';
import type { Queryable } from '../core/db.js';
import { LinkedItemsRepository } from './owner-devices.repository.js';
import { inScope } from './owner-workspace.repository.js';

/** A zone's values as written: every field set (a new zone's defaults or an edit's stored values filled in). */
export type SafeZoneValues = Omit<SafeZoneInput, 'id' | 'devices' | 'radius' | 'enabled' | 'limit_percent'> & { radius: number; enabled: boolean; limit_percent: number };

/**
 * Safe zones of an owner (raw SQL): the reads of LinkedItemsRepository (as with contacts, a user who sees only some
 * device types sees the zones on them, with only those devices), the devices a zone may go on, and the writes.
 */
@Injectable()
export class OwnerSafeZonesRepository extends LinkedItemsRepository<OwnerSafeZoneItem> {
  protected readonly link = 'safeZone';
  protected readonly columns = 'i.id, i.user_id, i.name, i.latitude, i.longitude, i.radius, i.enabled, i.limit_percent';
  protected readonly orderBy = 'i.name, i.id';

  async devices(ownerId: number, types: number[] | null): Promise<SafeZoneDevice[]> {
    return this.pool.rows<SafeZoneDevice>(
      `SELECT d.id, d.imei, d.device_type_id, d.first_name, d.last_name, d.enabled FROM device d
       WHERE d.owner_id = $1 AND ${inScope(2)} ORDER BY d.id`,
      [ownerId, types],
    );
  }

  async insert(ownerId: number, z: SafeZoneValues, q: Queryable): Promise<number> {
    const r = await this.pool.rows<{ id: number }>(
      `INSERT INTO safe_zone (user_id, name, latitude, longitude, radius, enabled, limit_percent)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [ownerId, z.name, z.latitude, z.longitude, z.radius, z.enabled, z.limit_percent],
      q,
    );
    return r[0]!.id;
  }

  async update(id: number, z: SafeZoneValues, q: Queryable): Promise<void> {
    await this.pool.rows(
      `UPDATE safe_zone SET name = $2, latitude = $3, longitude = $4, radius = $5, enabled = $6, limit_percent = $7,
         updated_at = now() WHERE id = $1`,
      [id, z.name, z.latitude, z.longitude, z.radius, z.enabled, z.limit_percent],
      q,
    );
  }
}
