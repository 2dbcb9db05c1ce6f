import { Injectable } from '@nestjs/common';
import { SMS_STATUS, type Reason } from '@tracker/contract';
import { JobName, JobQueue, SMS_CHUNK } from '../core/jobs/index.js';
import type { Queryable } from '../core/db.js';
import { SmsOutboxRepository, type StoredSms } from './sms-outbox.repository.js';
import { SmsStatusRepository } from './sms-status.repository.js';
import { SmsStatusService } from './sms-status.service.js';

/** Splits ids into the chunks one send job carries. */
export function chunks(ids: number[], size = SMS_CHUNK): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/**
 * The pipeline's entrance (docs/sms.md): a message is stored first (status 0, in the caller's transaction, with its
 * idempotency key and the day's counter), then, after the commit, queued for the worker in chunks. A message whose
 * enqueue is lost (the api died between commit and enqueue) is found by the worker's sweep.
 */
@Injectable()
export class SmsOutbox {
  constructor(
    private readonly repo: SmsOutboxRepository,
    private readonly jobs: JobQueue,
    private readonly statuses: SmsStatusRepository,
    private readonly status: SmsStatusService,
  ) {}

  store(r: { deviceId: number; commandKey: string; message: string; gsmNumber: string | null; createdBy: number | null }, q: Queryable): Promise<StoredSms> {
    return this.repo.insertOne(r, q);
  }

  storeBulk(r: { bulkId: string | null; deviceIds: number[]; commandKey: string; message: string; createdBy: number | null }, q: Queryable): Promise<number[]> {
    return this.repo.insertBulk(r, q);
  }

  /**
   * Calls off the messages of a command key not yet taken by a worker: each becomes 3 error with `error` (counters and
   * listeners as for any status change), in the caller's transaction; answers their device ids. A message a worker
   * has claimed is on its way and is not called back.
   */
  async cancelUnsent(commandKey: string, error: Reason, q: Queryable): Promise<number[]> {
    const devices: number[] = [];
    for (const m of await this.statuses.lockUnsent(commandKey, q)) {
      await this.status.settle(m, SMS_STATUS.error, q, { error });
      if (m.device_id !== null) devices.push(m.device_id);
    }
    return devices;
  }

  /** Queues stored messages for sending (after their transaction committed). */
  async dispatch(ids: number[]): Promise<void> {
    await this.jobs.enqueueMany(JobName.SmsSend, chunks(ids).map((c) => ({ ids: c, round: 0 })));
  }
}
