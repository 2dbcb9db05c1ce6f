import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  commandClass,
  commandNeedsConfirmation,
  CONFIRMED_ACTIONS,
  deviceTypeScope,
  ErrorCode,
  fieldError,
  SMS_TEXT_MAX,
  type ConfirmationRequired,
  type SmsCampaign,
  type SmsSendBulkBody,
  type SmsSendBody,
  type SmsSent,
} from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import { LOGGER } from '../core/tokens.js';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { CommandLedger } from '../commands/command-ledger.service.js';
import { forbiddenArgumentChars, renderCommand } from '../commands/grammar.js';
import { DeviceScopeService, typeAllowed } from '../device-workspace/device-scope.service.js';
import { campaignDone, SmsSendRepository } from './sms-send.repository.js';

/** The ids a refusal names (the first ones; the count says how many there are). */
const named = (ids: number[]) => ({ count: ids.length, ids: ids.slice(0, 20).join(', ') + (ids.length > 20 ? ', ...' : '') });

/**
 * Sending (§2 /admin/sendSMS, the device /sms tab, the logs tab's commands; §5 bulk SMS) through the command ledger
 * (docs/sms.md "The command ledger"): the sender may send the command (its class, beside §6), the devices may take
 * it (the gate), a destructive command or a bulk send is confirmed first, the sender's quota holds; then the
 * messages (status 0) and the call's audit row are stored in one transaction and queued for the worker.
 */
