import { Injectable } from '@nestjs/common';
import { deviceTypeScope, ErrorCode, Role, type DeviceDetail } from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import type { Queryable } from '../core/db.js';
import { DeviceWorkspaceRepository, type ScopedDevice } from './device-workspace.repository.js';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';

export type { ScopedDevice };

/** Whether the user may see devices of a type: partner roles their type only (§6), `types` when not [-1]. */
export function typeAllowed(s: SessionUser, typeId: number): boolean {
  const scope = deviceTypeScope(s.role);
  if (scope !== null && scope !== typeId) return false;
  if (s.types.length > 0 && !s.types.includes(-1) && !s.types.includes(typeId)) return false;
  return true;
}

/**
 * Whether the user may see a factory record of a type: as a device of that type; a record that names no type only
 * by users who see every type (not a partner, `types` [-1]).
 */
export function factoryTypeAllowed(s: SessionUser, typeId: number | null): boolean {
  if (typeId !== null) return typeAllowed(s, typeId);
  return deviceTypeScope(s.role) === null && (s.types.length === 0 || s.types.includes(-1));
}

/**
 * The operators whose SIM cards a user may see and take: null (all) for the administrator, else the user's own
 * operators (partner A's 1, 2, 4; §6 partner scope, as `/operator/list`). A SIM without an operator is nobody's
 * but the administrator's. The repository applies it in SQL.
 */
export function simOperatorScope(s: SessionUser): number[] | null {
  return s.role === Role.Administrator ? null : s.operators;
}

/**
 * What every area of the device workspace shares: `device` loads a device for a user (404 when it does not exist, 403
 * when it is another partner's, also for guessed ids), `detailOf` the detail a change answers with, `deviceAudit`
 * the audit row of a change, in its transaction.
 */
@Injectable()
export class DeviceScopeService {
  constructor(
    private readonly repo: DeviceWorkspaceRepository,
    private readonly audit: AuditService,
  ) {}

  async device(s: SessionUser, id: number): Promise<ScopedDevice> {
    const d = await this.repo.scoped(id);
    if (!d) throw new DomainError(ErrorCode.DeviceNotFound);
    if (!typeAllowed(s, d.device_type_id)) throw new DomainError(ErrorCode.Forbidden);
    return d;
  }

  async detailOf(id: number): Promise<DeviceDetail> {
    const d = await this.repo.detail(id);
    if (!d) throw new DomainError(ErrorCode.DeviceNotFound);
    return d;
  }

  /** A device event of the audit trail, written by `c`: in the transaction of the change it records. */
  deviceAudit(c: Queryable, s: SessionUser, deviceId: number, action: string, status: number | null, before: unknown, after: unknown) {
    return this.audit.record(
      {
        actorId: s.userId,
        actorName: s.username,
        action,
        area: 'device',
        entity: 'device',
        entityId: deviceId,
        deviceId,
        status,
        input: before,
        result: after,
      },
      c,
    );
  }
}
