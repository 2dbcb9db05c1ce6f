import { Injectable } from '@nestjs/common';
import { PgPool, PrismaService, type PrismaDb } from '../core/db.js';

export type SessionRow = {
  session_id: string;
  exp_date: Date;
  revoked_at: Date | null;
  user_id: number;
  username: string;
  role_id: number;
  enabled: boolean;
  operators: number[];
  white_labels: number[];
  types: number[];
  prefered_language: string;
};

/** Sessions (stored by the hash of their token): Prisma for the records, one prepared raw query for the lookup. */
@Injectable()
export class SessionRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly pool: PgPool,
  ) {}

  async create(db: PrismaDb, data: { userId: number; tokenHash: string; expDate: Date; ip: string; userAgent: string }) {
    await db.backofficeSession.create({
      data: { user_id: data.userId, token_hash: data.tokenHash, exp_date: data.expDate, ip: data.ip, user_agent: data.userAgent },
    });
  }

  /** The session of a token hash joined with its user; every api call passes here, so it is one prepared statement. */
  async byTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    const { rows } = await this.pool.query<SessionRow>({
      name: 'session_by_token',
      text: `SELECT s.id::text AS session_id, s.exp_date, s.revoked_at, u.id AS user_id, u.username, u.role_id, u.enabled,
              u.operators, u.white_labels, u.types, u.prefered_language
         FROM backoffice_session s JOIN backoffice_user u ON u.id = s.user_id
        WHERE s.token_hash = $1`,
      values: [tokenHash],
    });
    return rows[0];
  }

  async revoke(sessionId: string, db: PrismaDb = this.prisma) {
    await db.backofficeSession.updateMany({ where: { id: BigInt(sessionId), revoked_at: null }, data: { revoked_at: new Date() } });
  }

  async revokeAllOf(userId: number, db: PrismaDb = this.prisma) {
    await db.backofficeSession.updateMany({ where: { user_id: userId, revoked_at: null }, data: { revoked_at: new Date() } });
  }
}
