import { Injectable } from '@nestjs/common';
import { PrismaRepository, type PrismaDb } from '../core/db.js';

/** Session records (stored by the hash of their token), Prisma; the lookup of every call is `SessionQueriesRepository`. */
@Injectable()
export class SessionRepository extends PrismaRepository {
  async create(db: PrismaDb, data: { userId: number; tokenHash: string; expDate: Date; ip: string; userAgent: string }) {
    await db.backofficeSession.create({
      data: { user_id: data.userId, token_hash: data.tokenHash, exp_date: data.expDate, ip: data.ip, user_agent: data.userAgent },
    });
  }

  async revoke(sessionId: string, db: PrismaDb = this.prisma) {
    await db.backofficeSession.updateMany({ where: { id: BigInt(sessionId), revoked_at: null }, data: { revoked_at: new Date() } });
  }

  async revokeAllOf(userId: number, db: PrismaDb = this.prisma) {
    await db.backofficeSession.updateMany({ where: { user_id: userId, revoked_at: null }, data: { revoked_at: new Date() } });
  }
}
