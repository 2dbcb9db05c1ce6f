import { Injectable } from '@nestjs/common';
import {
  commandAllowed,
  commandTtlMinutes,
  ErrorCode,
  fieldError,
  reasonText,
  REFUSALS_LISTED,
  SMS_STATUS,
  type CommandRefusal,
  type ConfirmationRequired,
  type ConfirmedAction,
  type Reason,
} from '@tracker/contract';
import type { SessionUser } from '../access/session-user.js';
import { afterCommit, type Queryable } from '../core/db.js';
import { DomainError } from '../core/errors.js';
import { JobName, JobQueue, SMS_CHUNK } from '../core/jobs/index.js';
import { SmsStatusRepository } from '../sms/sms-status.repository.js';
import { SmsStatusService } from '../sms/sms-status.service.js';
import { CommandQuota, Confirmations } from './command-limits.js';
import { gateRefusal } from './command-state.js';
import { CommandStoreRepository, type GateRow, type RefusalRow, type StoredSms } from './command-store.repository.js';

export type { GateRow, RefusalRow, StoredSms } from './command-store.repository.js';

/** Splits ids into the chunks one send job carries. */
export function chunks(ids: number[], size = SMS_CHUNK): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/** A refusal as answered: the device, how the sender named it, the reason's code, parameters and English text. */
export function refusalOut(r: RefusalRow): CommandRefusal {
  return { device_id: r.deviceId, named_as: r.namedAs, reason: reasonText(r.reason.code, r.reason.params), reason_code: r.reason.code, reason_params: r.reason.params ?? null };
}

/** A command to store: its key, its text (secrets masked), who asked, and the secret the gateway call fills in. */
export type Command = { commandKey: string; message: string; createdBy: number | null; secretRef?: string | null; bulkId?: string | null; retryOf?: number | null };

/**
 * The command ledger (docs/sms.md "The command ledger"): one module owns a command's life, and every sender (device
 * settings, default settings push, contact push, bulk and single SMS, log requests, firmware rollouts, modem
 * updates) goes through it:
 * 1. **authorise** the sender for the command's key (the classes of the contract's commands.ts, beside §6);
 * 2. **gate** each device before anything is stored (terminated, disabled, no number: refused with its reason);
 * 3. **limit** a person's sends (CommandQuota) and make fleet-wide and destructive sends confirm (Confirmations);
 * 4. **store** each command with its time to live (past it, it is never sent: expired) and its secrets masked;
 * then queue it for the worker after the commit. Replies are correlated to their commands in SmsWebhookService
 * (correlate.ts), retries and expiry happen in the worker (SmsDispatcher, SmsSweep).
 */
@Injectable()
export class CommandLedger {
  constructor(
    private readonly store: CommandStoreRepository,
    private readonly jobs: JobQueue,
    private readonly statuses: SmsStatusRepository,
    private readonly status: SmsStatusService,
    private readonly quota: CommandQuota,
    private readonly confirmations: Confirmations,
  ) {}

  // ------------------------------------------------------------------------------------------ 1. authorise

  /** May `s` send `key`? 403 naming `field` otherwise (the same rule on every route that causes an SMS). */
  authorise(s: SessionUser, key: string, field = 'command_key'): void {
    if (!commandAllowed(s.role, key)) throw new DomainError(ErrorCode.Forbidden, [fieldError(field, 'smsCommandNotAllowed', { command: key })]);
  }

  // ------------------------------------------------------------------------------------------ 2. gate

  /**
   * The devices of `ids` (`rows`, in id order), those that may take a command (`ok`), those refused with why, and the
   * ids that name no device.
   */
  async gate(ids: number[], q?: Queryable): Promise<{ rows: GateRow[]; ok: GateRow[]; refused: RefusalRow[]; unknown: number[] }> {
    const rows = await this.store.gateRows(ids, q);
    const found = new Set(rows.map((d) => d.id));
    const ok: GateRow[] = [];
    const refused: RefusalRow[] = [];
    for (const d of rows) {
      const why = gateRefusal(d);
      if (why) refused.push({ deviceId: d.id, namedAs: null, reason: why });
      else ok.push(d);
    }
    return { rows, ok, refused, unknown: ids.filter((id) => !found.has(id)).sort((a, b) => a - b) };
  }

