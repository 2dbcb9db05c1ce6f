import { Injectable } from '@nestjs/common';
import { deviceTypeScope, ErrorCode } from '@tracker/contract';
import { PgPool } from '../core/db.js';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';

/** The few columns every device call needs to decide scope. */
export type ScopedDevice = { id: number; device_type_id: number; owner_id: number | null; gsm_number: string | null; first_name: string | null };

/** Whether the user may see devices of a type: partner roles their type only (§6), `types` when not [-1]. */
export function typeAllowed(s: SessionUser, typeId: number): boolean {
  const scope = deviceTypeScope(s.role);
  if (scope !== null && scope !== typeId) return false;
  if (s.types.length > 0 && !s.types.includes(-1) && !s.types.includes(typeId)) return false;
  return true;
}

/** Loads a device for a user: 404 when it does not exist, 403 when it is another partner's (also for guessed ids). */
@Injectable()
export class DeviceScopeService {
  constructor(private readonly pool: PgPool) {}

  async device(s: SessionUser, id: number): Promise<ScopedDevice> {
    const r = await this.pool.query<ScopedDevice>(
      'SELECT id, device_type_id, owner_id, gsm_number, first_name FROM device WHERE id = $1',
      [id],
    );
    const d = r.rows[0];
    if (!d) throw new DomainError(ErrorCode.DeviceNotFound);
    if (!typeAllowed(s, d.device_type_id)) throw new DomainError(ErrorCode.Forbidden);
    return d;
  }
}
