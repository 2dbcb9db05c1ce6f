import { Injectable } from '@nestjs/common';
import { deviceTypeScope, ErrorCode } from '@tracker/contract';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { OwnerWorkspaceRepository } from './owner-workspace.repository.js';

/**
 * The device types a user sees (§6 partner scope, docs/access.md "Scope in queries"): null for all, else the list the
 * repositories put into their SQL (`$n::int[] IS NULL OR d.device_type_id = ANY($n)`). Partner roles see their type
 * only; a user whose `types` is not [-1] those types.
 */
export function ownerTypeScope(s: SessionUser): number[] | null {
  const partner = deviceTypeScope(s.role);
  const limited = s.types.length > 0 && !s.types.includes(-1);
  if (partner !== null) return limited && !s.types.includes(partner) ? [] : [partner];
  return limited ? s.types : null;
}

/** An owner as every call of the workspace sees it: its id and the device types of the caller's scope. */
export type ScopedOwner = { id: number; email: string; types: number[] | null; scopedDevices: number; allDevices: number };

/**
 * Loads the owner of a call for a user: 404 when it does not exist, 403 when the user's scope is limited and the owner
 * has no device of the user's types. An owner without devices is seen by users who see every type, and by a partner
 * when it is in one of the partner's white labels (the owner the partner just added: it adds the first device).
 */
@Injectable()
export class OwnerScopeService {
  constructor(private readonly repo: OwnerWorkspaceRepository) {}

  async owner(s: SessionUser, id: number): Promise<ScopedOwner> {
    const types = ownerTypeScope(s);
    const o = await this.repo.scoped(id, types);
    if (!o) throw new DomainError(ErrorCode.NotFound);
    const ownNew = o.all_devices === 0 && o.white_label_vendor_id !== null && s.whiteLabels.includes(o.white_label_vendor_id);
    if (types !== null && o.scoped_devices === 0 && !ownNew) throw new DomainError(ErrorCode.Forbidden);
    return { id: o.id, email: o.email, types, scopedDevices: o.scoped_devices, allDevices: o.all_devices };
  }
}
