import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { AppConfig } from '../config.js';
import { logRedisErrors } from '../redis.js';
import { LOGGER } from '../tokens.js';
import { JOBS, QUEUES, type JobDefinition, type JobName, type JobPayload, type QueueName, queueConnection, queuePrefix } from './registry.js';

/**
 * The producer side of every queue: the api enqueues after writing the job's business row, and worker sweeps
 * re-enqueue what Postgres says is unfinished. Payloads are checked with the job's zod schema; the job id, attempts,
 * backoff and retention come from the registry, so a caller names only the job and its payload.
 */
@Injectable()
export class JobQueue implements OnApplicationShutdown {
  private readonly queues = new Map<QueueName, Queue>();
  constructor(
    private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  private queue(name: QueueName): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: queueConnection(this.config), prefix: queuePrefix(this.config) });
      logRedisErrors(q, this.log, `queue ${name}`);
      this.queues.set(name, q);
    }
    return q;
  }

  /**
   * Enqueues a job; a no-op while a job with the same deterministic id is waiting, delayed or running. `delayMs`
   * holds it back (a retry after a temporary failure).
   */
  async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, delayMs = 0): Promise<void> {
    await this.enqueueMany(name, [payload], delayMs);
  }

  /** Enqueues many jobs of one kind in one round trip (the chunks of a bulk send). */
  async enqueueMany<N extends JobName>(name: N, payloads: JobPayload<N>[], delayMs = 0): Promise<void> {
    if (!payloads.length) return;
    const def = JOBS[name] as JobDefinition;
    const jobs = payloads.map((p) => {
      const data = def.payload.parse(p);
      return { name, data, opts: { ...def.options, jobId: def.id(data), ...(delayMs > 0 ? { delay: delayMs } : {}) } };
    });
    await this.queue(def.queue).addBulk(jobs);
  }

  /** How many jobs of a queue are waiting, delayed or running (the SMS sweep re-enqueues lost messages only when none). */
  async pending(queue: QueueName): Promise<number> {
    const c = await this.queue(queue).getJobCounts('waiting', 'delayed', 'active', 'prioritized', 'waiting-children');
    return Object.values(c).reduce((a, b) => a + b, 0);
  }

  /** Whether Redis holds the job (waiting, delayed, active or retrying). */
  async has<N extends JobName>(name: N, payload: JobPayload<N>): Promise<boolean> {
    const def = JOBS[name] as JobDefinition;
    return !!(await this.queue(def.queue).getJob(def.id(def.payload.parse(payload))));
  }

  /**
   * Enqueues the jobs of `payloads` that Redis does not hold (the sweeps: rows Postgres says are open whose job was
   * lost). Answers how many it queued.
   */
  async enqueueMissing<N extends JobName>(name: N, payloads: JobPayload<N>[]): Promise<number> {
    let n = 0;
    for (const p of payloads) {
      if (await this.has(name, p)) continue;
      await this.enqueue(name, p);
      n++;
    }
    return n;
  }

  /** A queue's job counts by state (metrics, the administrator's jobs page). */
  async counts(queue: QueueName): Promise<Record<string, number>> {
    return this.queue(queue).getJobCounts('waiting', 'active', 'delayed', 'failed', 'prioritized', 'waiting-children');
  }

  /** Every queue answers a read of its counts on its own connection (readiness, core/health). */
  async ping(): Promise<void> {
    await Promise.all((Object.keys(QUEUES) as QueueName[]).map((name) => this.queue(name).getJobCounts('waiting')));
  }

  /** closed in the last phase of shutdown: a request or job finishing meanwhile may still enqueue */
  async onApplicationShutdown() {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}
