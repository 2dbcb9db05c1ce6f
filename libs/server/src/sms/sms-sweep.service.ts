import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig } from '../core/config.js';
import { LOGGER } from '../core/tokens.js';
import { countedRun, JobName, JobQueue, PERIODIC_JOBS, PeriodicJob, PeriodicJobName, QueueName } from '../core/jobs/index.js';
import { SmsDispatchRepository } from './sms-dispatch.repository.js';
import { SmsGateways } from './sms-gateways.js';
import { chunks } from '../commands/command-ledger.service.js';
import { SmsStatusService } from './sms-status.service.js';
import { SmsStatusRepository } from './sms-status.repository.js';
import { commandTransition } from '../commands/command-state.js';
import { commandTtlMinutes } from '@tracker/contract';

export const SMS_SWEEP_MS = PERIODIC_JOBS[PeriodicJobName.SmsSweep].everyMs;
/** Sweep rounds start here, so their job ids never meet the ids of the api's chunks and the retries. */
const SWEEP_ROUND = 10_000;
/** Twilio's final message statuses: only these settle a message the lookup finds (read, for WhatsApp, counts as delivered) */
const FINAL_GATEWAY_STATUSES = new Set(['delivered', 'undelivered', 'failed', 'read']);
/** Sent messages looked up at the gateway per sweep (lost reports are rare; a backlog is worked off over sweeps) */
const POLL_BATCH = 200;
/** Commands expired per transaction */
const EXPIRE_BATCH = 500;

/**
 * Periodic work of the SMS pipeline (worker, periodic job `sms.sweep`, at start and every 10 s): re-enqueues messages a dead
 * worker claimed and never finished (claim older than SMS_CLAIM_LEASE_MS; the next claim reconciles with the gateway
 * first), messages whose enqueue was lost (only while the queue is idle, so a long campaign's waiting chunks are not
 * queued twice), looks up at the gateway the status of sent messages whose final report never came (a callback our
 * api missed is not sent again), closes finished campaigns and folds the counters' deltas into sms_statistic.
 */
@Injectable()
export class SmsSweep {
  constructor(
    private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly repo: SmsDispatchRepository,
    private readonly gateways: SmsGateways,
    private readonly status: SmsStatusService,
    private readonly messages: SmsStatusRepository,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  @PeriodicJob(PeriodicJobName.SmsSweep)
  tick(): Promise<number> {
    return countedRun(this.log, 'sms sweep', async () => {
      // expired first: a command past its time to live is not queued again
      await this.expireDue();
      let n = await this.requeue(await this.repo.staleClaims(this.config.get('SMS_CLAIM_LEASE_MS'), 10_000));
      if ((await this.jobs.pending(QueueName.Sms)) === 0) n += await this.requeue(await this.repo.unqueued(this.config.get('SMS_UNQUEUED_MS'), 10_000));
      await this.pollUnreported();
      await this.repo.finishCampaigns();
      await this.repo.foldStats();
      if (n) this.log.info({ queued: n }, 'sms sweep re-enqueued unfinished messages');
      return n;
    });
  }

  /**
   * Commands past their time to live that no gateway took and no live worker holds end expired (status 4, with their
   * time to live as the reason), one transaction per batch, counters and listeners as for any change: a queued
   * FACTORY_RESET never goes out hours late after a gateway outage (docs/sms.md "Expiry").
   */
  async expireDue(): Promise<number> {
    const lease = this.config.get('SMS_CLAIM_LEASE_MS');
    let expired = 0;
    for (;;) {
      const due = await this.repo.expiredUnsent(lease, EXPIRE_BATCH);
      if (!due.length) break;
      await this.messages.transaction(async (c) => {
        for (const m of await this.messages.lockByIds(due.map((d) => d.id), c)) {
          const claimed = m.claimed_at !== null && Date.parse(m.claimed_at) > Date.now() - lease;
          const change = commandTransition(
            { status: m.status, answered: m.answered_at !== null, claimed, hasSid: m.gateway_message_id !== null },
            { kind: 'expire', ttlMinutes: commandTtlMinutes(m.command_key ?? '') },
          );
          if (!change) continue;
          await this.status.settle(m, change.status, c, { error: change.error });
          expired++;
        }
      });
      if (due.length < EXPIRE_BATCH) break;
    }
    if (expired) this.log.info({ expired }, 'sms sweep: commands past their time to live expired, never sent');
    return expired;
  }

  /**
   * The status of sent messages whose reports were lost, fetched from their gateway and applied as the callback
   * would have been (same ranks, counters and idempotence); a gateway that cannot answer is asked again next time.
   */
  async pollUnreported(): Promise<number> {
    const rows = await this.repo.unreported(this.config.get('SMS_STATUS_POLL_MS'), POLL_BATCH);
    if (!rows.length) return 0;
    const gateways = new Map((await this.gateways.enabled()).map((g) => [g.id, g]));
    let applied = 0;
    const failed: { sms: number; err: string }[] = [];
    for (const m of rows) {
      const gw = m.gateway_id === null ? undefined : gateways.get(m.gateway_id);
      if (!gw) continue;
      try {
        const g = await this.gateways.client(gw).fetch(m.sid);
        if (!g || !FINAL_GATEWAY_STATUSES.has(g.status)) continue;
        await this.status.callback(m.sid, g.status, g.errorCode);
        applied++;
      } catch (err) {
        failed.push({ sms: m.id, err: (err as Error).message });
      }
    }
    if (failed.length) this.log.warn({ failed: failed.length, first: failed[0] }, 'sms status lookups failed; asked again after SMS_STATUS_POLL_MS');
    if (applied) this.log.info({ looked: rows.length, applied }, 'sms sweep applied statuses the gateway had and its callbacks missed');
    return applied;
  }

  private async requeue(rows: { id: number; attempts: number }[]): Promise<number> {
    if (!rows.length) return 0;
    const round = SWEEP_ROUND + Math.max(...rows.map((r) => r.attempts));
    await this.jobs.enqueueMany(JobName.SmsSend, chunks(rows.map((r) => r.id)).map((ids) => ({ ids, round })));
    return rows.length;
  }
}
