import { Injectable } from '@nestjs/common';
import type { OwnerDeviceItem } from '@tracker/contract';
import { PgPool, type Queryable } from '../core/db.js';
import { withLastPush, type PushColumns } from '../sms/sms-reason.js';
import { inScope } from './owner-workspace.repository.js';
import { CONTACT_SYNC } from '../commands/grammar.js';

/** The tables that put contacts and safe zones on devices. */
const LINKS = {
  contact: { owner: 'contact', table: 'contact_device', key: 'contact_id' },
  safeZone: { owner: 'safe_zone', table: 'safe_zone_device', key: 'safe_zone_id' },
} as const;
export type DeviceLink = keyof typeof LINKS;

export type OwnerDeviceRow = { id: number; device_type_id: number; enabled: boolean; gsm_number: string | null; owner_id: number | null };

/**
 * An owner's devices as the contact and safe-zone editors see them, and the limits their SIMs' operators set
 * (docs/owner-workspace.md "Contacts"): always only the device types `types` (null: all), in SQL.
 */
@Injectable()
export class OwnerDevicesRepository {
  constructor(protected readonly pool: PgPool) {}

  transaction<T>(fn: (c: Queryable) => Promise<T>): Promise<T> {
    return this.pool.transaction(fn);
  }

  /** The owner's devices of `types`, each with its latest contact push. */
  async devices(ownerId: number, types: number[] | null): Promise<OwnerDeviceItem[]> {
    type Row = Omit<OwnerDeviceItem, 'last_push'> & PushColumns;
    const rows = await this.pool.rows<Row>(
      `SELECT d.id, d.imei, d.device_type_id, d.first_name, d.last_name, d.gsm_number, d.enabled,
         p.id AS push_id, p.status AS push_status, p.created AS push_created, p.error_code AS push_error, p.error_params AS push_params
       FROM device d
       LEFT JOIN LATERAL (SELECT m.id, m.status, m.created, m.error_code, m.error_params FROM sms_message m
         WHERE m.device_id = d.id AND m.direction = 'OUTBOUND' AND m.command_key = $3
         ORDER BY m.created DESC, m.id DESC LIMIT 1) p ON true
       WHERE d.owner_id = $1 AND ${inScope(2)}
       ORDER BY d.id`,
      [ownerId, types, CONTACT_SYNC.commandKey],
    );
    return rows.map(withLastPush);
  }

  /** Devices of `ids` with their owner (the caller checks they are the owner's, of its types, enabled). */
  async byIds(ids: number[], q: Queryable = this.pool): Promise<OwnerDeviceRow[]> {
    return this.pool.rows<OwnerDeviceRow>(
      'SELECT id, device_type_id, enabled, gsm_number, owner_id FROM device WHERE id = ANY($1::int[]) ORDER BY id',
      [ids],
      q,
    );
  }

  /**
   * The owner's limit of contacts or safe zones: the smallest that the operators of the SIMs of all its devices set
   * (every device, also another partner's: the limit is the owner's); null when no device has a SIM with an operator.
   */
  async limit(ownerId: number, kind: 'contacts_limit' | 'zones_limit', q: Queryable = this.pool): Promise<number | null> {
    const r = await this.pool.rows<{ n: number | null }>(
      `SELECT min(op.${kind}) AS n FROM device d JOIN sim_card s ON s.id = d.sim_id JOIN operator op ON op.id = s.operator_id
       WHERE d.owner_id = $1`,
      [ownerId],
      q,
    );
    return r[0]?.n ?? null;
  }

  /**
   * The links of a contact or zone (`link`) to devices: those of `types` become `devices` (the links to other types
   * stay, another partner's).
   */
  async setLinks(link: DeviceLink, id: number, devices: number[], types: number[] | null, q: Queryable): Promise<void> {
    const { table, key } = LINKS[link];
    await this.pool.rows(
      `DELETE FROM ${table} l USING device d WHERE l.${key} = $1 AND d.id = l.device_id AND ${inScope(2)} AND l.device_id <> ALL($3::int[])`,
      [id, types, devices],
      q,
    );
    await this.pool.rows(`INSERT INTO ${table} (${key}, device_id) SELECT $1, x FROM unnest($2::int[]) AS x ON CONFLICT DO NOTHING`, [id, devices], q);
  }

  /** Takes a contact or zone off the devices of `types`; deletes it when it is left on none. True when it was deleted. */
  async unlink(link: DeviceLink, id: number, types: number[] | null, q: Queryable): Promise<boolean> {
    await this.setLinks(link, id, [], types, q);
    const { table, key, owner } = LINKS[link];
    const r = await this.pool.rows<{ id: number }>(
      `DELETE FROM ${owner} o WHERE o.id = $1 AND NOT EXISTS (SELECT 1 FROM ${table} l WHERE l.${key} = o.id) RETURNING id`,
      [id],
      q,
    );
    return r.length > 0;
  }

  /** Locks the owner row: saves that count against a limit wait for each other. */
  async lockOwner(ownerId: number, q: Queryable): Promise<void> {
    await this.pool.rows('SELECT id FROM owner WHERE id = $1 FOR UPDATE', [ownerId], q);
  }
}