  /** One device through the gate: 409 COMMAND_REFUSED naming `field` with the reason when it cannot take a command. */
  async gateOne(deviceId: number, field = 'device_id', q?: Queryable): Promise<GateRow> {
    const { ok, refused } = await this.gate([deviceId], q);
    if (refused[0]) throw new DomainError(ErrorCode.CommandRefused, [fieldError(field, refused[0].reason.code, refused[0].reason.params)]);
    if (!ok[0]) throw new DomainError(ErrorCode.DeviceNotFound);
    return ok[0];
  }

  // ------------------------------------------------------------------------------------------ 3. limit

  /** Counts one send of `s` against the quota (429 with Retry-After beyond it). */
  takeQuota(s: SessionUser): Promise<void> {
    return this.quota.take(s.userId);
  }

  /** The first answer of a confirmed send: what it would do, with the token that starts it. */
  async askConfirmation(
    s: SessionUser,
    action: ConfirmedAction,
    params: unknown,
    what: { commandKey: string | null; targets: number; refused: RefusalRow[]; refusedCount?: number },
  ): Promise<ConfirmationRequired> {
    const t = await this.confirmations.issue(s.userId, action, params);
    return {
      confirm_token: t.token,
      action,
      command_key: what.commandKey,
      targets: what.targets,
      refused: what.refusedCount ?? what.refused.length,
      refusals: what.refused.slice(0, REFUSALS_LISTED).map(refusalOut),
      expires_at: t.expiresAt,
    };
  }

  /** Redeems the token of a confirmed send (400 when it is not this user's, this request's, or is used or expired). */
  redeem(s: SessionUser, action: ConfirmedAction, params: unknown, token: string): Promise<void> {
    return this.confirmations.redeem(s.userId, action, params, token);
  }

  // ------------------------------------------------------------------------------------------ 4. store and send

  /** Stores one command for a device (gated by the caller) in `q`, with its class's time to live. */
  storeOne(c: Command & { deviceId: number; gsmNumber: string | null }, q: Queryable): Promise<StoredSms> {
    return this.store.insertOne({ ...c, ttlMinutes: commandTtlMinutes(c.commandKey) }, q);
  }

  /** Stores one command per device (gated by the caller) in `q`, in one statement; the new ids in id order. */
  storeBulk(c: Command & { deviceIds: number[] }, q: Queryable): Promise<number[]> {
    return this.store.insertBulk({ ...c, ttlMinutes: commandTtlMinutes(c.commandKey) }, q);
  }

  /** Keeps a batch's refused devices for its outcome list, in the batch's transaction. */
  keepRefusals(kind: 'campaign' | 'firmware' | 'modem', batchId: string, refused: RefusalRow[], q: Queryable): Promise<void> {
    return this.store.insertRefusals(kind, batchId, refused, q);
  }

  /**
   * Calls off the commands of a key not yet taken by a worker: each becomes 3 error with `error` (counters and
   * listeners as for any status change), in the caller's transaction; answers their device ids. A command a worker
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

  /** Queues stored commands for sending (after their transaction committed). */
  async dispatch(ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.jobs.enqueueMany(JobName.SmsSend, chunks(ids).map((c) => ({ ids: c, round: 0 })));
  }

  /** Queues stored commands once `q` commits (never after a rollback; a lost enqueue is the SMS sweep's to find). */
  dispatchAfterCommit(q: Queryable, ids: number[]): void {
    if (ids.length) afterCommit(q, () => this.dispatch(ids));
  }
}
