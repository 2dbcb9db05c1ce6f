import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  EXPORT_HASH_TTL_SECONDS,
  PAGE_SIZE,
  type ActiveDevicesBody,
  type ActiveDevicesQuery,
  type ActiveDevicesResponse,
} from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import { DomainError } from '../core/errors.js';
import { ExportStore, RANGE_EXPORT_KIND, type ExportTicket, type RangeExportParams } from '../core/exports/index.js';
import { JobName, JobQueue } from '../core/jobs/index.js';
import type { SessionUser } from '../access/session-user.js';
import { ReportsRepository, type ReportRunRow } from './reports.repository.js';

const EXPORT_KIND = 'active_devices';
type ExportParams = { id: number };

/** §4 active devices report: POST starts it in the worker, GET is polled until its items are there, CSV by hash. */
@Injectable()
export class ReportsService {
  constructor(
    private readonly repo: ReportsRepository,
    private readonly audit: AuditService,
    private readonly jobs: JobQueue,
    private readonly store: ExportStore,
  ) {}

  async start(s: SessionUser, b: ActiveDevicesBody): Promise<Omit<ReportRunRow, 'total'>> {
    const run = await this.repo.create(s.userId, b.from, b.to, this.audit);
    // after the commit: the job re-reads the run (a lost enqueue leaves it QUEUED: the worker's ReportSweep enqueues it)
    await this.jobs.enqueue(JobName.ReportActiveDevices, { runId: run.id });
    return { id: run.id, status: run.status, from: run.from, to: run.to };
  }

  private async own(s: SessionUser, id: number): Promise<ReportRunRow> {
    const run = await this.repo.run(id, s.userId);
    if (!run) throw new DomainError(ErrorCode.NotFound);
    return run;
  }

  async get(s: SessionUser, q: ActiveDevicesQuery): Promise<ActiveDevicesResponse['model']> {
    const run = await this.own(s, q.id);
    const size = PAGE_SIZE.activeDevicesReport;
    const done = run.status === 'DONE';
    const items = done ? await this.repo.page(run.id, size, q.page * size) : null;
    const total = done ? (run.total ?? 0) : null;
    return { id: run.id, status: run.status, from: run.from, to: run.to, items, total, total_pages: Math.ceil((total ?? 0) / size), page: q.page };
  }

  async generateCsv(s: SessionUser, id: number): Promise<ExportTicket> {
    const run = await this.own(s, id);
    if (run.status !== 'DONE') throw new DomainError(ErrorCode.NotFound);
    return this.store.create(s.userId, EXPORT_KIND, { id: run.id } satisfies ExportParams, EXPORT_HASH_TTL_SECONDS);
  }

  /**
   * The run a hash stands for: only its owner's, before it expires (404 otherwise). A run's own hash
   * (/csv/generate/active_devices?id), or §7's range ticket (/csv/generate?from&to, without a query): the caller's
   * newest DONE report of exactly that range (404 when there is none).
   */
  async resolve(s: SessionUser, hash: string): Promise<ExportParams & { name: string }> {
    const t = await this.store.resolveAny<ExportParams | RangeExportParams>(s.userId, [EXPORT_KIND, RANGE_EXPORT_KIND], hash);
    let run: ReportRunRow | null;
    if (t.kind === EXPORT_KIND) run = await this.own(s, (t.params as ExportParams).id);
    else {
      const range = t.params as RangeExportParams;
      run = range.query === null ? await this.repo.latestDone(s.userId, range.from, range.to) : null;
      if (!run) throw new DomainError(ErrorCode.ExportNotFound);
    }
    return { id: run.id, name: `active_devices_${run.from}_${run.to}.csv` };
  }

  stream(id: number, out: Writable): Promise<void> {
    return this.repo.stream(id, out);
  }
}
