import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { commandClass, type SmsInboundBody } from '@tracker/contract';
import { AppConfig } from '../core/config.js';
import { afterCommit, type Queryable } from '../core/db.js';
import { JobName, JobQueue } from '../core/jobs/index.js';
import { LOGGER } from '../core/tokens.js';
import { SmsEvents } from '../sms/sms-events.js';
import type { LockedMessage } from '../sms/sms-status.repository.js';
import { SmsStatusService } from '../sms/sms-status.service.js';
import { DeviceSettingStore } from '../settings/device-setting.store.js';
import { commandTransition, replyAnswers, type CommandEvent, type CommandState } from './command-state.js';
import { CommandStoreRepository } from './command-store.repository.js';
import { correlate, type Correlation } from './correlate.js';
import { parseWatchMessage, type WatchReply } from './grammar.js';

/**
 * Classes whose commands the ledger sends again after a watch's temporary refusal (BUSY, LOW_BATTERY...); a rollout
 * and a modem update steer their own retries (their state machines), so theirs are not.
 */
const LEDGER_RETRIES = new Set(['ordinary', 'setting', 'contacts', 'profile', 'destructive', 'log', 'freeText', 'network', 'unclassed']);

/** A command's state as its transitions see it (command-state.ts). */
const stateOf = (m: LockedMessage): CommandState => ({ status: m.status, answered: m.answered_at !== null, claimed: m.claimed_at !== null, hasSid: m.gateway_message_id !== null });

/** The pause before the n-th retry (1-based): the base, doubling. */
export const retryPauseMs = (base: number, n: number) => base * 2 ** Math.max(0, n - 1);

/**
 * A watch's message, received (docs/sms.md "Correlation"): stored once per gateway sid with what the ledger makes of
 * it. A reply closes only the command awaiting it that it answers (by the command's word and its reference:
 * correlate.ts); an interim report keeps its command awaiting; an alarm, an event or free text is the device's and
 * never a reply; a reply-shaped text no command awaits is kept unmatched. A setting's `:OK` confirms the setting (if the
 * value is still the one pushed). A temporary refusal of a command the ledger retries ends that attempt and stores
 * the next one after a pause, within the command's time to live. Listeners hear of it in the same transaction.
 */
@Injectable()
export class CommandReplies {
  constructor(
    private readonly store: CommandStoreRepository,
    private readonly status: SmsStatusService,
    private readonly settings: DeviceSettingStore,
    private readonly events: SmsEvents,
    private readonly jobs: JobQueue,
    private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async receive(b: SmsInboundBody): Promise<void> {
    const msg = parseWatchMessage(b.Body);
    await this.store.transaction(async (c) => {
      await this.store.lockNumber(b.From, c);
      // the commands are locked (as they are read) before the reply is stored: the reply's reply_to key-share-locks its
      // command, so two replies at once that stored first and locked second deadlocked
      const awaiting = msg.kind === 'reply' ? await this.store.awaiting(b.From, c) : [];
      const corr = correlate(msg, awaiting);
      const command = corr.replyTo === null ? null : awaiting.find((a) => a.id === corr.replyTo)!;
      const deviceId = command?.device_id ?? (await this.store.deviceOf(b.From, c));
      const settles = new Set<number>(corr.kind === 'progress' ? [corr.replyTo] : corr.closes);
      const locked = awaiting.filter((a) => settles.has(a.id));
      // the commands the reply answers are marked answered by the statement that stores it (one statement less per
      // reply): a final reply (or the retry that ends an attempt, which has the same guard) answers every command it
      // closes that was neither answered nor expired (commandTransition)
      const answers = corr.kind === 'progress' ? [] : locked.filter((m) => replyAnswers(stateOf(m), msg as WatchReply));
      const id = await this.store.insertInbound(
        {
          sid: b.MessageSid,
          from: b.From,
          body: b.Body,
          deviceId,
          replyTo: corr.replyTo,
          commandKey: command?.command_key ?? null,
          kind: corr.kind,
          eventCode: corr.kind === 'alarm' || corr.kind === 'event' ? corr.code : null,
          answers: answers.map((m) => m.id),
        },
        c,
      );
      if (id === null) return; // a repeat of the gateway's call
      // the commands are settled first, so a listener sees the reply with its command's outcome already stored
      for (const m of locked) await this.settle(m, msg as WatchReply, corr, c);
      if (msg.kind === 'reply' && msg.setting && deviceId !== null && command?.command_key === `SETTING_${msg.setting.no}`) {
        await this.settings.confirm(deviceId, msg.setting.no, msg.setting.value, c);
      }
      const replyTo = command ? { id: command.id, deviceId: command.device_id, commandKey: command.command_key } : null;
      await this.events.emit({ kind: 'inbound', id, deviceId, from: b.From, body: b.Body, correlation: corr.kind, replyTo }, c);
      if (corr.kind === 'alarm') this.log.info({ deviceId, code: corr.code, sms: id }, 'watch alarm received');
    });
  }

  /** A command the message answers (or reports progress of): its transition, or the next attempt after a pause. */
  private async settle(m: LockedMessage, reply: WatchReply, corr: Correlation, c: Queryable): Promise<void> {
    const state = stateOf(m);
    let event: CommandEvent = corr.kind === 'progress' ? { kind: 'progress' } : { kind: 'reply', reply };
    if (corr.kind === 'reply' && reply.outcome === 'refused' && reply.temporary && LEDGER_RETRIES.has(commandClass(m.command_key ?? ''))) {
      const next = await this.retry(m, reply, c);
      if (next !== null) event = { kind: 'retry', reason: reply.reason ?? 'ERR', next };
    }
    const change = commandTransition(state, event);
    if (!change) return;
    if (change.status !== m.status || change.error) {
      // a reply that overtook the worker's commit: the claim stays, so that the sid is recorded (or reconciled) still
      await this.status.settle(m, change.status, c, { error: change.error, keepClaim: m.gateway_message_id === null });
    }
    // answered_at was set with the reply's INSERT (receive: `replyAnswers` says the same as this change)
  }

  /**
   * The next attempt of a command the watch refused for now, if one fits: fewer than COMMAND_RETRY_MAX retries so
   * far, and its pause ending before the command's time to live does. Stored now (held back by next_attempt_at, with
   * the first attempt's end of life), queued as a delayed job after the commit; answers its id, or null.
   */
  private async retry(m: LockedMessage, reply: WatchReply, c: Queryable): Promise<number | null> {
    const a = await this.store.attempt(m.id, c);
    if (!a || m.device_id === null || !m.command_key) return null;
    const n = a.attempts; // retries so far + 1
    if (n > this.config.get('COMMAND_RETRY_MAX')) return null;
    const pause = retryPauseMs(this.config.get('COMMAND_RETRY_BASE_MS'), n);
    const due = new Date(Date.now() + pause);
    if (a.expires_at && due >= new Date(a.expires_at)) return null;
    const next = await this.store.insertOne(
      {
        deviceId: m.device_id,
        gsmNumber: a.gsm_number,
        commandKey: m.command_key,
        message: a.message,
        secretRef: a.secret_ref,
        createdBy: a.created_by,
        bulkId: a.bulk_id,
        retryOf: m.id,
        ttlMinutes: 0,
        expiresAt: a.expires_at,
        notBefore: due.toISOString(),
      },
      c,
    );
    this.log.info({ sms: m.id, next: next.id, reason: reply.reason, pauseMs: pause }, 'command refused for now by the watch: sent again after a pause');
    afterCommit(c, () => this.jobs.enqueue(JobName.SmsSend, { ids: [next.id], round: 0 }, pause));
    return next.id;
  }
}
