import { Injectable } from '@nestjs/common';
import { AppConfig } from '../core/config.js';
import { RedisService } from '../core/redis.js';

/**
 * A token bucket per gateway in Redis, shared by every worker process: each send reserves the next slot (tokens may
 * go negative) and waits until it comes, so the gateway sees at most `rate` messages per second plus a burst of a
 * tenth of a second, whatever the number of workers. Redis's clock decides, so workers' clocks need not agree.
 */
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local s = redis.call('HMGET', KEYS[1], 't', 'v')
local last = tonumber(s[1]) or now
local tokens = tonumber(s[2]) or burst
tokens = math.min(burst, tokens + (now - last) * rate / 1000) - 1
redis.call('HSET', KEYS[1], 't', now, 'v', tokens)
redis.call('PEXPIRE', KEYS[1], 60000)
if tokens >= 0 then return 0 end
return math.ceil(-tokens * 1000 / rate)
`;

@Injectable()
export class SmsRateLimiter {
  constructor(
    private readonly redis: RedisService,
    private readonly config: AppConfig,
  ) {}

  /** Milliseconds to wait before sending through the gateway (0: now); the slot is reserved. */
  async reserve(gatewayId: number, ratePerSecond: number): Promise<number> {
    const rate = Math.max(1, ratePerSecond);
    const burst = Math.max(1, Math.ceil(rate / 10));
    const key = `${this.config.get('REDIS_KEY_PREFIX')}sms:rate:${gatewayId}`;
    return Number(await this.redis.eval(RESERVE, 1, key, rate, burst));
  }

  async acquire(gatewayId: number, ratePerSecond: number): Promise<void> {
    const wait = await this.reserve(gatewayId, ratePerSecond);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}
