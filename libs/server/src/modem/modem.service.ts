import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import {
  MODEM_COMMAND_PREFIX,
  ErrorCode,
  EXPORT_HASH_TTL_SECONDS,
  fieldError,
  MODEM_LIMITS,
  MODEM_PAGE_SIZE,
  MODEM_PROFILES,
  modemProfileOf,
  REFUSALS_LISTED,
  storedReason,
  reasonText,
  type Reason,
  type ModemAllStatuses,
  type ModemImeisBody,
  type ModemInitResponse,
  type ModemListQuery,
  type ModemPage,
  type ModemProcess,
  type ModemProgress,
  type ModemReport,
  type ModemStatusResponse,
  type ModemStopResponse,
} from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import { DomainError } from '../core/errors.js';
import { ExportStore, type ExportTicket } from '../core/exports/index.js';
import { JobName, JobQueue } from '../core/jobs/index.js';
import type { SessionUser } from '../access/session-user.js';
import { ModemEngine } from './modem-engine.service.js';
import { CommandLedger, refusalOut } from '../commands/command-ledger.service.js';
import { gateRefusal } from '../commands/command-state.js';
import { ModemRepository, type ModemDeviceRow } from './modem.repository.js';

const EXPORT_KIND = 'modem';
/** A key of the modem commands' class (commands.ts): what a start or reset of a modem update sends. */
const MODEM_COMMAND_KEY = `${MODEM_COMMAND_PREFIX}START_SSP`;
type ExportParams = { report: ModemReport };

/** The first occurrence of each IMEI (later ones are duplicates of the list). */
const firstOf = (imeis: string[]) => [...new Set(imeis)];

/** One device through the gate of a start: a 400 naming `field` with the reason when it cannot take commands. */
function gateOne(d: ModemDeviceRow, field: string): void {
  const why = gateRefusal(d);
  if (why) throw new DomainError(ErrorCode.ValidationFailed, [fieldError(field, why.code)]);
}

/**
 * §7 Modem: start, check and stop modem updates by IMEI, the lists, a process's progress, reset, the reports' CSV.
 * The state machine itself is the engine's (worker); here only what the calls change, each in one transaction with
 * its audit row, the jobs enqueued after the commit.
 */
@Injectable()
export class ModemService {
  constructor(
    private readonly repo: ModemRepository,
    private readonly engine: ModemEngine,
    private readonly audit: AuditService,
    private readonly jobs: JobQueue,
    private readonly store: ExportStore,
    private readonly ledger: CommandLedger,
  ) {}

  /**
   * Starts a modem update per IMEI. The gate refuses devices that cannot take commands (terminated, disabled, no
   * number) with their reason: kept in `command_refusal` under the first process the call started and listed back (the
   * first REFUSALS_LISTED); when nothing starts and the gate refused any, the call is a 400 naming those IMEIs.
   */
  async init(s: SessionUser, b: ModemImeisBody): Promise<ModemInitResponse['model']> {
    // the modem commands' class (the command ledger's rule on every route that causes an SMS)
    this.ledger.authorise(s, MODEM_COMMAND_KEY, 'IMEIs');
    await this.ledger.takeQuota(s);
    const out = await this.repo.transaction(async (c) => {
      const devices = new Map((await this.repo.devicesByImei(firstOf(b.IMEIs), c)).map((d) => [d.imei, d]));
      const running = new Set((await this.repo.running([...devices.values()].map((d) => d.id), c)).map((r) => r.device_id));
      const seen = new Set<string>();
      const refused: { index: number; deviceId: number; namedAs: string; reason: Reason }[] = [];
      const items: ModemInitResponse['model']['items'] = b.IMEIs.map((imei, index) => {
        const d = devices.get(imei);
        const base = { imei, device_id: d?.id ?? null, modem_id: null, profile: null, task_count: null };
        if (seen.has(imei)) return { ...base, outcome: 'duplicate' as const };
        seen.add(imei);
        if (!d) return { ...base, outcome: 'unknownImei' as const };
        if (running.has(d.id)) return { ...base, outcome: 'alreadyRunning' as const };
        const why = gateRefusal(d);
        if (why) {
          refused.push({ index, deviceId: d.id, namedAs: imei, reason: why });
          return { ...base, outcome: 'refused' as const };
        }
        const profile = modemProfileOf(d.imsi);
        return { ...base, outcome: 'started' as const, profile, task_count: MODEM_PROFILES[profile].length };
      });
      const toStart = items.filter((i) => i.outcome === 'started');
      if (!toStart.length && refused.length) {
        throw new DomainError(ErrorCode.ValidationFailed, [
          fieldError('IMEIs', 'smsNoTargets', { count: refused.length }),
          ...refused.slice(0, REFUSALS_LISTED).map((r) => fieldError(`IMEIs.${r.index}`, r.reason.code)),
        ]);
      }
      const rows = await this.repo.insert(
        toStart.map((i) => ({ device_id: i.device_id!, imei: i.imei, profile: i.profile!, task_count: i.task_count! })),
        s.userId,
        MODEM_LIMITS.days,
        c,
      );
      const ids = new Map(rows.map((r) => [r.device_id, r.id]));
      for (const i of toStart) i.modem_id = ids.get(i.device_id!) ?? null;
      // the call's processes share no id of their own: its refusals are kept under the first one it started
      if (rows[0]) await this.ledger.keepRefusals('modem', String(Math.min(...rows.map((r) => r.id))), refused, c);
      await this.audit.recordCall(c, { entity: 'modem_update_task', result: { started: rows.length, refused: refused.length, not_started: items.length - rows.length } });
      return { items, started: rows.length, refused, ids: rows.map((r) => r.id) };
    });
    await this.jobs.enqueueMany(JobName.ModemStep, out.ids.map((id) => ({ id, version: 0 })));
    return { items: out.items, started: out.started, refused: out.refused.length, refusals: out.refused.slice(0, REFUSALS_LISTED).map(refusalOut) };
  }

