import { Injectable } from '@nestjs/common';
import { ErrorCode, fieldError, Role, type UserAddRequest } from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { OwnerAddRepository } from './owner-add.repository.js';

const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { code?: string }).code === 'P2002';

@Injectable()
export class OwnerAddService {
  constructor(
    private readonly repo: OwnerAddRepository,
    private readonly audit: AuditService,
  ) {}

  /** Creates an owner account. Non-admins may create owners only in their own white labels. */
  async add(s: SessionUser, { newUser }: UserAddRequest): Promise<{ id: number }> {
    const wl = newUser.white_label_vendor_id;
    if (s.role !== Role.Administrator && !s.whiteLabels.includes(wl)) throw new DomainError(ErrorCode.Forbidden);
    if (!(await this.repo.whiteLabelExists(wl))) {
      throw new DomainError(ErrorCode.ValidationFailed, [fieldError('newUser.white_label_vendor_id', 'unknownWhiteLabel')]);
    }
    try {
      return await this.repo.transaction(async (tx) => {
        const owner = await this.repo.create(tx, newUser);
        await this.audit.recordCall(tx, { entity: 'owner', entityId: owner.id, result: owner });
        return owner;
      });
    } catch (e) {
      if (isUniqueViolation(e)) {
        throw new DomainError(ErrorCode.Duplicate, [fieldError('newUser.email', 'duplicate')]);
      }
      throw e;
    }
  }
}
