import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import { AppConfig } from '../core/config.js';
import { importJobId, JOB_OPTIONS, JOB_PAYLOADS, JobName, QueueName, queueConnection, queuePrefix } from './jobs.js';

/** Producer side of the imports queue: the api enqueues, the worker's sweep re-enqueues what Postgres says is open. */
@Injectable()
export class ImportQueue implements OnModuleDestroy {
  private queue: Queue | null = null;
  constructor(private readonly config: AppConfig) {}

  private get q(): Queue {
    this.queue ??= new Queue(QueueName.Imports, { connection: queueConnection(this.config), prefix: queuePrefix(this.config) });
    return this.queue;
  }

  /** Enqueues the run of an import; a no-op while a job for it is waiting or running (same job id). */
  async enqueue(importId: number): Promise<void> {
    const data = JOB_PAYLOADS[JobName.ImportRun].parse({ importId });
    await this.q.add(JobName.ImportRun, data, { ...JOB_OPTIONS[JobName.ImportRun], jobId: importJobId(importId) });
  }

  /** Whether Redis holds a job for the import (waiting, delayed, active or retrying). */
  async hasJob(importId: number): Promise<boolean> {
    const job = await this.q.getJob(importJobId(importId));
    return !!job;
  }

  async onModuleDestroy() {
    await this.queue?.close();
  }
}
