import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  EXPORT_HASH_TTL_SECONDS,
  reasonText,
  storedReason,
  type FirmwareDeviceItem,
  type FirmwareDeviceState,
  type FirmwareDevicesCsvQuery,
  type FirmwareDevicesPage,
  type FirmwareDevicesQuery,
  type FirmwareOutcome,
} from '@tracker/contract';
import { DomainError } from '../core/errors.js';
import { ExportStore, type ExportTicket } from '../core/exports/index.js';
import type { SessionUser } from '../access/session-user.js';
import { FirmwareOutcomesRepository, type FirmwareOutcomeRow } from './firmware-outcomes.repository.js';

/** What a request's CSV hash stands for. */
export type FirmwareExportParams = { request_id: number; state: FirmwareDeviceState };
const EXPORT_KIND = 'firmware_devices';

const item = ({ error_code, error_params, outcome, ...r }: FirmwareOutcomeRow): FirmwareDeviceItem => {
  const why = error_code ? storedReason(error_code, error_params) : null;
  return {
    ...r,
    outcome: outcome as FirmwareOutcome,
    error: why ? { code: why.code, params: why.params ?? {}, message: reasonText(why.code, why.params) } : null,
  };
};

/** A firmware request's outcome per device (docs/firmware-modem.md "Outcomes"): the list and its CSV. */
@Injectable()
export class FirmwareOutcomesService {
  constructor(
    private readonly repo: FirmwareOutcomesRepository,
    private readonly store: ExportStore,
  ) {}

  private async request(id: number): Promise<void> {
    if (!(await this.repo.requestExists(id))) throw new DomainError(ErrorCode.NotFound);
  }

  async devices(q: FirmwareDevicesQuery): Promise<FirmwareDevicesPage> {
    await this.request(q.request_id);
    const { rows, total } = await this.repo.page(q.request_id, q.state, q.count, q.page * q.count);
    return { items: rows.map(item), total_pages: Math.ceil(total / q.count), more: false, page: q.page, total };
  }

  async generate(s: SessionUser, q: FirmwareDevicesCsvQuery): Promise<ExportTicket> {
    await this.request(q.request_id);
    return this.store.create(s.userId, EXPORT_KIND, { request_id: q.request_id, state: q.state } satisfies FirmwareExportParams, EXPORT_HASH_TTL_SECONDS);
  }

  async resolve(s: SessionUser, hash: string): Promise<FirmwareExportParams & { name: string }> {
    const p = await this.store.resolve<FirmwareExportParams>(s.userId, EXPORT_KIND, hash);
    return { ...p, name: `firmware_request_${p.request_id}_${p.state}.csv` };
  }

  stream(p: FirmwareExportParams, out: Writable): Promise<void> {
    return this.repo.stream(p.request_id, p.state, out);
  }
}
