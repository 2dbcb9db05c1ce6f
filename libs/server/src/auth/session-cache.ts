import type { SessionUser } from '../access/session-user.js';

/** What a revocation names: one session, or every session of a user (disabled, new role or scope, new password). */
export type SessionForget = { sessionId?: string; userId?: number };

/**
 * How long after a revocation the sessions it names are not cached again: longer than the revoking transaction can
 * stay open, so a lookup that still sees the old row before the commit is never kept.
 */
export const FORGET_HOLD_MS = 30_000;

/**
 * The session lookups of one api process, by token hash, kept `ttlMs` (SESSION_CACHE_MS; 0 turns it off): every api
 * call looked its session up in Postgres, one round trip and one statement per request, more CPU than a prefix search
 * itself (docs/benchmarks.md "Search"). A revocation drops what it names at once (`forget`) and keeps it out of the
 * cache for FORGET_HOLD_MS; other api processes learn it through Redis (SessionService), and whatever changes a
 * session behind the api's back (SQL by hand) takes effect within `ttlMs`. Only valid sessions are kept: an unknown,
 * revoked or expired token is looked up every time.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: SessionUser; until: number }>();
  private readonly heldUsers = new Map<number, number>();
  private readonly heldSessions = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  /** The cached user of a token hash, if fresh and its session not expired by then. */
  get(tokenHash: string, now = Date.now()): SessionUser | undefined {
    const e = this.entries.get(tokenHash);
    if (!e) return undefined;
    if (e.until <= now || e.user.expDate.getTime() <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return e.user;
  }

  set(tokenHash: string, user: SessionUser, now = Date.now()) {
    if (this.ttlMs <= 0 || this.held(user, now)) return;
    // the oldest entry goes first (a Map iterates in insertion order)
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { user, until: now + this.ttlMs });
  }

  /** Drops the sessions a revocation names and keeps them out of the cache for FORGET_HOLD_MS. */
  forget(f: SessionForget, now = Date.now()) {
    if (f.userId !== undefined) this.heldUsers.set(f.userId, now + FORGET_HOLD_MS);
    if (f.sessionId !== undefined) this.heldSessions.set(f.sessionId, now + FORGET_HOLD_MS);
    for (const [hash, e] of this.entries) {
      if (e.user.userId === f.userId || e.user.sessionId === f.sessionId) this.entries.delete(hash);
    }
    for (const held of [this.heldUsers, this.heldSessions] as Map<unknown, number>[]) {
      for (const [k, until] of held) if (until <= now) held.delete(k);
    }
  }

  private held(user: SessionUser, now: number) {
    return (this.heldUsers.get(user.userId) ?? 0) > now || (this.heldSessions.get(user.sessionId) ?? 0) > now;
  }
}
