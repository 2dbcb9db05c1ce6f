import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { AppConfig } from '../core/config.js';
import { LOGGER } from '../core/tokens.js';
import { ImportQueue } from './import-queue.service.js';
import { ImportRunner } from './import-runner.service.js';
import { ImportsRepository } from './imports.repository.js';
import { UploadStore } from './upload-store.js';
import { JOB_OPTIONS, JOB_PAYLOADS, JOB_QUEUE, JobName, QueueName, queueConnection, queuePrefix } from './jobs.js';

const SWEEP_MS = 60_000;

/**
 * The BullMQ side of the worker for the imports queue. Every job name of the queue needs a handler here, or the
 * worker refuses to start. A job whose worker died is taken again once its lock expires (stalled-job check); the
 * sweep re-enqueues imports that Postgres says are open but that have no job (Redis lost, api died mid-upload).
 */
@Injectable()
export class ImportJobsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private readonly handlers: { [N in JobName]: (data: unknown) => Promise<unknown> };

  constructor(
    private readonly config: AppConfig,
    private readonly runner: ImportRunner,
    private readonly queue: ImportQueue,
    private readonly repo: ImportsRepository,
    private readonly store: UploadStore,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    this.handlers = {
      [JobName.ImportRun]: (data) => this.runner.run(JOB_PAYLOADS[JobName.ImportRun].parse(data).importId),
    };
  }

  async onApplicationBootstrap() {
    for (const name of Object.values(JobName)) {
      if (JOB_QUEUE[name] === QueueName.Imports && !this.handlers[name]) throw new Error(`job ${name} has no handler`);
    }
    const lock = this.config.get('IMPORT_LOCK_MS');
    this.worker = new Worker(QueueName.Imports, (job: Job) => this.process(job), {
      connection: queueConnection(this.config),
      prefix: queuePrefix(this.config),
      concurrency: this.config.get('IMPORT_CONCURRENCY'),
      lockDuration: lock,
      stalledInterval: Math.max(500, Math.floor(lock / 2)),
      maxStalledCount: 3,
    });
    this.worker.on('failed', (job, err) => void this.onFailed(job, err));
    this.worker.on('error', (err) => this.log.error({ err }, 'imports worker error'));
    await this.worker.waitUntilReady();
    await this.sweep();
    await this.expireFiles();
    this.sweepTimer = setInterval(() => void this.sweep().then(() => this.expireFiles()), SWEEP_MS);
    this.sweepTimer.unref();
  }

  private async process(job: Job) {
    const handler = this.handlers[job.name as JobName];
    if (!handler) throw new Error(`no handler for job ${job.name}`);
    return handler(job.data);
  }

  /** After the last attempt the import ends FAILED with the reason, so the list does not show it running forever. */
  private async onFailed(job: Job | undefined, err: Error) {
    if (!job || job.name !== JobName.ImportRun) return;
    const attempts = job.opts.attempts ?? JOB_OPTIONS[JobName.ImportRun].attempts ?? 1;
    this.log.warn({ err, importId: job.data?.importId, attempt: job.attemptsMade }, 'import attempt failed');
    // a job that kept killing its worker fails for good too (else the sweep would queue it again and again)
    if (job.attemptsMade >= attempts || /stalled more than allowable limit/.test(err.message)) {
      await this.runner.fail(job.data.importId, new Error(`The import failed: ${err.message}`)).catch((e) => this.log.error({ err: e }, 'marking import failed'));
    }
  }

  /** Re-enqueues open imports without a job. Returns how many it queued. */
  async sweep(): Promise<number> {
    let n = 0;
    try {
      for (const id of await this.repo.open()) {
        if (!(await this.queue.hasJob(id))) {
          await this.queue.enqueue(id);
          n++;
        }
      }
      if (n) this.log.info({ queued: n }, 'import sweep re-enqueued open imports');
    } catch (err) {
      this.log.warn({ err }, 'import sweep failed');
    }
    return n;
  }

  /**
   * Deletes the uploaded files of imports that ended more than UPLOAD_RETENTION_DAYS ago (the import row, its counts
   * and error rows stay; only the report download goes). Files are found through this database's imports only, as
   * several databases may share the folder. Returns how many it deleted.
   */
  async expireFiles(): Promise<number> {
    let n = 0;
    try {
      for (const f of await this.repo.filesEndedBefore(this.config.get('UPLOAD_RETENTION_DAYS'))) {
        await this.repo.clearFile(f.id);
        await this.store.remove(this.store.resolve(f.file_path));
        n++;
      }
      if (n) this.log.info({ deleted: n }, 'import sweep deleted expired upload files');
    } catch (err) {
      this.log.warn({ err }, 'expiring upload files failed');
    }
    return n;
  }

  /** Graceful shutdown: stop taking jobs and wait for the running ones (a killed worker is recovered anyway). */
  async onApplicationShutdown() {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.worker?.close();
  }
}
