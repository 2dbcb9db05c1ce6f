import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { ErrorCode, isLanguage, isRoleId } from '@tracker/contract';
import { AppConfig } from '../core/config.js';
import type { PrismaDb } from '../core/db.js';
import { DomainError } from '../core/errors.js';
import { logRedisErrors, RedisService } from '../core/redis.js';
import { LOGGER } from '../core/tokens.js';
import type { SessionUser } from '../access/session-user.js';
import { SessionCache, type SessionForget } from './session-cache.js';
import { SessionQueriesRepository } from './session-queries.repository.js';
import { SessionRepository } from './session.repository.js';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Session tokens: 256 random bits, stored only as their sha256, with an expiry; revoked on logout. Each api process
 * keeps the sessions it looked up for SESSION_CACHE_MS (SessionCache); a revocation drops them at once here and, over
 * the Redis channel `<REDIS_KEY_PREFIX>session:forget`, in every other api process before the revoking call answers.
 */
@Injectable()
export class SessionService implements OnModuleInit, OnModuleDestroy {
  private readonly cache: SessionCache;
  private readonly channel: string;
  private subscriber: Redis | undefined;
  private readonly pending = new Map<string, Promise<SessionUser>>();

  constructor(
    private readonly repo: SessionRepository,
    private readonly queries: SessionQueriesRepository,
    private readonly config: AppConfig,
    private readonly redis: RedisService,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    this.cache = new SessionCache(config.get('SESSION_CACHE_MS'));
    this.channel = `${config.get('REDIS_KEY_PREFIX')}session:forget`;
  }

  async onModuleInit() {
    if (this.config.get('SESSION_CACHE_MS') <= 0) return;
    this.subscriber = this.redis.duplicate();
    logRedisErrors(this.subscriber, this.log, 'session revocations');
    this.subscriber.on('message', (_channel: string, message: string) => {
      try {
        this.drop(JSON.parse(message) as SessionForget);
      } catch {
        this.log.warn({ channel: this.channel }, 'unreadable session revocation message');
      }
    });
    await this.subscriber.subscribe(this.channel);
  }

  async onModuleDestroy() {
    await this.subscriber?.quit().catch(() => undefined);
  }

  /** A new session of the user, created in `db`, the transaction of the sign-in. */
  async create(userId: number, client: { ip: string; userAgent: string }, db: PrismaDb) {
    const token = randomBytes(32).toString('base64url');
    const expDate = new Date(Date.now() + this.config.get('SESSION_TTL_MINUTES') * 60_000);
    await this.repo.create(db, { userId, tokenHash: hashToken(token), expDate, ip: client.ip, userAgent: client.userAgent });
    return { token, expDate };
  }

  /**
   * Resolves a bearer token to its user; 401 when unknown, revoked, expired or the user is disabled. Calls that
   * arrive together for a token not cached share one lookup (a console opening a page sends several at once).
   */
  authenticate(token: string): Promise<SessionUser> {
    const hash = hashToken(token);
    const cached = this.cache.get(hash);
    if (cached) return Promise.resolve(cached);
    const joined = this.pending.get(hash);
    if (joined) return joined;
    const pending: Promise<SessionUser> = this.lookUp(hash).finally(() => {
      if (this.pending.get(hash) === pending) this.pending.delete(hash);
    });
    this.pending.set(hash, pending);
    return pending;
  }

  private async lookUp(hash: string): Promise<SessionUser> {
    const s = await this.queries.byTokenHash(hash);
    if (!s || s.revoked_at || !s.enabled) throw new DomainError(ErrorCode.Unauthenticated);
    if (s.exp_date.getTime() <= Date.now()) throw new DomainError(ErrorCode.SessionExpired);
    const role = s.role_id;
    if (!isRoleId(role)) throw new DomainError(ErrorCode.Unauthenticated);
    const user: SessionUser = {
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
    this.cache.set(hash, user);
    return user;
  }

  async revoke(sessionId: string, db?: PrismaDb) {
    await this.forget({ sessionId });
    await this.repo.revoke(sessionId, db);
  }

  /** Password change, reset and user disable end every session of the user. */
  async revokeAllOf(userId: number, db?: PrismaDb) {
    await this.forget({ userId });
    await this.repo.revokeAllOf(userId, db);
  }

  /**
   * Drops the cached sessions a change names, here and in every other api process (a user's role, scope, name or
   * language changed; a session or the user's sessions revoked). Called before the change commits: the sessions
   * stay out of the caches for a while (FORGET_HOLD_MS), so none keeps the row as it was before the commit. Redis
   * has the message before this returns; were Redis down, the other processes drop them within SESSION_CACHE_MS.
   */
  async forget(f: SessionForget) {
    this.drop(f);
    await this.redis.publish(this.channel, JSON.stringify(f)).catch((e: unknown) => {
      this.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'session revocation not published');
    });
  }

  private drop(f: SessionForget) {
    this.cache.forget(f);
    // a call arriving from now on never joins a lookup that may have read the row before this change
    this.pending.clear();
  }
}
