import { Injectable } from '@nestjs/common';
import { JobName, JobQueue, SMS_CHUNK } from '../core/jobs/index.js';
import type { Queryable } from '../core/db.js';
import { SmsOutboxRepository, type StoredSms } from './sms-outbox.repository.js';

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
  ) {}

  store(r: { deviceId: number; commandKey: string; message: string; gsmNumber: string | null; createdBy: number | null }, q: Queryable): Promise<StoredSms> {
    return this.repo.insertOne(r, q);
  }

  storeBulk(r: { bulkId: string; deviceIds: number[]; commandKey: string; message: string; createdBy: number }, q: Queryable): Promise<number[]> {
    return this.repo.insertBulk(r, q);
  }

  /** Queues stored messages for sending (after their transaction committed). */
  async dispatch(ids: number[]): Promise<void> {
    await this.jobs.enqueueMany(JobName.SmsSend, chunks(ids).map((c) => ({ ids: c, round: 0 })));
  }
}
