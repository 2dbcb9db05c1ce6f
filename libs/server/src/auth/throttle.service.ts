import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@tracker/contract';
import { AppConfig } from '../core/config.js';
import { DomainError } from '../core/errors.js';
import { RedisService } from '../core/redis.js';

/**
 * Counts failed sign-in attempts (password or code) per account and per client IP in fixed windows.
 * Over the limit, attempts are refused with 429 before any password is checked.
 */
@Injectable()
export class ThrottleService {
  constructor(
    private readonly redis: RedisService,
    private readonly config: AppConfig,
  ) {}

  private keys(username: string, ip: string) {
    const p = this.config.get('REDIS_KEY_PREFIX');
    return { account: `${p}thr:acct:${username.toLowerCase()}`, ip: `${p}thr:ip:${ip}` };
  }

  async assertAllowed(username: string, ip: string): Promise<void> {
    const k = this.keys(username, ip);
    const [acct, byIp] = await this.redis.mget(k.account, k.ip);
    const over =
      Number(acct ?? 0) >= this.config.get('THROTTLE_ACCOUNT_MAX') ||
      Number(byIp ?? 0) >= this.config.get('THROTTLE_IP_MAX');
    if (over) {
      const ttl = Math.max(await this.redis.ttl(k.account), await this.redis.ttl(k.ip), 1);
      throw new DomainError(ErrorCode.Throttled, undefined, { 'Retry-After': String(ttl) });
    }
  }

  async recordFailure(username: string, ip: string): Promise<void> {
    const k = this.keys(username, ip);
    const window = this.config.get('THROTTLE_WINDOW_SECONDS');
    await this.redis
      .multi()
      .incr(k.account)
      .expire(k.account, window, 'NX')
      .incr(k.ip)
      .expire(k.ip, window, 'NX')
      .exec();
  }

  async reset(username: string): Promise<void> {
    await this.redis.del(this.keys(username, '').account);
  }
}
