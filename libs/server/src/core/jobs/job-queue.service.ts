import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import { AppConfig } from '../config.js';
import { JOBS, type JobName, type JobPayload, type QueueName, queueConnection, queuePrefix } from './registry.js';

/**
 * The producer side of every queue: the api enqueues after writing the job's business row, and worker sweeps
 * re-enqueue what Postgres says is unfinished. Payloads are checked with the job's zod schema; the job id, attempts,
 * backoff and retention come from the registry, so a caller names only the job and its payload.
 */
@Injectable()
export class JobQueue implements OnModuleDestroy {
  private readonly queues = new Map<QueueName, Queue>();
  constructor(private readonly config: AppConfig) {}

  private queue(name: QueueName): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: queueConnection(this.config), prefix: queuePrefix(this.config) });
      this.queues.set(name, q);
    }
    return q;
  }

  /** Enqueues a job; a no-op while a job with the same deterministic id is waiting, delayed or running. */
  async enqueue<N extends JobName>(name: N, payload: JobPayload<N>): Promise<void> {
    const def = JOBS[name];
    const data = def.payload.parse(payload) as JobPayload<N>;
    await this.queue(def.queue).add(name, data, { ...def.options, jobId: def.id(data) });
  }

  /** Whether Redis holds the job (waiting, delayed, active or retrying). */
  async has<N extends JobName>(name: N, payload: JobPayload<N>): Promise<boolean> {
    const def = JOBS[name];
    return !!(await this.queue(def.queue).getJob(def.id(def.payload.parse(payload) as JobPayload<N>)));
  }

  async onModuleDestroy() {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}
