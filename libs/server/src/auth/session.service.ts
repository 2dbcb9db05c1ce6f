import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ErrorCode, isLanguage, isRoleId } from '@tracker/contract';
import { AppConfig } from '../core/config.js';
import { PrismaService } from '../core/db.js';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Session tokens: 256 random bits, stored only as their sha256, with an expiry; revoked on logout. */
@Injectable()
export class SessionService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly config: AppConfig,
  ) {}

  async create(userId: number, client: { ip: string; userAgent: string }) {
    const token = randomBytes(32).toString('base64url');
    const expDate = new Date(Date.now() + this.config.get('SESSION_TTL_MINUTES') * 60_000);
    await this.prisma.backofficeSession.create({
      data: { user_id: userId, token_hash: hashToken(token), exp_date: expDate, ip: client.ip, user_agent: client.userAgent },
    });
    return { token, expDate };
  }

  /** Resolves a bearer token to its user; 401 when unknown, revoked, expired or the user is disabled. */
  async authenticate(token: string): Promise<SessionUser> {
    const s = await this.prisma.backofficeSession.findUnique({
      where: { token_hash: hashToken(token) },
      include: { user: true },
    });
    if (!s || s.revoked_at || !s.user.enabled) throw new DomainError(ErrorCode.Unauthenticated);
    if (s.exp_date.getTime() <= Date.now()) throw new DomainError(ErrorCode.SessionExpired);
    const role = s.user.role_id;
    if (!isRoleId(role)) throw new DomainError(ErrorCode.Unauthenticated);
    return {
      sessionId: s.id.toString(),
      userId: s.user.id,
      username: s.user.username,
      role,
      operators: s.user.operators,
      whiteLabels: s.user.white_labels,
      types: s.user.types,
      language: isLanguage(s.user.prefered_language) ? s.user.prefered_language : 'en',
      expDate: s.exp_date,
    };
  }

  async revoke(sessionId: string) {
    await this.prisma.backofficeSession.updateMany({
      where: { id: BigInt(sessionId), revoked_at: null },
      data: { revoked_at: new Date() },
    });
  }

  /** Password change, reset and user disable end every session of the user. */
  async revokeAllOf(userId: number) {
    await this.prisma.backofficeSession.updateMany({
      where: { user_id: userId, revoked_at: null },
      data: { revoked_at: new Date() },
    });
  }
}
