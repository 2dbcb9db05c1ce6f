import { Injectable } from '@nestjs/common';
import { PrismaRepository, type PrismaDb } from '../core/db.js';

export type BackofficeUserRow = NonNullable<Awaited<ReturnType<PrismaDb['backofficeUser']['findUnique']>>>;

/**
 * Data of the sign-in (house rule "Data access": Prisma for records): back-office users, their code step and
 * password, and reset links. Changes take the transaction `tx` that also records them (`AuditService.recordCall`).
 */
@Injectable()
export class AuthRepository extends PrismaRepository {
  /** The user of a typed name, without case (unique without case: index backoffice_user_username_lower_key). */
  async userByName(username: string): Promise<BackofficeUserRow | null> {
    // lower() = lower(), not Prisma's insensitive mode (ILIKE would read `_` and `%` in a typed name as wildcards)
    const found = await this.prisma.$queryRaw<{ id: number }[]>`SELECT id FROM backoffice_user WHERE lower(username) = lower(${username})`;
    return found[0] ? this.prisma.backofficeUser.findUnique({ where: { id: found[0].id } }) : null;
  }

  /** Keeps the secret offered at the first sign-in until its first code is accepted. */
  async offerSecret(tx: PrismaDb, userId: number, secret: string): Promise<void> {
    await tx.backofficeUser.update({ where: { id: userId }, data: { totp_pending_secret: secret } });
  }

  /**
   * Takes the code's time step if it is later than the last one taken (atomically: a concurrent replay loses), makes
   * the secret the user's and notes the sign-in. False when the step was already used.
   */
  async claimCodeStep(tx: PrismaDb, userId: number, step: bigint, secret: string): Promise<boolean> {
    const claimed = await tx.backofficeUser.updateMany({
      where: { id: userId, OR: [{ totp_last_step: null }, { totp_last_step: { lt: step } }] },
      data: { totp_last_step: step, totp_secret: secret, totp_pending_secret: null, last_login_at: new Date() },
    });
    return claimed.count > 0;
  }

  async setPasswordHash(tx: PrismaDb, userId: number, passwordHash: string): Promise<void> {
    await tx.backofficeUser.update({
      where: { id: userId },
      data: { password_hash: passwordHash, password_change_required: false },
    });
  }

  resetLink(uuid: string) {
    return this.prisma.passwordReset.findUnique({ where: { uuid }, include: { user: true, owner: true } });
  }

  /** An owner's new password (the owner's app signs in with it; the console has no owner sessions). */
  async setOwnerPasswordHash(tx: PrismaDb, ownerId: number, passwordHash: string): Promise<void> {
    await tx.owner.update({ where: { id: ownerId }, data: { password_hash: passwordHash } });
  }

  /** Marks a reset link used unless it already is (a link works once, even under concurrent submits). */
  async useResetLink(tx: PrismaDb, uuid: string): Promise<boolean> {
    const used = await tx.passwordReset.updateMany({ where: { uuid, used_at: null }, data: { used_at: new Date() } });
    return used.count > 0;
  }
}
