import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ErrorCode, isLanguage, isRoleId } from '@tracker/contract';
import { AppConfig } from '../core/config.js';
import type { PrismaDb } from '../core/db.js';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { SessionRepository } from './session.repository.js';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Session tokens: 256 random bits, stored only as their sha256, with an expiry; revoked on logout. */
@Injectable()
export class SessionService {
  constructor(
    private readonly repo: SessionRepository,
    private readonly config: AppConfig,
  ) {}

  /** A new session of the user, created in `db`, the transaction of the sign-in. */
  async create(userId: number, client: { ip: string; userAgent: string }, db: PrismaDb) {
    const token = randomBytes(32).toString('base64url');
    const expDate = new Date(Date.now() + this.config.get('SESSION_TTL_MINUTES') * 60_000);
    await this.repo.create(db, { userId, tokenHash: hashToken(token), expDate, ip: client.ip, userAgent: client.userAgent });
    return { token, expDate };
  }

  /** Resolves a bearer token to its user; 401 when unknown, revoked, expired or the user is disabled. */
  async authenticate(token: string): Promise<SessionUser> {
    const s = await this.repo.byTokenHash(hashToken(token));
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

  async revoke(sessionId: string, db?: PrismaDb) {
    await this.repo.revoke(sessionId, db);
  }

  /** Password change, reset and user disable end every session of the user. */
  async revokeAllOf(userId: number, db?: PrismaDb) {
    await this.repo.revokeAllOf(userId, db);
  }
}