  async status(b: ModemImeisBody): Promise<ModemStatusResponse['model']> {
    const latest = await this.repo.latestByImei(firstOf(b.IMEIs));
    return { items: b.IMEIs.map((imei) => ({ imei, device_id: latest.get(imei)?.device_id ?? null, process: latest.get(imei)?.process ?? null })) };
  }

  async stop(s: SessionUser, b: ModemImeisBody): Promise<ModemStopResponse['model']> {
    return this.repo.transaction(async (c) => {
      const devices = new Map((await this.repo.devicesByImei(firstOf(b.IMEIs), c)).map((d) => [d.imei, d]));
      const running = new Map((await this.repo.running([...devices.values()].map((d) => d.id), c)).map((r) => [r.device_id, r.id]));
      const seen = new Set<string>();
      const items: ModemStopResponse['model']['items'] = [];
      for (const imei of b.IMEIs) {
        const d = devices.get(imei);
        if (seen.has(imei)) {
          items.push({ imei, outcome: 'duplicate', modem_id: null });
          continue;
        }
        seen.add(imei);
        const id = d ? running.get(d.id) : undefined;
        const t = id ? await this.repo.lock(id, c) : null;
        if (!d) items.push({ imei, outcome: 'unknownImei', modem_id: null });
        else if (!t || t.status !== 'RUNNING') items.push({ imei, outcome: 'notRunning', modem_id: null });
        else {
          await this.engine.stop(t, c);
          items.push({ imei, outcome: 'stopped', modem_id: t.id });
        }
      }
      const stopped = items.filter((i) => i.outcome === 'stopped').length;
      await this.audit.recordCall(c, { entity: 'modem_update_task', result: { stopped, ids: items.flatMap((i) => (i.modem_id ? [i.modem_id] : [])).slice(0, 1000) } });
      return { items, stopped };
    });
  }

  async allStatuses(): Promise<ModemAllStatuses> {
    const { byStatus, byTask } = await this.repo.counts();
    const n = (k: string) => byStatus[k] ?? 0;
    const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
    return {
      total,
      running: n('RUNNING'),
      done: n('DONE'),
      failed: n('FAILED'),
      stopped: n('STOPPED'),
      by_task: byTask as ModemAllStatuses['by_task'],
      processing_done: n('RUNNING') === 0,
    };
  }

  async list(q: ModemListQuery): Promise<ModemPage> {
    const r = await this.repo.page({ report: q.report }, MODEM_PAGE_SIZE, q.page * MODEM_PAGE_SIZE);
    return { items: r.items, total_pages: Math.ceil(r.total / MODEM_PAGE_SIZE), more: false, page: q.page };
  }

  async waiting(page: number): Promise<ModemPage> {
    const r = await this.repo.page({ waiting: true }, MODEM_PAGE_SIZE, page * MODEM_PAGE_SIZE);
    return { items: r.items, total_pages: Math.ceil(r.total / MODEM_PAGE_SIZE), more: false, page };
  }

