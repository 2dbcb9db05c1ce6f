import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { EXPORT_HASH_TTL_SECONDS, type DeviceDayQuery, type DeviceExportKind } from '@tracker/contract';
import { ExportStore, type ExportTicket } from '../core/exports/index.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceScopeService } from './device-scope.service.js';
import { DeviceExportRepository, type ExportParams } from './device-export.repository.js';

const EXPORT_KIND = 'device';

/** Device exports (§4 Exports): GET /csv/generate gives a hash; each download streams one day from a pg cursor. */
@Injectable()
export class DeviceExportService {
  constructor(
    private readonly repo: DeviceExportRepository,
    private readonly store: ExportStore,
    private readonly scope: DeviceScopeService,
  ) {}

  async generate(s: SessionUser, q: DeviceDayQuery): Promise<ExportTicket> {
    await this.scope.device(s, q.device_id);
    // the downloads stream after their headers are sent: a zone PostgreSQL does not know must fail here, as a 400
    await this.repo.checkTimeZone(q.tz);
    const params: ExportParams = { deviceId: q.device_id, date: q.date, tz: q.tz };
    return this.store.create(s.userId, EXPORT_KIND, params, EXPORT_HASH_TTL_SECONDS);
  }

  /** The parameters behind a hash: 404 when expired, unknown or made by another user; scope checked again. */
  async resolve(s: SessionUser, hash: string): Promise<ExportParams> {
    const p = await this.store.resolve<ExportParams>(s.userId, EXPORT_KIND, hash);
    await this.scope.device(s, p.deviceId);
    return p;
  }

  fileName(kind: DeviceExportKind, p: ExportParams): string {
    return `${kind}_${p.deviceId}_${p.date}.csv`;
  }

  /** Streams the rows through the CSV writer into `out`: constant memory whatever the row count. */
  stream(kind: DeviceExportKind, p: ExportParams, out: Writable): Promise<void> {
    return this.repo.stream(kind, p, out);
  }
}
