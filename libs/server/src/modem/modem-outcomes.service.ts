import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import {
  EXPORT_HASH_TTL_SECONDS,
  reasonText,
  storedReason,
  type ModemDeviceItem,
  type ModemDeviceState,
  type ModemDevicesCsvQuery,
  type ModemDevicesPage,
  type ModemDevicesQuery,
  type ModemOutcome,
} from '@tracker/contract';
import { ExportStore, type ExportTicket } from '../core/exports/index.js';
import type { SessionUser } from '../access/session-user.js';
import { toProcess } from './modem.repository.js';
import { ModemOutcomesRepository, type ModemOutcomeRow } from './modem-outcomes.repository.js';

/** What a modem outcomes CSV hash stands for. */
export type ModemOutcomesExportParams = { state: ModemDeviceState };
const EXPORT_KIND = 'modem_devices';

function item(r: ModemOutcomeRow): ModemDeviceItem {
  if (r.src === 0) {
    const p = toProcess({
      modem_id: r.modem_id!,
      device_id: r.device_id!,
      imei: r.imei,
      profile: r.profile!,
      status: r.status!,
      task_id: r.task_id!,
      task_count: r.task_count!,
      errors: r.errors!,
      error_code: r.error_code ?? null,
      error_params: r.error_params ?? null,
      started: r.started!,
      step_started_at: r.step_started_at!,
      deadline_at: r.deadline_at!,
      finished_at: r.finished_at ?? null,
      retry_at: r.retry_at ?? null,
    });
    return { imei: r.imei, device_id: r.device_id, outcome: p.status.toLowerCase() as ModemOutcome, process: p, reason: p.error, at: p.finished_at ?? p.step_started_at };
  }
  const why = storedReason(r.reason_code ?? 'text', r.reason_params);
  return { imei: r.imei, device_id: r.device_id, outcome: 'refused', process: null, reason: { ...why, text: reasonText(why.code, why.params) }, at: r.refused_at! };
}

/** The modem updates' outcome per device (docs/firmware-modem.md "Outcomes"): the list and its CSV. */
@Injectable()
export class ModemOutcomesService {
  constructor(
    private readonly repo: ModemOutcomesRepository,
    private readonly store: ExportStore,
  ) {}

  async devices(q: ModemDevicesQuery): Promise<ModemDevicesPage> {
    const { rows, total } = await this.repo.page(q.state, q.count, q.page * q.count);
    return { items: rows.map(item), total_pages: Math.ceil(total / q.count), more: false, page: q.page, total };
  }

  generate(s: SessionUser, q: ModemDevicesCsvQuery): Promise<ExportTicket> {
    return this.store.create(s.userId, EXPORT_KIND, { state: q.state } satisfies ModemOutcomesExportParams, EXPORT_HASH_TTL_SECONDS);
  }

  async resolve(s: SessionUser, hash: string): Promise<ModemOutcomesExportParams & { name: string }> {
    const p = await this.store.resolve<ModemOutcomesExportParams>(s.userId, EXPORT_KIND, hash);
    return { state: p.state, name: `modem_devices_${p.state}_${new Date().toISOString().slice(0, 10)}.csv` };
  }

  stream(p: ModemOutcomesExportParams, out: Writable): Promise<void> {
    return this.repo.stream(p.state, out);
  }
}
