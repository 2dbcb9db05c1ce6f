import { Injectable } from '@nestjs/common';
import { MODEM_LIMITS, MODEM_SETTINGS, modemTask, reason, type ModemTaskDef, type Reason } from '@tracker/contract';
import { AppConfig } from '../core/config.js';
import { PgPool, type Queryable } from '../core/db.js';
import { JobName, JobQueue } from '../core/jobs/index.js';
import { CommandLedger } from '../commands/command-ledger.service.js';
import { renderCommand, settingCommand } from '../commands/grammar.js';
import { ModemRepository, type HistoryLine, type TaskChange, type TaskRow } from './modem.repository.js';

/** `DUP:OK,FILES=<name>:<size>;<name>:<size>`: the DUP files the watch holds (what fleet-sim's watches report). */
export function parseDupReport(reply: string | null): { name: string; size: number }[] | null {
  const m = /FILES=([^\s,]*)/.exec(reply ?? '');
  if (!m?.[1]) return null;
  const files = m[1].split(';').map((f) => {
    const [name = '', size = ''] = f.split(':');
    return { name, size: /^\d{1,12}$/.test(size) ? Number(size) : 0 };
  });
  return files.length && files.every((f) => /^[\w.-]{1,100}\.dup$/i.test(f.name) && f.size > 0) ? files : null;
}

/** A watch's reply to a modem command is an OK when it says `<WORD>:OK` (refusals come as the SMS's error). */
const isOk = (body: string) => /^[A-Z][A-Z0-9_]*:OK\b/.test(body.trim());

/**
 * The modem update's state machine (docs/firmware-modem.md "Modem update"). Every transition runs in one transaction
 * with the process row locked and bumps its version: the worker's step job runs the current task if the process is
 * still at the job's version; a check task is moved by the SMS events (the watch's reply or the SMS's error, in the
 * transaction that stores them) or by its timeout (the sweep). SMS are stored through the outbox in the same
 * transaction and dispatched after the commit; the next job is enqueued after the commit too (a lost one is the
 * sweep's to find). Times are Postgres' (now(), step_started_at, deadline_at), never timers in memory.
 */
@Injectable()
export class ModemEngine {
  constructor(
    private readonly repo: ModemRepository,
    private readonly sms: CommandLedger,
    private readonly jobs: JobQueue,
    private readonly config: AppConfig,
  ) {}

  private get timeoutMs(): number {
    return this.config.get('MODEM_CHECK_TIMEOUT_MS');
  }

  /** The step job: runs the current task of process `id` if it is still at `version`. */
  async run(id: number, version: number): Promise<void> {
    await this.repo.tx(async (c) => {
      const t = await this.repo.lock(id, this.timeoutMs, c);
      if (!t || t.status !== 'RUNNING' || t.version !== version) return;
      if (t.expired) return this.finish(t, 'FAILED', reason('modemDeadline', { days: MODEM_LIMITS.days }), c);
      const task = modemTask(t.profile, t.task_id);
      if (!task) return this.finish(t, 'FAILED', reason('text', { text: `no task ${t.task_id} in profile ${t.profile}` }), c);
      switch (task.kind) {
        case 'settings':
          return this.advance(t, { saved_settings: await this.changeSettings(t, c), settings_restored: false }, c);
        case 'send':
          return this.send(t, task, c);
        case 'check':
          // only a timeout moves a check from here; its reply comes through the SMS events
          if (t.timed_out) return this.error(t, reason('modemTimeout', { command: commandName(t), minutes: Math.round(this.timeoutMs / 60_000) }), 'timeout', c);
          return;
        case 'process': {
          const files = parseDupReport(t.last_reply);
          if (!files) return this.error(t, reason('modemDupFilesInvalid', { report: (t.last_reply ?? '').slice(0, 200) }), 'error', c);
          return this.advance(t, { dup_files: files }, c);
        }
        case 'revert':
          return this.finish(t, 'DONE', null, c);
      }
    });
  }

  /** A watch answered the command a check waits for (SMS event, in the webhook's transaction). */
  async onReply(smsId: number, body: string, q: Queryable): Promise<void> {
    const t = await this.repo.lockBySms(smsId, q);
    if (!t || modemTask(t.profile, t.task_id)?.kind !== 'check') return;
    if (!isOk(body)) return this.error(t, reason('smsDeviceRefused', { reason: body.slice(0, 100) }), 'error', q);
    await this.advance(t, { last_reply: body }, q, smsId);
  }

  /** The command a check waits for failed (undelivered, refused, no gateway...): an error of the process. */
  async onSmsError(smsId: number, why: Reason | null, q: Queryable): Promise<void> {
    const t = await this.repo.lockBySms(smsId, q);
    if (!t) return;
    await this.error(t, why ?? reason('text', { text: 'SMS error' }), 'error', q);
  }

  /** Stops a running process (the caller holds it locked): its settings back, the reason stopped. */
  async stop(t: TaskRow, q: Queryable): Promise<void> {
    await this.finish(t, 'STOPPED', reason('modemStopped'), q);
  }

