import { Injectable } from '@nestjs/common';
import { AppConfig } from '../core/config.js';
import { RedisService } from '../core/redis.js';

/**
 * A token bucket per gateway in Redis, shared by every worker process: a send reserves its slot (tokens may go
 * negative) and waits until it comes, so the gateway sees at most `rate` messages per second plus a burst of a tenth
 * of a second, whatever the number of workers. A batch reserves its n slots in one call (one round trip for n sends).
 * Redis's clock decides, so workers' clocks need not agree. Answers the tokens there were before the reservation.
 */
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local n = tonumber(ARGV[3])
local s = redis.call('HMGET', KEYS[1], 't', 'v')
local last = tonumber(s[1]) or now
local tokens = tonumber(s[2]) or burst
tokens = math.min(burst, tokens + (now - last) * rate / 1000)
redis.call('HSET', KEYS[1], 't', now, 'v', tokens - n)
redis.call('PEXPIRE', KEYS[1], 60000)
return tostring(tokens)
`;

/** The wait (ms from now) of each of `n` slots taken from a bucket that held `tokens`: slot i needs i + 1 tokens. */
export function slotWaits(tokens: number, n: number, rate: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.max(0, Math.ceil(((i + 1 - tokens) * 1000) / rate)));
}

@Injectable()
export class SmsRateLimiter {
  constructor(
    private readonly redis: RedisService,
    private readonly config: AppConfig,
  ) {}

  /** Reserves `n` consecutive slots of the gateway's rate: the milliseconds from now to each (0: now). */
  async reserve(gatewayId: number, ratePerSecond: number, n = 1): Promise<number[]> {
    if (n <= 0) return [];
    const rate = Math.max(1, ratePerSecond);
    const burst = Math.max(1, Math.ceil(rate / 10));
    const key = `${this.config.get('REDIS_KEY_PREFIX')}sms:rate:${gatewayId}`;
    return slotWaits(Number(await this.redis.eval(RESERVE, 1, key, rate, burst, n)), n, rate);
  }
}
