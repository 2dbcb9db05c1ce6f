import { Injectable } from '@nestjs/common';
import { PrismaRepository, type PrismaDb } from '../core/db.js';

export type BackofficeUserRow = NonNullable<Awaited<ReturnType<PrismaDb['backofficeUser']['findUnique']>>>;

/**
 * Data of the sign-in (house rule "Data access": Prisma for records): reading back-office users, and reset links. A
 * user's sign-in state, code step and password are written by `BackofficeUsersRepository`, the table's owner
 * (docs/architecture.md "Table owners"). Changes take the transaction `tx` that also records them.
 */
@Injectable()
export class AuthRepository extends PrismaRepository {
  /** The user of a typed name, without case (unique without case: index backoffice_user_username_lower_key). */
  async userByName(username: string): Promise<BackofficeUserRow | null> {
    // lower() = lower(), not Prisma's insensitive mode (ILIKE would read `_` and `%` in a typed name as wildcards)
    const found = await this.prisma.$queryRaw<{ id: number }[]>`SELECT id FROM backoffice_user WHERE lower(username) = lower(${username})`;
    return found[0] ? this.prisma.backofficeUser.findUnique({ where: { id: found[0].id } }) : null;
  }

  resetLink(uuid: string) {
    return this.prisma.passwordReset.findUnique({ where: { uuid }, include: { user: true, owner: true } });
  }

  /** Marks a reset link used unless it already is (a link works once, even under concurrent submits). */
  async useResetLink(tx: PrismaDb, uuid: string): Promise<boolean> {
    const used = await tx.passwordReset.updateMany({ where: { uuid, used_at: null }, data: { used_at: new Date() } });
    return used.count > 0;
  }
}
