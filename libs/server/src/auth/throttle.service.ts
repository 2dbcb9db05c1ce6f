import { isIPv6 } from 'node:net';
import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@tracker/contract';
import { AppConfig } from '../core/config.js';
import { DomainError } from '../core/errors.js';
import { RedisService } from '../core/redis.js';

/**
 * Takes one attempt, atomically (one Lua script, so parallel attempts cannot all pass a limit):
 * refuses it (returning the seconds to wait) or counts it as a failure up front (returning 0). The caller takes
 * the count back when the attempt turns out right (REFUND_SCRIPT).
 *
 * KEYS: 1 pair counter (account + address), 2 account counter (all addresses), 3 account delay marker,
 *       4 address hash (account -> failures), 5 known-pair marker
 * ARGV: 1 account name, 2 pair max, 3 account max, 4 first delay s, 5 address max (distinct accounts), 6 window s
 */
const ATTEMPT_SCRIPT = `
local known = redis.call('EXISTS', KEYS[5]) == 1
local pair = tonumber(redis.call('GET', KEYS[1]) or '0')
if pair >= tonumber(ARGV[2]) then return math.max(redis.call('TTL', KEYS[1]), 1) end
if not known then
  local wait = redis.call('PTTL', KEYS[3])
  if wait > 0 then return math.ceil(wait / 1000) end
  if redis.call('HEXISTS', KEYS[4], ARGV[1]) == 0 and redis.call('HLEN', KEYS[4]) >= tonumber(ARGV[5]) then
    return math.max(redis.call('TTL', KEYS[4]), 1)
  end
end
local window = tonumber(ARGV[6])
redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], window, 'NX')
local acct = redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], window, 'NX')
redis.call('HINCRBY', KEYS[4], ARGV[1], 1)
redis.call('EXPIRE', KEYS[4], window, 'NX')
local over = acct - tonumber(ARGV[3])
if over > 0 then
  local delay = math.min(tonumber(ARGV[4]) * 2 ^ math.min(over - 1, 30), window)
  redis.call('SET', KEYS[3], '1', 'EX', math.floor(delay))
end
return 0
`;

/** Takes back the up-front count of an attempt that was right. KEYS as above (1, 2, 4); ARGV: 1 account name. */
const REFUND_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
if tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then redis.call('DECR', KEYS[2]) end
if redis.call('HINCRBY', KEYS[3], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[3], ARGV[1]) end
return 0
`;

/**
 * Sign-in throttle (docs/access.md "Sign-in throttle"): strict per account + address, a growing delay per account
 * across addresses that one address alone cannot trigger, a per-address limit on distinct accounts (spraying),
 * and a full sign-in clears its own pair and makes the pair known (known pairs skip the delay and the address
 * limit, so an attacker cannot lock a user out of the places they sign in from).
 */
/**
 * The address the throttle counts by: an IPv4 address as it is (also when written IPv4-mapped, `::ffff:1.2.3.4`), an
 * IPv6 address by its /64 network, since one host usually holds a whole /64 and could take a fresh address for every
 * attempt.
 */
export function throttleAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  // an embedded IPv4 tail (64:ff9b::1.2.3.4) stands for two groups
  const width = (gs: string[]) => gs.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * The account an attempt counts against: the user's id when the typed name is a user's (usernames are unique without
 * case, so `admin` and `ADMIN` are one user and one count, and a renamed user keeps its count), else the typed name
 * without case and surrounding spaces (attempts on names that are nobody's are still counted, for the address limit).
 */
export function throttleAccount(user: { id: number } | null, typed: string): string {
  return user ? `id:${user.id}` : `name:${typed.trim().toLowerCase()}`;
}

@Injectable()
export class ThrottleService {
  constructor(
    private readonly redis: RedisService,
    private readonly config: AppConfig,
  ) {}

  private keys(account: string, ip: string) {
    const p = `${this.config.get('REDIS_KEY_PREFIX')}thr:`;
    // the account is `throttleAccount`'s key (the user's id); the address is as Express resolved it
    const acct = encodeURIComponent(account);
    const addr = encodeURIComponent(throttleAddress(ip));
    return {
      acct,
      pair: `${p}pair:${acct}:${addr}`,
      account: `${p}acct:${acct}`,
      delay: `${p}delay:${acct}`,
      // a hash of the accounts that failed from the address (`ipacct`: the string counter of older versions was `ip`)
      ip: `${p}ipacct:${addr}`,
      known: `${p}known:${acct}:${addr}`,
    };
  }

  /**
   * Counts the attempt as a failure before anything is checked, or answers 429 with Retry-After when a limit is
   * reached. Call `refund` when the attempt turns out right, `succeeded` after a full sign-in.
   */
  async attempt(account: string, ip: string): Promise<void> {
    const k = this.keys(account, ip);
    const wait = Number(
      await this.redis.eval(
        ATTEMPT_SCRIPT,
        5,
        k.pair,
        k.account,
        k.delay,
        k.ip,
        k.known,
        k.acct,
        this.config.get('THROTTLE_PAIR_MAX'),
        this.config.get('THROTTLE_ACCOUNT_MAX'),
        this.config.get('THROTTLE_ACCOUNT_DELAY_SECONDS'),
        this.config.get('THROTTLE_IP_MAX'),
        this.config.get('THROTTLE_WINDOW_SECONDS'),
      ),
    );
    if (wait > 0) throw new DomainError(ErrorCode.Throttled, undefined, { 'Retry-After': String(wait) });
  }

  /** The attempt counted by `attempt` was right (e.g. the password step of a sign-in): take its count back. */
  async refund(account: string, ip: string): Promise<void> {
    const k = this.keys(account, ip);
    await this.redis.eval(REFUND_SCRIPT, 3, k.pair, k.account, k.ip, k.acct);
  }

  /** A full sign-in (password and code): clears its own pair, takes its attempt back, marks the pair known. */
  async succeeded(account: string, ip: string): Promise<void> {
    const k = this.keys(account, ip);
    await this.refund(account, ip);
    await this.redis
      .multi()
      .del(k.pair)
      .hdel(k.ip, k.acct)
      .set(k.known, '1', 'EX', this.config.get('THROTTLE_KNOWN_DAYS') * 86_400)
      .exec();
  }
}
