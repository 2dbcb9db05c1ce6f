import { Injectable } from '@nestjs/common';
import {
  AuditStatus,
  ErrorCode,
  fieldError,
  Role,
  type FieldError,
  type OwnerDetails,
  type OwnerUpdateRequest,
} from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import type { Queryable } from '../core/db.js';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceWorkspaceRepository } from '../device-workspace/device-workspace.repository.js';
import { OwnerProfileRepository } from './owner-profile.repository.js';
import { OwnerStore, OWNER_UPDATE_COLUMNS, type OwnerChanges } from './owner.store.js';
import { OwnerScopeService, type ScopedOwner } from './owner-scope.service.js';

/** Profile of the owner workspace (§2 /owner/{id}/profile; docs/owner-workspace.md "Profile"). */
@Injectable()
export class OwnerProfileService {
  constructor(
    private readonly repo: OwnerProfileRepository,
    private readonly owners: OwnerStore,
    private readonly scope: OwnerScopeService,
    private readonly audit: AuditService,
    /** the owner of `device` (docs/architecture.md "Table owners"): the owner's devices back to stock */
    private readonly devices: DeviceWorkspaceRepository,
  ) {}

  async details(s: SessionUser, id: number): Promise<OwnerDetails> {
    const o = await this.scope.owner(s, id);
    return this.detailsOf(s, o);
  }

  private async detailsOf(s: SessionUser, o: ScopedOwner, c?: Queryable): Promise<OwnerDetails> {
    const row = await this.repo.owner(o.id, c);
    if (!row) throw new DomainError(ErrorCode.NotFound);
    const { street, house_number, zip, city, country_code, external_id, ...userData } = row;
    return {
      userData,
      userAddress: { street, house_number, zip, city, country_code },
      external_id,
      devices: await this.repo.devices(o.id, o.types, c),
      authorizedRole: s.role !== Role.Administrator,
    };
  }

  /** §5: a field sent as '' keeps its stored value and is named in `ignored`; the others are written, audited. */
  async update(s: SessionUser, id: number, body: OwnerUpdateRequest): Promise<{ user: OwnerDetails; ignored: FieldError[] }> {
    const o = await this.scope.owner(s, id);
    const changes: OwnerChanges = {};
    const ignored: FieldError[] = [];
    for (const k of OWNER_UPDATE_COLUMNS) {
      const v = body[k];
      if (v === '') ignored.push(fieldError(k, 'profileEmptyIgnored', { field: k }));
      else if (v !== undefined) changes[k] = v;
    }
    const user = await this.repo.transaction(async (c) => {
      if (!(await this.owners.lock(id, c))) throw new DomainError(ErrorCode.NotFound);
      if (typeof changes.country_code === 'string' && !(await this.repo.countryExists(changes.country_code, c))) {
        throw new DomainError(ErrorCode.ValidationFailed, [fieldError('country_code', 'unknownCountry', { field: 'country_code' })]);
      }
      const before = await this.repo.owner(id, c);
      await this.owners.update(id, changes, c);
      const after = await this.repo.owner(id, c);
      await this.audit.recordCall(c, { entity: 'owner', entityId: id, result: { before: pick(before, changes), after: pick(after, changes) } });
      return this.detailsOf(s, o, c);
    });
    return { user, ignored };
  }

  async externalId(s: SessionUser, id: number, externalId: string | null): Promise<OwnerDetails> {
    const o = await this.scope.owner(s, id);
    return this.repo.transaction(async (c) => {
      if (!(await this.owners.lock(id, c))) throw new DomainError(ErrorCode.NotFound);
      const before = await this.repo.owner(id, c);
      await this.owners.setExternalId(id, externalId, c);
      await this.audit.recordCall(c, { entity: 'owner', entityId: id, result: { before: before?.external_id ?? null, after: externalId } });
      return this.detailsOf(s, o, c);
    });
  }

  /**
   * Removes the owner. Without `withDevices` only an owner without devices (400 `ownerHasDevices` otherwise); with
   * it, the owner's devices of the caller's scope go back to stock first (one device event each, status 6 "removed
   * from account"), and an owner that still has devices of another partner stays (400 `ownerForeignDevices`, nothing
   * changed). One transaction: the devices, the owner and the audit rows commit together.
   */
  async remove(s: SessionUser, id: number, withDevices: boolean): Promise<{ removed: true; devices: number[] }> {
    const o = await this.scope.owner(s, id);
    return this.repo.transaction(async (c) => {
      if (!(await this.owners.lock(id, c))) throw new DomainError(ErrorCode.NotFound);
      // in id order (an UPDATE's RETURNING follows its plan: the answer and the audit rows would come in any order)
      const returned = withDevices ? (await this.devices.ownerDevicesToStock(id, o.types, c)).sort((a, b) => a.id - b.id) : [];
      const left = await this.repo.remainingDevices(id, c);
      if (left > 0) {
        const code = withDevices ? 'ownerForeignDevices' : 'ownerHasDevices';
        throw new DomainError(ErrorCode.ValidationFailed, [fieldError('user_id', code, { count: left })]);
      }
      for (const d of returned) {
        await this.audit.record(
          {
            actorId: s.userId,
            actorName: s.username,
            action: 'owner.remove',
            area: 'owner',
            entity: 'device',
            entityId: d.id,
            deviceId: d.id,
            status: AuditStatus.RemovedFromAccount,
            input: { owner_id: id, device_status: d.device_status },
            result: { owner_id: null, device_status: 0 },
          },
          c,
        );
      }
      const devices = returned.map((d) => d.id);
      await this.owners.delete(id, c);
      await this.audit.recordCall(c, { entity: 'owner', entityId: id, result: { removed: true, email: o.email, devices } });
      return { removed: true as const, devices };
    });
  }
}

function pick(row: object | null, changes: OwnerChanges): Record<string, unknown> {
  const r = (row ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.keys(changes).map((k) => [k, r[k]]));
}
