import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { JobFailure } from '@tracker/contract';
import { AppConfig } from '../config.js';
import { RedisService } from '../redis.js';
import { JOBS, type JobRegistry } from './registry.js';

/** How many final failures the jobs page keeps (newest first). */
export const JOB_FAILURES_KEPT = 200;

type Stored = Omit<JobFailure, 'retryable'>;

/**
 * The recent final failures of jobs, for the administrator's jobs page (docs/operations.md "Jobs page"): a capped
 * Redis list under REDIS_KEY_PREFIX. BullMQ keeps no failed job (every job is `removeOnFail`: a kept one would block
 * its deterministic id from being enqueued again by a sweep), so the worker writes each final failure here. Postgres
 * keeps each feature's own outcome (an import FAILED, a message's error); this list is what the engineer looks at.
 */
@Injectable()
export class JobFailures {
  constructor(
    private readonly redis: RedisService,
    private readonly config: AppConfig,
  ) {}

  private get key() {
    return `${this.config.get('REDIS_KEY_PREFIX')}jobs:failures`;
  }

  /** Lists a final failure (newest first, the oldest beyond JOB_FAILURES_KEPT dropped); answers its id. */
  async add(f: Omit<Stored, 'id'>): Promise<string> {
    const entry: Stored = { id: randomUUID(), ...f };
    await this.redis.multi().lpush(this.key, JSON.stringify(entry)).ltrim(this.key, 0, JOB_FAILURES_KEPT - 1).exec();
    return entry.id;
  }

  async list(registry: JobRegistry = JOBS): Promise<JobFailure[]> {
    const raw = await this.redis.lrange(this.key, 0, -1);
    return raw.map((r) => {
      const f = JSON.parse(r) as Stored;
      return { ...f, retryable: registry[f.job]?.retryable ?? false };
    });
  }

  /** Takes a failure off the list (a retry); false when it is not there (retried already). */
  async remove(id: string): Promise<Stored | null> {
    for (const r of await this.redis.lrange(this.key, 0, -1)) {
      const f = JSON.parse(r) as Stored;
      if (f.id !== id) continue;
      return (await this.redis.lrem(this.key, 1, r)) > 0 ? f : null;
    }
    return null;
  }
}