  /** GET /modem/update?device_id: starts one device's modem update (409 while one runs). */
  async update(s: SessionUser, deviceId: number): Promise<ModemProcess> {
    this.ledger.authorise(s, MODEM_COMMAND_KEY, 'device_id');
    await this.ledger.takeQuota(s);
    const id = await this.repo.transaction(async (c) => {
      const d = await this.repo.deviceById(deviceId, c);
      if (!d) throw new DomainError(ErrorCode.DeviceNotFound, [fieldError('device_id', ErrorCode.DeviceNotFound)]);
      if ((await this.repo.running([d.id], c)).length) throw new DomainError(ErrorCode.Duplicate, [fieldError('device_id', 'modemAlreadyRunning')]);
      gateOne(d, 'device_id');
      const profile = modemProfileOf(d.imsi);
      const [row] = await this.repo.insert([{ device_id: d.id, imei: d.imei, profile, task_count: MODEM_PROFILES[profile].length }], s.userId, MODEM_LIMITS.days, c);
      await this.audit.recordCall(c, { entity: 'modem_update_task', entityId: String(row!.id), result: { modem_id: row!.id, device_id: d.id } });
      return row!.id;
    });
    await this.jobs.enqueue(JobName.ModemStep, { id, version: 0 });
    return (await this.repo.process(id))!;
  }

  async progress(modemId: number): Promise<ModemProgress> {
    const p = await this.repo.process(modemId);
    if (!p) throw new DomainError(ErrorCode.NotFound, [fieldError('modem_id', ErrorCode.NotFound)]);
    const { saved_settings, settings_restored_at, dup_files, ...process } = p;
    const list = MODEM_PROFILES[process.profile];
    const history = await this.repo.historyOf(modemId);
    return {
      process,
      tasks: list.map((t, i) => ({
        task_id: i + 1,
        key: t.key,
        kind: t.kind,
        state: i + 1 < process.task_id || (process.status === 'DONE' && i + 1 === process.task_id) ? 'done' : i + 1 === process.task_id ? 'current' : 'pending',
      })),
      history: history.map((h) => {
        const r = h.code ? storedReason(h.code, h.params) : null;
        return { task_id: h.task_id, task: list[h.task_id - 1]?.key ?? '', outcome: h.outcome, reason: r ? { ...r, text: reasonText(r.code, r.params) } : null, sms_id: h.sms_id, created: h.created };
      }),
      saved_settings: Object.entries(saved_settings ?? {}).map(([no, previous]) => ({ setting_no: Number(no), previous })),
      settings_restored_at,
      dup_files,
    };
  }

  /**
   * GET /modem/reset?modem_id: the process from task 1 again (409 when another process of the device runs). A DONE
   * process stays as it is (400 `modemResetDone` on modem_id): its device is updated, and starting it over would send
   * the modem commands again; a new update is a new start.
   */
  async reset(s: SessionUser, modemId: number): Promise<ModemProcess> {
    this.ledger.authorise(s, MODEM_COMMAND_KEY, 'modem_id');
    await this.ledger.takeQuota(s);
    await this.repo.transaction(async (c) => {
      const t = await this.repo.lock(modemId, c);
      if (!t) throw new DomainError(ErrorCode.NotFound, [fieldError('modem_id', ErrorCode.NotFound)]);
      if (t.status === 'DONE') throw new DomainError(ErrorCode.ValidationFailed, [fieldError('modem_id', 'modemResetDone')]);
      const d = await this.repo.deviceById(t.device_id, c);
      if (d) gateOne(d, 'modem_id');
      const others = (await this.repo.running([t.device_id], c)).filter((r) => r.id !== t.id);
      if (others.length) throw new DomainError(ErrorCode.Duplicate, [fieldError('modem_id', 'modemAlreadyRunning')]);
      const version = await this.engine.reset(t, c);
      await this.audit.recordCall(c, { entity: 'modem_update_task', entityId: String(t.id), result: { modem_id: t.id, version } });
    });
    return (await this.repo.process(modemId))!;
  }

  generateCsv(s: SessionUser, report: ModemReport): Promise<ExportTicket> {
    return this.store.create(s.userId, EXPORT_KIND, { report } satisfies ExportParams, EXPORT_HASH_TTL_SECONDS);
  }

  async resolve(s: SessionUser, hash: string): Promise<ExportParams & { name: string }> {
    const p = await this.store.resolve<ExportParams>(s.userId, EXPORT_KIND, hash);
    return { report: p.report, name: `modem_${p.report}_${new Date().toISOString().slice(0, 10)}.csv` };
  }

  stream(report: ModemReport, out: Writable): Promise<void> {
    return this.repo.stream(report, out);
  }
}
