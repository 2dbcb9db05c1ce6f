import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AppConfig } from './config.js';
import { LOGGER } from './tokens.js';

/** How often a connection that keeps failing (Redis away, each reconnect refused) is logged again. */
export const REDIS_ERROR_LOG_MS = 10_000;

/**
 * Listens for a Redis connection's 'error' events and logs them, the first at once and then at most one per
 * REDIS_ERROR_LOG_MS. ioredis and BullMQ's queues emit 'error' on every failed (re)connect while Redis is away, and
 * keep reconnecting; unheard, each one went to the console as a stack trace ("[ioredis] Unhandled error event", and
 * BullMQ's own console.error), several a second, outside the structured log. Every Redis connection of ours (the
 * shared one, each queue's, the session revocations' subscriber) goes through this.
 */
export function logRedisErrors(emitter: { on(event: 'error', listener: (err: Error) => void): unknown }, log: Logger, connection: string): void {
  let last = -Infinity;
  emitter.on('error', (err) => {
    const now = Date.now();
    if (now - last < REDIS_ERROR_LOG_MS) return;
    last = now;
    log.warn({ err, connection }, 'redis: connection error, reconnecting');
  });
}

/** One shared Redis connection for counters (throttling). Queues open their own connections. */
@Injectable()
export class RedisService extends Redis implements OnApplicationShutdown {
  constructor(config: AppConfig, @Inject(LOGGER) log: Logger) {
    super(config.get('REDIS_URL'), { maxRetriesPerRequest: 2, lazyConnect: false });
    logRedisErrors(this, log, 'shared');
  }
  /** closed in the last phase of shutdown, after in-flight requests and running jobs (as PgPool) */
  async onApplicationShutdown() {
    await this.quit().catch(() => undefined);
  }
}
