import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { AppConfig } from './config.js';

/** One shared Redis connection for counters (throttling). Queues open their own connections. */
@Injectable()
export class RedisService extends Redis implements OnModuleDestroy {
  constructor(config: AppConfig) {
    super(config.get('REDIS_URL'), { maxRetriesPerRequest: 2, lazyConnect: false });
  }
  async onModuleDestroy() {
    await this.quit().catch(() => undefined);
  }
}
