import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../core/tokens.js';
import { countedRun, JobHandler, JobName, JobQueue, PERIODIC_JOBS, PeriodicJob, PeriodicJobName, type JobPayload } from '../core/jobs/index.js';
import { FirmwareRollout } from './firmware-rollout.service.js';

/** How often running requests are looked at: a wave that is over moves on within about this. */
export const FIRMWARE_TICK_MS = PERIODIC_JOBS[PeriodicJobName.FirmwareTick].everyMs;

/**
 * The rollouts' job and tick (worker). The job takes one step of a request (`FirmwareRollout.advance`); the tick
 * (periodic job `firmware.tick`, at start and every second) enqueues that
 * step for every request Postgres says is running (deterministic job id: one at a time per request) and times out
 * the devices of ended requests. All state is in Postgres, so a restarted worker picks up where the last one was.
 */
@Injectable()
export class FirmwareJobs {
  private ticking = false;

  constructor(
    private readonly rollout: FirmwareRollout,
    private readonly jobs: JobQueue,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  @JobHandler(JobName.FirmwareAdvance)
  advance({ requestId }: JobPayload<typeof JobName.FirmwareAdvance>) {
    return this.rollout.advance(requestId);
  }

  /** Enqueues a step of every running request; answers how many. */
  @PeriodicJob(PeriodicJobName.FirmwareTick)
  async tick(): Promise<number> {
    if (this.ticking) return 0;
    this.ticking = true;
    try {
      return await countedRun(this.log, 'firmware tick', async () => {
        const ids = await this.rollout.running();
        if (ids.length) await this.jobs.enqueueMany(JobName.FirmwareAdvance, ids.map((requestId) => ({ requestId })));
        await this.rollout.timeOutEnded();
        return ids.length;
      });
    } finally {
      this.ticking = false;
    }
  }
}