@Injectable()
export class SmsSendService {
  constructor(
    private readonly repo: SmsSendRepository,
    private readonly scope: DeviceScopeService,
    private readonly ledger: CommandLedger,
    private readonly audit: AuditService,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /**
   * The command of a type and the text it sends, or a 400 naming the field: an unknown command, a `#` in the text of
   * a command that wraps it (it would end the command and start another), a text past one SMS.
   */
  private async render(typeId: number, key: string, message: string, messageField = 'message'): Promise<string> {
    const cmd = await this.repo.command(typeId, key);
    if (!cmd) throw new DomainError(ErrorCode.ValidationFailed, [fieldError('command_key', 'smsUnknownCommand', { command: key })]);
    const forbidden = cmd.takes_message && commandClass(key) !== 'freeText' ? forbiddenArgumentChars(message) : [];
    if (forbidden.length) throw new DomainError(ErrorCode.ValidationFailed, [fieldError(messageField, 'smsArgumentForbidden', { chars: forbidden.join(' ') })]);
    const text = renderCommand(cmd, message);
    if (text.length > SMS_TEXT_MAX) {
      throw new DomainError(ErrorCode.ValidationFailed, [fieldError(messageField, 'smsTooLong', { length: text.length, max: SMS_TEXT_MAX })]);
    }
    return text;
  }

  async send(s: SessionUser, body: SmsSendBody): Promise<SmsSent | ConfirmationRequired> {
    return this.sendCommand(s, body.device_id, body.command_key, body.message, { confirm: body.confirm_token ?? null, params: body });
  }

  /** §7 /sms/send/startlog: LOG,START,<duration>,<level># (the START_LOG command of the device's type). */
  async startLog(s: SessionUser, deviceId: number, duration: number, level: number): Promise<SmsSent> {
    return (await this.sendCommand(s, deviceId, 'START_LOG', `${duration},${level}`, { field: 'duration' })) as SmsSent;
  }

  /** §7 /sms/send/sendlog: LOG,SEND# (the watch uploads its log file; it appears in the logs tab). */
  async sendLog(s: SessionUser, deviceId: number): Promise<SmsSent> {
    return (await this.sendCommand(s, deviceId, 'SEND_LOG', '')) as SmsSent;
  }

  private async sendCommand(
    s: SessionUser,
    deviceId: number,
    key: string,
    message: string,
    o: { field?: string; confirm?: string | null; params?: unknown } = {},
  ): Promise<SmsSent | ConfirmationRequired> {
    this.ledger.authorise(s, key);
    const d = await this.scope.device(s, deviceId);
    const text = await this.render(d.device_type_id, key, message, o.field);
    const device = await this.ledger.gateOne(deviceId);
    if (commandNeedsConfirmation(key)) {
      if (!o.confirm) return this.ledger.askConfirmation(s, CONFIRMED_ACTIONS.destructive, o.params, { commandKey: key, targets: 1, refused: [] });
      await this.ledger.redeem(s, CONFIRMED_ACTIONS.destructive, o.params, o.confirm);
    }
    await this.ledger.takeQuota(s);
    const m = await this.repo.transaction(async (c) => {
      const stored = await this.ledger.storeOne({ deviceId, commandKey: key, message: text, gsmNumber: device.gsm_number, createdBy: s.userId }, c);
      await this.audit.recordCall(c, { entity: 'sms_message', entityId: stored.id, result: { id: stored.id, device_id: deviceId, message: text } });
      return stored;
    });
    await this.ledger.dispatch([m.id]);
    return m;
  }

  /**
   * §5 bulk SMS: every id checked in one statement (unknown: 400, outside the user's device types: 403, of another type
   * than the chosen one: 400; nothing is stored then), the devices that cannot take a command refused with their
   * reasons; the first call answers the target count with a confirmation token, the call that brings it back stores
   * the campaign, its messages (one INSERT ... SELECT) and its refusals, then queues the messages in chunks.
   */
  async sendBulk(s: SessionUser, body: SmsSendBulkBody): Promise<SmsCampaign | ConfirmationRequired> {
    if (!typeAllowed(s, body.device_type)) {
      throw new DomainError(ErrorCode.Forbidden, [fieldError('device_type', 'smsTypeNotAllowed')]);
    }
    this.ledger.authorise(s, body.command_key);
    if (!(await this.repo.deviceTypeExists(body.device_type))) {
      throw new DomainError(ErrorCode.ValidationFailed, [fieldError('device_type', 'unknownDeviceType')]);
    }
    const text = await this.render(body.device_type, body.command_key, body.message);
    const ids = [...new Set(body.devices)];
    const gate = await this.ledger.gate(ids);
    const wrong = gate.rows.filter((d) => d.device_type_id !== body.device_type);
    const foreign = wrong.filter((d) => !typeAllowed(s, d.device_type_id)).map((d) => d.id);
    if (foreign.length) throw new DomainError(ErrorCode.Forbidden, [fieldError('devices', 'smsForeignDevices', named(foreign))]);
    const refused = [
      ...(gate.unknown.length ? [fieldError('devices', 'smsUnknownDevices', named(gate.unknown))] : []),
      ...(wrong.length ? [fieldError('devices', 'smsWrongTypeDevices', named(wrong.map((d) => d.id)))] : []),
    ];
    if (refused.length) throw new DomainError(ErrorCode.ValidationFailed, refused);
    const targets = gate.ok.map((d) => d.id);
    if (!targets.length) throw new DomainError(ErrorCode.ValidationFailed, [fieldError('devices', 'smsNoTargets', { count: gate.refused.length })]);
    if (!body.confirm_token) {
      return this.ledger.askConfirmation(s, CONFIRMED_ACTIONS.smsBulk, body, { commandKey: body.command_key, targets: targets.length, refused: gate.refused });
    }
    await this.ledger.redeem(s, CONFIRMED_ACTIONS.smsBulk, body, body.confirm_token);
    await this.ledger.takeQuota(s);

    const bulkId = randomUUID();
    const t0 = performance.now();
    const stored = await this.repo.transaction(async (c) => {
      await this.repo.insertCampaign(
        { bulkId, commandKey: body.command_key, message: text, typeId: body.device_type, createdBy: s.userId, total: targets.length, refused: gate.refused.length },
        c,
      );
      const created = await this.ledger.storeBulk({ bulkId, deviceIds: targets, commandKey: body.command_key, message: text, createdBy: s.userId }, c);
      await this.ledger.keepRefusals('campaign', bulkId, gate.refused, c);
      await this.audit.recordCall(c, { entity: 'sms_campaign', entityId: bulkId, result: { bulk_id: bulkId, total: created.length, refused: gate.refused.length, message: text } });
      return created;
    });
    const t1 = performance.now();
    await this.ledger.dispatch(stored);
    // bench/sms reads this line (store and enqueue times of a campaign)
    this.log.info({ bulkId, total: stored.length, storeMs: Math.round(t1 - t0), enqueueMs: Math.round(performance.now() - t1) }, 'sms campaign stored and queued');
    return this.campaign(s, bulkId);
  }
  async campaign(s: SessionUser, bulkId: string): Promise<SmsCampaign> {
    const c = await this.repo.campaign(bulkId);
    if (!c) throw new DomainError(ErrorCode.NotFound, [fieldError('bulk_id', 'smsUnknownCampaign')]);
    if (c.device_type !== null && !typeAllowed(s, c.device_type)) throw new DomainError(ErrorCode.Forbidden);
    return { ...c, done: campaignDone(c) };
  }

  async campaigns(s: SessionUser, page: number, count: number): Promise<SmsCampaign[]> {
    const partner = deviceTypeScope(s.role);
    const types = partner !== null ? [partner] : s.types.length && !s.types.includes(-1) ? s.types : null;
    const { items } = await this.repo.campaigns(types, count, page * count);
    return items.map((c) => ({ ...c, done: campaignDone(c) }));
  }
}
