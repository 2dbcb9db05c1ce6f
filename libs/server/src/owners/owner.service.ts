import { Injectable } from '@nestjs/common';
import { ErrorCode, fieldError, Role, type UserAddRequest } from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import { PrismaService } from '../core/db.js';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';

const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { code?: string }).code === 'P2002';

@Injectable()
export class OwnerService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  /** Creates an owner account. Non-admins may create owners only in their own white labels. */
  async add(s: SessionUser, { newUser }: UserAddRequest): Promise<{ id: number }> {
    const wl = newUser.white_label_vendor_id;
    if (s.role !== Role.Administrator && !s.whiteLabels.includes(wl)) throw new DomainError(ErrorCode.Forbidden);
    const exists = await this.prisma.whiteLabel.findUnique({ where: { id: wl }, select: { id: true } });
    if (!exists) {
      throw new DomainError(ErrorCode.ValidationFailed, [fieldError('newUser.white_label_vendor_id', 'unknownWhiteLabel')]);
    }
    try {
      return await this.prisma.$transaction(async (tx) => {
        const owner = await tx.owner.create({
          data: {
            email: newUser.email,
            first_name: newUser.first_name,
            last_name: newUser.last_name,
            phone: newUser.phone ?? null,
            white_label_vendor_id: wl,
            language: newUser.language,
            is_test: newUser.is_test,
          },
          select: { id: true },
        });
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
