import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ErrorCode, isLanguage, isRoleId } from '@tracker/contract';
import { AppConfig } from '../core/config.js';
import { PgPool, PrismaService, type PrismaDb } from '../core/db.js';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';

type SessionRow = {
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

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Session tokens: 256 random bits, stored only as their sha256, with an expiry; revoked on logout. */
@Injectable()
export class SessionService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly pool: PgPool,
    private readonly config: AppConfig,
  ) {}

  /** A new session of the user; `db` is the transaction of the sign-in when given. */
  async create(userId: number, client: { ip: string; userAgent: string }, db: PrismaDb = this.prisma) {
    const token = randomBytes(32).toString('base64url');
    const expDate = new Date(Date.now() + this.config.get('SESSION_TTL_MINUTES') * 60_000);
    await db.backofficeSession.create({
      data: { user_id: userId, token_hash: hashToken(token), exp_date: expDate, ip: client.ip, user_agent: client.userAgent },
    });
    return { token, expDate };
  }

  /** Resolves a bearer token to its user; 401 when unknown, revoked, expired or the user is disabled. */
  async authenticate(token: string): Promise<SessionUser> {
    // every api call passes here: one indexed query over plain pg (no ORM round trips), prepared once per connection
    const { rows } = await this.pool.query<SessionRow>({
      name: 'session_by_token',
      text: `SELECT s.id::text AS session_id, s.exp_date, s.revoked_at, u.id AS user_id, u.username, u.role_id, u.enabled,
              u.operators, u.white_labels, u.types, u.prefered_language
         FROM backoffice_session s JOIN backoffice_user u ON u.id = s.user_id
        WHERE s.token_hash = $1`,
      values: [hashToken(token)],
    });
    const s = rows[0];
    if (!s || s.revoked_at || !s.enabled) throw new DomainError(ErrorCode.Unauthenticated);
    if (s.exp_date.getTime() <= Date.now()) throw new DomainError(ErrorCode.SessionExpired);
    const role = s.role_id;
    if (!isRoleId(role)) throw new DomainError(ErrorCode.Unauthenticated);
    return {
      sessionId: s.session_id,
      userId: s.user_id,
      username: s.username,
      role,
      operators: s.operators,
      whiteLabels: s.white_labels,
      types: s.types,
      language: isLanguage(s.prefered_language) ? s.prefered_language : 'en',
      expDate: s.exp_date,
    };
  }

  async revoke(sessionId: string, db: PrismaDb = this.prisma) {
    await db.backofficeSession.updateMany({
      where: { id: BigInt(sessionId), revoked_at: null },
      data: { revoked_at: new Date() },
    });
  }

  /** Password change, reset and user disable end every session of the user. */
  async revokeAllOf(userId: number, db: PrismaDb = this.prisma) {
    await db.backofficeSession.updateMany({
      where: { user_id: userId, revoked_at: null },
      data: { revoked_at: new Date() },
    });
  }
}
