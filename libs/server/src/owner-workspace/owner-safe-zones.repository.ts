import { Injectable } from '@nestjs/common';
import type { OwnerSafeZoneItem, SafeZoneDevice, SafeZoneInput } from '@tracker/contract';

/** A zone's values as written: every field set (a new zone's defaults or an edit's stored values filled in). */
export type SafeZoneValues = Omit<SafeZoneInput, 'id' | 'devices' | 'radius' | 'enabled' | 'limit_percent'> & { radius: number; enabled: boolean; limit_percent: number };
import { PgPool, type Queryable } from '../core/db.js';
import { inScope } from './owner-workspace.repository.js';

/**
 * Safe zones of an owner (raw SQL). As with contacts, a user who sees only some device types (`types`, null: all)
 * sees the zones on at least one device of those types, with only those devices, and changes only those links.
 */
@Injectable()
export class OwnerSafeZonesRepository {
  constructor(private readonly pool: PgPool) {}

  async list(ownerId: number, types: number[] | null, q: Queryable = this.pool, id: number | null = null): Promise<OwnerSafeZoneItem[]> {
    return this.pool.rows<OwnerSafeZoneItem>(
      `SELECT z.id, z.user_id, z.name, z.latitude, z.longitude, z.radius, z.enabled, z.limit_percent,
         ARRAY(SELECT zd.device_id FROM safe_zone_device zd JOIN device d ON d.id = zd.device_id
               WHERE zd.safe_zone_id = z.id AND ${inScope(2)} ORDER BY 1) AS devices
       FROM safe_zone z
       WHERE z.user_id = $1 AND ($3::int IS NULL OR z.id = $3)
         AND ($2::int[] IS NULL OR EXISTS (SELECT 1 FROM safe_zone_device zd JOIN device d ON d.id = zd.device_id
               WHERE zd.safe_zone_id = z.id AND ${inScope(2)}))
       ORDER BY z.name, z.id`,
      [ownerId, types, id],
      q,
    );
  }

  async devices(ownerId: number, types: number[] | null): Promise<SafeZoneDevice[]> {
    return this.pool.rows<SafeZoneDevice>(
      `SELECT d.id, d.imei, d.device_type_id, d.first_name, d.last_name, d.enabled FROM device d
       WHERE d.owner_id = $1 AND ${inScope(2)} ORDER BY d.id`,
      [ownerId, types],
    );
  }

  async count(ownerId: number, q: Queryable): Promise<number> {
    return (await this.pool.rows<{ n: number }>('SELECT count(*)::int AS n FROM safe_zone WHERE user_id = $1', [ownerId], q))[0]!.n;
  }

  async forUpdate(id: number, ownerId: number, types: number[] | null, q: Queryable): Promise<OwnerSafeZoneItem | null> {
    await this.pool.rows('SELECT id FROM safe_zone WHERE id = $1 AND user_id = $2 FOR UPDATE', [id, ownerId], q);
    return (await this.list(ownerId, types, q, id))[0] ?? null;
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
