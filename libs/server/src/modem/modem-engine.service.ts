import { Injectable } from '@nestjs/common';
import { MODEM_LIMITS, MODEM_SETTINGS, modemTask, type Reason } from '@tracker/contract';
import { AppConfig } from '../core/config.js';
import { afterCommit, type Queryable } from '../core/db.js';
import { JobName, JobQueue } from '../core/jobs/index.js';
import { CommandLedger } from '../commands/command-ledger.service.js';
import { renderCommand, settingCommand } from '../commands/grammar.js';
import { decide, replyEvent, smsErrorEvent, type ModemDecision, type ModemEvent, type ModemMachineConfig, type ModemState } from './modem-machine.js';
import { ModemRepository, type TaskRow } from './modem.repository.js';
import { DeviceSettingStore } from '../settings/device-setting.store.js';

export { parseDupReport } from './modem-machine.js';

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** The machine's view of a locked row (`commandText`: the send task's command, read by the engine). */
export function stateOf(t: TaskRow, commandText?: string | null): ModemState {
  return {
    status: t.status,
    profile: t.profile,
    taskId: t.task_id,
    taskCount: t.task_count,
    version: t.version,
    errors: t.errors,
    refusals: t.refusals,
    smsId: t.sms_id,
    smsSentAt: ms(t.sms_sent_at),
    retryAt: ms(t.retry_at),
    deadlineAt: Date.parse(t.deadline_at),
    now: Date.parse(t.now),
    lastReply: t.last_reply,
    settingsChanged: t.saved_settings !== null && t.settings_restored_at === null,
    settingsRestored: t.settings_restored_at !== null,
    hasNumber: !!t.gsm_number,
    ...(commandText !== undefined ? { commandText } : {}),
  };
}

/**
 * The modem update's engine (docs/firmware-modem.md "Modem update"): every transition is one transaction that locks
 * the process row, asks the state machine (`decide`, modem-machine.ts: the rules, pure) what an event does, and
 * persists that decision: the row and its history line (ModemRepository, the version bumped), the settings it changes
 * or puts back, the SMS it stores through the outbox; the SMS are dispatched and the next step job is queued after the
 * commit (delayed to a retry's due time; a lost one is the sweep's to find). Events: the worker's step job, the SMS
 * events (the watch's reply, the command's error, in the transaction that stores them), the api's stop and reset.
 * Times are Postgres' (now(), deadline_at, retry_at, the SMS's sent_at), never timers in memory.
 */
@Injectable()
export class ModemEngine {
  constructor(
    private readonly repo: ModemRepository,
    private readonly sms: CommandLedger,
    private readonly jobs: JobQueue,
    private readonly config: AppConfig,
    private readonly settings: DeviceSettingStore,
  ) {}

  private get machine(): ModemMachineConfig {
    return {
      checkTimeoutMs: this.config.get('MODEM_CHECK_TIMEOUT_MS'),
      retryBaseMs: this.config.get('MODEM_RETRY_BASE_MS'),
      retryMaxMs: this.config.get('MODEM_RETRY_MAX_MS'),
      errorPauseMs: this.config.get('MODEM_ERROR_PAUSE_MS'),
    };
  }

  /** The step job: runs the current task of process `id` if it is still at `version` (and not waiting for a retry). */
  async run(id: number, version: number): Promise<void> {
    await this.repo.transaction(async (c) => {
      const t = await this.repo.lock(id, c);
      if (!t) return;
      // a send task needs its command's text, the one thing the machine cannot know from the row
      const task = t.status === 'RUNNING' && t.version === version ? modemTask(t.profile, t.task_id) : undefined;
      const commandText = task?.kind === 'send' ? await this.commandText(t, task.command!, task.message ?? '', c) : undefined;
      await this.apply(t, { kind: 'step', version }, c, commandText);
    });
  }

  /** A watch answered the command a check waits for (SMS event, in the webhook's transaction). */
  async onReply(smsId: number, body: string, q: Queryable): Promise<void> {
    const t = await this.repo.lockBySms(smsId, q);
    if (t) await this.apply(t, replyEvent(smsId, body), q);
  }

  /** The command a check waits for failed (refused by the watch, undelivered, no gateway...). */
  async onSmsError(smsId: number, why: Reason | null, q: Queryable): Promise<void> {
    const t = await this.repo.lockBySms(smsId, q);
    if (t) await this.apply(t, smsErrorEvent(smsId, why), q);
  }

  /** Stops a running process (the caller holds it locked): its settings back, the reason stopped. */
  async stop(t: TaskRow, q: Queryable): Promise<void> {
    await this.apply(t, { kind: 'stop' }, q);
  }

  /** Starts a process over from task 1 (any status): errors and the 10 days afresh; changed settings stay remembered. */
  async reset(t: TaskRow, q: Queryable): Promise<number> {
    return (await this.apply(t, { kind: 'reset' }, q)) ?? t.version;
  }

  // ------------------------------------------------------------------------------------------ persisting a decision

  /** Asks the machine what `e` does to the locked process `t` and persists it; answers the new version (null: nothing changed). */
  private async apply(t: TaskRow, e: ModemEvent, q: Queryable, commandText?: string | null): Promise<number | null> {
    const d = decide(stateOf(t, commandText), e, this.machine);
    const version = await this.persist(t, d, q);
    if (version !== null && 'job' in d && d.job) this.enqueueAfter(q, t.id, version, d.job.delayMs);
    return version;
  }

