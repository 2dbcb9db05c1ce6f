import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { AppConfig } from '../core/config.js';
import { LOGGER } from '../core/tokens.js';
import { JobName, JobQueue, QueueName } from '../core/jobs/index.js';
import { SmsDispatchRepository } from './sms-dispatch.repository.js';
import { chunks } from './sms-outbox.service.js';

export const SMS_SWEEP_MS = 10_000;
/** A stored message unclaimed for this long while the queue is empty has lost its job (api died before enqueueing). */
const UNQUEUED_MS = 120_000;
/** Sweep rounds start here, so their job ids never meet the ids of the api's chunks and the retries. */
const SWEEP_ROUND = 10_000;

/**
 * Periodic work of the SMS pipeline (worker, @nestjs/schedule, at start and every 10 s): re-enqueues messages a dead
 * worker claimed and never finished (claim older than SMS_CLAIM_LEASE_MS; the next claim reconciles with the gateway
 * first), messages whose enqueue was lost (only while the queue is idle, so a long campaign's waiting chunks are not
 * queued twice), and closes finished campaigns.
 */
@Injectable()
export class SmsSweep implements OnApplicationBootstrap {
  constructor(
    private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly repo: SmsDispatchRepository,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async onApplicationBootstrap() {
    await this.tick();
  }

  @Interval(SMS_SWEEP_MS)
  async tick(): Promise<number> {
    try {
      let n = await this.requeue(await this.repo.staleClaims(this.config.get('SMS_CLAIM_LEASE_MS'), 10_000));
      if ((await this.jobs.pending(QueueName.Sms)) === 0) n += await this.requeue(await this.repo.unqueued(UNQUEUED_MS, 10_000));
      await this.repo.finishCampaigns();
      if (n) this.log.info({ queued: n }, 'sms sweep re-enqueued unfinished messages');
      return n;
    } catch (err) {
      this.log.warn({ err }, 'sms sweep failed');
      return 0;
    }
  }

  private async requeue(rows: { id: number; attempts: number }[]): Promise<number> {
    if (!rows.length) return 0;
    const round = SWEEP_ROUND + Math.max(...rows.map((r) => r.attempts));
    await this.jobs.enqueueMany(JobName.SmsSend, chunks(rows.map((r) => r.id)).map((ids) => ({ ids, round })));
    return rows.length;
  }
}