  /** Starts a process over from task 1 (any status): errors and the 10 days afresh; changed settings stay remembered. */
  async reset(t: TaskRow, q: Queryable): Promise<number> {
    const restored = t.settings_restored_at !== null;
    const version = await this.repo.change(
      t.id,
      {
        task_id: 1,
        status: 'RUNNING',
        errors: 0,
        sms_id: null,
        error: null,
        last_reply: null,
        dup_files: null,
        // settings put back already: the first task changes them again and remembers them afresh
        ...(restored ? { saved_settings: null, settings_restored: false } : {}),
        restart: { days: MODEM_LIMITS.days },
      },
      q,
      { taskId: t.task_id, outcome: 'info', why: reason('text', { text: 'reset' }), smsId: null },
    );
    this.enqueueAfter(q, t.id, version);
    return version;
  }

  // ------------------------------------------------------------------------------------------ transitions

  /** To the next task (`smsId`: the SMS whose reply completed the task); a task that is not a check gets its job after the commit. */
  private async advance(t: TaskRow, ch: TaskChange, q: Queryable, smsId: number | null = null): Promise<void> {
    const next = t.task_id + 1;
    const version = await this.repo.change(t.id, { sms_id: null, ...ch, task_id: next }, q, { taskId: t.task_id, outcome: 'ok', why: null, smsId });
    if (modemTask(t.profile, next)?.kind !== 'check') this.enqueueAfter(q, t.id, version);
  }

  /** An error: counted; the third ends the process as failed, else the task's command is sent again. */
  private async error(t: TaskRow, why: Reason, outcome: 'error' | 'timeout', q: Queryable): Promise<void> {
    const line = { taskId: t.task_id, outcome, why, smsId: t.sms_id };
    const errors = t.errors + 1;
    if (errors >= MODEM_LIMITS.errors) return this.finish({ ...t, errors }, 'FAILED', why, q, line);
    const version = await this.repo.change(t.id, { errors, error: why, sms_id: null, task_id: retryTask(t) }, q, line);
    this.enqueueAfter(q, t.id, version);
  }

  /** Ends a process: DONE at its last task, FAILED or STOPPED where it was; changed settings are put back. */
  private async finish(t: TaskRow, status: 'DONE' | 'FAILED' | 'STOPPED', why: Reason | null, q: Queryable, cause?: HistoryLine): Promise<void> {
    const restored = await this.restoreSettings(t, q);
    // the error that ended it (when one did) is the history's line; else what ended it
    const line: HistoryLine = cause ?? { taskId: t.task_id, outcome: status === 'DONE' ? 'ok' : 'info', why: why ?? reason('text', { text: status.toLowerCase() }), smsId: null };
    await this.repo.change(
      t.id,
      {
        status,
        errors: t.errors,
        sms_id: null,
        finished: true,
        ...(why ? { error: why } : {}),
        ...(status === 'DONE' ? { task_id: t.task_count } : {}),
        ...(restored ? { settings_restored: true } : {}),
      },
      q,
      line,
    );
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
      await this.repo.setSetting(t.device_id, s.setting_no, target.value, q);
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
      await this.repo.setSetting(t.device_id, s.setting_no, previous, q);
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
    PgPool.afterCommit(q, () => this.sms.dispatch(ids));
  }

  /** A send task: the device type's command stored for sending (dispatched after the commit); the check waits for it. */
  private async send(t: TaskRow, task: ModemTaskDef, q: Queryable): Promise<void> {
    if (!t.gsm_number) return this.finish(t, 'FAILED', reason('modemNoNumber'), q);
    const cmd = await this.repo.command(t.device_type_id, task.command!, q);
    if (!cmd) return this.finish(t, 'FAILED', reason('smsUnknownCommand', { command: task.command! }), q);
    const m = await this.sms.storeOne(
      { deviceId: t.device_id, commandKey: task.smsKey!, message: renderCommand(cmd, task.message ?? ''), gsmNumber: t.gsm_number, createdBy: t.created_by },
      q,
    );
    const version = await this.repo.change(t.id, { sms_id: m.id, task_id: t.task_id + 1 }, q, { taskId: t.task_id, outcome: 'sent', why: null, smsId: m.id });
    PgPool.afterCommit(q, () => this.sms.dispatch([m.id]));
    if (modemTask(t.profile, t.task_id + 1)?.kind !== 'check') this.enqueueAfter(q, t.id, version);
  }

  private enqueueAfter(q: Queryable, id: number, version: number): void {
    PgPool.afterCommit(q, () => this.jobs.enqueue(JobName.ModemStep, { id, version }));
  }
}

/** The command a check waits for (its send task's SMS command), for the timeout's reason. */
function commandName(t: TaskRow): string {
  const s = modemTask(t.profile, t.task_id - 1);
  return s?.kind === 'send' ? `${s.command}${s.message ? ` ${s.message}` : ''}` : String(t.task_id);
}

/** Where an error sends a process back to: the latest send task at or before the current one (its command again). */
function retryTask(t: TaskRow): number {
  for (let i = t.task_id; i >= 1; i--) if (modemTask(t.profile, i)?.kind === 'send') return i;
  return t.task_id;
}
