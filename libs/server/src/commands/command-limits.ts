import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CONFIRMATION_TTL_MINUTES, ErrorCode, fieldError, type ConfirmedAction } from '@tracker/contract';
import { AppConfig } from '../core/config.js';
import { DomainError } from '../core/errors.js';
import { RedisService } from '../core/redis.js';

/**
 * Takes one send from a user's quota, atomically: both windows counted, or neither when one is full.
 * KEYS: 1 the minute's counter, 2 the day's counter. ARGV: 1 per minute, 2 per day.
 * Answers {0, 0} when taken, {1, seconds} when the minute is full, {2, seconds} when the day is.
 */
const QUOTA_SCRIPT = `
local m = tonumber(redis.call('GET', KEYS[1]) or '0')
if m >= tonumber(ARGV[1]) then return {1, math.max(redis.call('TTL', KEYS[1]), 1)} end
local d = tonumber(redis.call('GET', KEYS[2]) or '0')
if d >= tonumber(ARGV[2]) then return {2, math.max(redis.call('TTL', KEYS[2]), 1)} end
redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], 60, 'NX')
redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], 86400, 'NX')
return {0, 0}
`;

/**
 * A user's sends (docs/sms.md "Quotas"): every call that stores commands counts one, whatever its number of devices
 * (a campaign's size is what its confirmation is for). COMMAND_QUOTA_PER_MINUTE in a minute from the first send of
 * that minute, COMMAND_QUOTA_PER_DAY in a day; beyond: 429 with Retry-After and the field error saying when.
 */
@Injectable()
export class CommandQuota {
  constructor(
    private readonly redis: RedisService,
    private readonly config: AppConfig,
  ) {}

  async take(userId: number): Promise<void> {
    const p = `${this.config.get('REDIS_KEY_PREFIX')}cmdq:${userId}:`;
    const perMinute = this.config.get('COMMAND_QUOTA_PER_MINUTE');
    const perDay = this.config.get('COMMAND_QUOTA_PER_DAY');
    const [which, seconds] = (await this.redis.eval(QUOTA_SCRIPT, 2, `${p}m`, `${p}d`, perMinute, perDay)) as [number, number];
    if (which === 0) return;
    const limit = which === 1 ? perMinute : perDay;
    throw new DomainError(ErrorCode.Throttled, [fieldError('command', which === 1 ? 'smsQuotaMinute' : 'smsQuotaDay', { limit, seconds })], {
      'Retry-After': String(seconds),
    });
  }
}

/** A request's fingerprint: what it asks, without its token, keys sorted (the same request gives the same one). */
export function fingerprint(params: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([k, x]) => k !== 'confirm_token' && x !== undefined).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, x]) => [k, canonical(x)]))
        : v;
  return createHash('sha256').update(JSON.stringify(canonical(params))).digest('hex');
}

/**
 * Confirmation tokens of fleet-wide and destructive sends (docs/sms.md "Confirmations"): the first call gets a
 * token bound to the user, the action and the request's fingerprint, kept in Redis for CONFIRMATION_TTL_MINUTES;
 * the call that brings it back with the same request redeems it, once.
 */
@Injectable()
export class Confirmations {
  constructor(
    private readonly redis: RedisService,
    private readonly config: AppConfig,
  ) {}

  private key(token: string) {
    return `${this.config.get('REDIS_KEY_PREFIX')}confirm:${token}`;
  }

  async issue(userId: number, action: ConfirmedAction, params: unknown): Promise<{ token: string; expiresAt: string }> {
    const token = randomBytes(24).toString('base64url');
    const ttl = CONFIRMATION_TTL_MINUTES * 60;
    await this.redis.set(this.key(token), JSON.stringify({ userId, action, fp: fingerprint(params) }), 'EX', ttl);
    return { token, expiresAt: new Date(Date.now() + ttl * 1000).toISOString() };
  }

  /** Takes the token (once): 400 on the field when it is unknown, used, expired, another user's or another request's. */
  async redeem(userId: number, action: ConfirmedAction, params: unknown, token: string, field = 'confirm_token'): Promise<void> {
    const raw = await this.redis.getdel(this.key(token));
    const t = raw ? (JSON.parse(raw) as { userId: number; action: string; fp: string }) : null;
    if (!t || t.userId !== userId) throw new DomainError(ErrorCode.ValidationFailed, [fieldError(field, 'smsConfirmationInvalid')]);
    if (t.action !== action || t.fp !== fingerprint(params)) {
      throw new DomainError(ErrorCode.ValidationFailed, [fieldError(field, 'smsConfirmationMismatch')]);
    }
  }
}
