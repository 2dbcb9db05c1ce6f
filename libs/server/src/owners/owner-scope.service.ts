import { Injectable } from '@nestjs/common';
import { deviceTypeScope, ErrorCode } from '@tracker/contract';
import type { Queryable } from '../core/db.js';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { OwnerScopeRepository } from './owner-scope.repository.js';

/**
 * The device types a user sees, for SQL: null for all; a partner role its own type (§6), a user whose `types` is not
 * [-1] those types (both: their intersection). The same rule as `typeAllowed` of the device workspace.
 */
export function visibleTypes(s: SessionUser): number[] | null {
  const own = s.types.length === 0 || s.types.includes(-1) ? null : s.types;
  const partner = deviceTypeScope(s.role);
  if (partner === null) return own;
  return own ? own.filter((t) => t === partner) : [partner];
}

/**
 * Every call of the owner workspace starts here: `owner` answers the types the user sees of that owner's devices
 * (null: all), 404 for an unknown owner and 403 for an owner outside the user's scope (also for guessed ids).
 * The calls then read and change only devices of those types, in their SQL.
 */
@Injectable()
export class OwnerScopeService {
  constructor(private readonly repo: OwnerScopeRepository) {}

  async owner(s: SessionUser, ownerId: number, q?: Queryable): Promise<number[] | null> {
    const types = visibleTypes(s);
    const ok = await this.repo.inScope(ownerId, types, s.whiteLabels, q);
    if (ok === null) throw new DomainError(ErrorCode.NotFound);
    if (!ok) throw new DomainError(ErrorCode.Forbidden);
    return types;
  }
}