  private async persist(t: TaskRow, d: ModemDecision, q: Queryable): Promise<number | null> {
    switch (d.kind) {
      case 'none':
        return null;
      case 'changeSettings':
        return this.repo.change(t.id, { task_id: d.next, saved_settings: await this.changeSettings(t, q), settings_restored: false }, q, d.line);
      case 'send': {
        const m = await this.sms.storeOne({ deviceId: t.device_id, commandKey: d.smsKey, message: d.message, gsmNumber: t.gsm_number, createdBy: t.created_by }, q);
        afterCommit(q, () => this.sms.dispatch([m.id]));
        return this.repo.change(t.id, { sms_id: m.id, task_id: d.next, retry_at: null }, q, { ...d.line, smsId: m.id });
      }
      case 'advance':
        return this.repo.change(
          t.id,
          {
            sms_id: null,
            task_id: d.next,
            ...(d.lastReply !== undefined ? { last_reply: d.lastReply } : {}),
            ...(d.dupFiles ? { dup_files: d.dupFiles } : {}),
            ...(d.refusals !== undefined ? { refusals: d.refusals } : {}),
          },
          q,
          d.line,
        );
      case 'retry':
        return this.repo.change(
          t.id,
          { task_id: d.back, sms_id: null, errors: d.errors, refusals: d.refusals, retry_at: new Date(d.retryAt).toISOString(), ...(d.error ? { error: d.error } : {}) },
          q,
          d.line,
        );
      case 'finish': {
        const restored = d.restoreSettings && (await this.restoreSettings(t, q));
        return this.repo.change(
          t.id,
          {
            status: d.status,
            errors: d.errors,
            sms_id: null,
            retry_at: null,
            finished: true,
            ...(d.why ? { error: d.why } : {}),
            ...(d.status === 'DONE' ? { task_id: t.task_count } : {}),
            ...(restored ? { settings_restored: true } : {}),
          },
          q,
          d.line,
        );
      }
      case 'reset':
        return this.repo.change(
          t.id,
          {
            task_id: 1,
            status: 'RUNNING',
            errors: 0,
            refusals: 0,
            sms_id: null,
            retry_at: null,
            error: null,
            last_reply: null,
            dup_files: null,
            // settings put back already: the first task changes them again and remembers them afresh
            ...(d.forgetSettings ? { saved_settings: null, settings_restored: false } : {}),
            restart: { days: MODEM_LIMITS.days },
          },
          q,
          d.line,
        );
    }
  }

  /** A send task's SMS text: the device type's command (`sms_command` template, the task's message), null when the type has none. */
  private async commandText(t: TaskRow, command: string, message: string, q: Queryable): Promise<string | null> {
    const cmd = await this.repo.command(t.device_type_id, command, q);
    return cmd ? renderCommand(cmd, message) : null;
  }

  /** Task 1: the settings MODEM_SETTINGS names set where they differ; answers the values before (kept once, across resets). */
  private async changeSettings(t: TaskRow, q: Queryable): Promise<Record<string, string | null>> {
    const saved: Record<string, string | null> = { ...(t.saved_settings ?? {}) };
    const current = await this.repo.settings(t.device_id, t.device_type_id, MODEM_SETTINGS.map((s) => s.setting_no), q);
    const pushes: { no: number; value: string }[] = [];
    for (const target of MODEM_SETTINGS) {
      const s = current.find((x) => x.setting_no === target.setting_no);
      if (!s || (s.own ?? s.default_value) === target.value) continue;
      if (!(String(s.setting_no) in saved)) saved[s.setting_no] = s.own;
      await this.settings.set(t.device_id, s.setting_no, target.value, q);
      pushes.push({ no: s.setting_no, value: target.value });
    }
    await this.pushSettings(t, pushes, q);
    return saved;
  }

  /** Puts back what task 1 changed (own value, or none so the default applies) and tells the watch; false if nothing was. */
  private async restoreSettings(t: TaskRow, q: Queryable): Promise<boolean> {
    if (!t.saved_settings || t.settings_restored_at) return false;
    const nos = Object.keys(t.saved_settings).map(Number);
    const current = await this.repo.settings(t.device_id, t.device_type_id, nos, q);
    const pushes: { no: number; value: string }[] = [];
    for (const s of current) {
      const previous = t.saved_settings[String(s.setting_no)] ?? null;
      await (previous === null ? this.settings.unset(t.device_id, s.setting_no, q) : this.settings.set(t.device_id, s.setting_no, previous, q));
      pushes.push({ no: s.setting_no, value: previous ?? s.default_value });
    }
    await this.pushSettings(t, pushes, q);
    return true;
  }

  private async pushSettings(t: TaskRow, pushes: { no: number; value: string }[], q: Queryable): Promise<void> {
    if (!pushes.length || !t.gsm_number) return;
    const ids: number[] = [];
    for (const p of pushes) {
      const m = await this.sms.storeOne({ deviceId: t.device_id, ...settingCommand(p.no, p.value), gsmNumber: t.gsm_number, createdBy: t.created_by }, q);
      ids.push(m.id);
    }
    afterCommit(q, () => this.sms.dispatch(ids));
  }

  private enqueueAfter(q: Queryable, id: number, version: number, delayMs = 0): void {
    afterCommit(q, () => this.jobs.enqueue(JobName.ModemStep, { id, version }, delayMs));
  }
}
