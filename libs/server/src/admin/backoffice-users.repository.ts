import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client.js';
import { PrismaRepository, type PrismaDb } from '../core/db.js';

/** The columns a backoffice user is answered and audited with (never the password hash nor the TOTP secret). */
const USER_SELECT = {
  id: true,
  username: true,
  email: true,
  role_id: true,
  enabled: true,
  operators: true,
  types: true,
  white_labels: true,
  created: true,
} as const;

export type UserRow = Prisma.BackofficeUserGetPayload<{ select: typeof USER_SELECT }>;

/** What an add or an edit stores (the password hash apart). */
export type UserWrite = Omit<UserRow, 'id' | 'created'>;

/** Backoffice user records for user management (house rule "Data access": Prisma for records). */
@Injectable()
export class BackofficeUsersRepository extends PrismaRepository {
  /** The user, locked for the rest of the transaction (edits and deletes of one user queue behind each other). */
  async forUpdate(tx: PrismaDb, id: number): Promise<UserRow | null> {
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM backoffice_user WHERE id = ${id} FOR UPDATE`;
    if (locked.length === 0) return null;
    return tx.backofficeUser.findUnique({ where: { id }, select: USER_SELECT });
  }

  /**
   * How many enabled administrators there are besides `except`, counted under a transaction-level advisory lock: two
   * calls that would each leave one administrator cannot both pass (the second waits for the first to commit, then
   * counts again, READ COMMITTED). The count itself takes no row locks, so it cannot deadlock with the target's lock.
   */
  async otherEnabledAdmins(tx: PrismaDb, except: number): Promise<number> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('backoffice_user:last-admin'))`;
    const rows = await tx.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM backoffice_user WHERE role_id = 1 AND enabled AND id <> ${except}`;
    return rows[0]?.n ?? 0;
  }

  create(tx: PrismaDb, u: UserWrite, passwordHash: string): Promise<UserRow> {
    // no TOTP secret: the first sign-in offers the enrollment (docs/access.md)
    return tx.backofficeUser.create({ data: { ...u, password_hash: passwordHash }, select: USER_SELECT });
  }

  update(tx: PrismaDb, id: number, u: UserWrite, passwordHash: string | null): Promise<UserRow> {
    return tx.backofficeUser.update({
      where: { id },
      data: { ...u, ...(passwordHash ? { password_hash: passwordHash } : {}) },
      select: USER_SELECT,
    });
  }

  /** Deletes the user; their sessions and reset links go with them (foreign keys ON DELETE CASCADE). */
  async delete(tx: PrismaDb, id: number): Promise<void> {
    await tx.backofficeUser.delete({ where: { id } });
  }

  // ------------------------------------------------------------------ the sign-in's writes (AuthService)

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

  async existingIds(table: 'operator' | 'deviceType' | 'whiteLabel', ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const where = { where: { id: { in: ids } }, select: { id: true } };
    const rows =
      table === 'operator'
        ? await this.prisma.operator.findMany(where)
        : table === 'deviceType'
          ? await this.prisma.deviceType.findMany(where)
          : await this.prisma.whiteLabel.findMany(where);
    return rows.map((r) => r.id);
  }
}
