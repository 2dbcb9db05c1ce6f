import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  deviceTypeScope,
  ErrorCode,
  fieldError,
  SMS_TEXT_MAX,
  type SmsCampaign,
  type SmsSendBulkBody,
  type SmsSendBody,
  type SmsSent,
} from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceScopeService, typeAllowed } from '../device-workspace/device-scope.service.js';
import { SmsOutbox } from './sms-outbox.service.js';
import { SmsSendRepository, type SmsCommandRow } from './sms-send.repository.js';

/** The ids a refusal names (the first ones; the count says how many there are). */
const named = (ids: number[]) => ({ count: ids.length, ids: ids.slice(0, 20).join(', ') + (ids.length > 20 ? ', ...' : '') });

/** A command's text for the device: its template with the user's text in `{message}` when it takes one. */
export function renderCommand(cmd: SmsCommandRow, message: string): string {
  return cmd.takes_message ? cmd.template.replaceAll('{message}', message) : cmd.template;
}

/**
 * Sending (§2 /admin/sendSMS, the device /sms tab, the logs tab's commands; §5 bulk SMS): checks, stores the messages
 * (status 0) with the call's audit row in one transaction, then queues them for the worker (docs/sms.md).
 */
@Injectable()
export class SmsSendService {
  constructor(
    private readonly repo: SmsSendRepository,
    private readonly scope: DeviceScopeService,
    private readonly outbox: SmsOutbox,
    private readonly audit: AuditService,
  ) {}

  /** The command of a type and the text it sends, or a 400 naming the field. */
  private async render(typeId: number, key: string, message: string, messageField = 'message'): Promise<string> {
    const cmd = await this.repo.command(typeId, key);
    if (!cmd) throw new DomainError(ErrorCode.ValidationFailed, [fieldError('command_key', 'smsUnknownCommand', { command: key })]);
    const text = renderCommand(cmd, message);
    if (text.length > SMS_TEXT_MAX) {
      throw new DomainError(ErrorCode.ValidationFailed, [fieldError(messageField, 'smsTooLong', { length: text.length, max: SMS_TEXT_MAX })]);
    }
    return text;
  }

  async send(s: SessionUser, body: SmsSendBody): Promise<SmsSent> {
    return this.sendCommand(s, body.device_id, body.command_key, body.message);
  }

  /** §7 /sms/send/startlog: LOG,START,<duration>,<level># (the START_LOG command of the device's type). */
  startLog(s: SessionUser, deviceId: number, duration: number, level: number): Promise<SmsSent> {
    return this.sendCommand(s, deviceId, 'START_LOG', `${duration},${level}`, 'duration');
  }

  /** §7 /sms/send/sendlog: LOG,SEND# (the watch uploads its log file; it appears in the logs tab). */
  sendLog(s: SessionUser, deviceId: number): Promise<SmsSent> {
    return this.sendCommand(s, deviceId, 'SEND_LOG', '');
  }

  private async sendCommand(s: SessionUser, deviceId: number, key: string, message: string, messageField?: string): Promise<SmsSent> {
    const d = await this.scope.device(s, deviceId);
    const text = await this.render(d.device_type_id, key, message, messageField);
    const m = await this.repo.tx(async (c) => {
      const stored = await this.outbox.store({ deviceId, commandKey: key, message: text, gsmNumber: d.gsm_number, createdBy: s.userId }, c);
      await this.audit.recordCall(c, { entity: 'sms_message', entityId: stored.id, result: { id: stored.id, device_id: deviceId, message: text } });
      return stored;
    });
    await this.outbox.dispatch([m.id]);
    return m;
  }

  /**
   * §5 bulk SMS: every id checked in one statement (unknown: 400, outside the user's device types: 403, of another type
   * than the chosen one: 400; nothing is stored then), the campaign and its messages stored with one INSERT ... SELECT,
   * then queued in chunks.
   */
  async sendBulk(s: SessionUser, body: SmsSendBulkBody): Promise<SmsCampaign> {
    if (!typeAllowed(s, body.device_type)) {
      throw new DomainError(ErrorCode.Forbidden, [fieldError('device_type', 'smsTypeNotAllowed')]);
    }
    if (!(await this.repo.deviceTypeExists(body.device_type))) {
      throw new DomainError(ErrorCode.ValidationFailed, [fieldError('device_type', 'unknownDeviceType')]);
    }
    const text = await this.render(body.device_type, body.command_key, body.message);
    const ids = [...new Set(body.devices)];
    const { unknown, other } = await this.repo.checkDevices(ids, body.device_type);
    const foreign = other.filter((x) => !typeAllowed(s, x.type)).map((x) => x.id);
    if (foreign.length) throw new DomainError(ErrorCode.Forbidden, [fieldError('devices', 'smsForeignDevices', named(foreign))]);
    const refused = [
      ...(unknown.length ? [fieldError('devices', 'smsUnknownDevices', named(unknown))] : []),
      ...(other.length ? [fieldError('devices', 'smsWrongTypeDevices', named(other.map((x) => x.id)))] : []),
    ];
    if (refused.length) throw new DomainError(ErrorCode.ValidationFailed, refused);

    const bulkId = randomUUID();
    const stored = await this.repo.tx(async (c) => {
      await this.repo.insertCampaign({ bulkId, commandKey: body.command_key, message: text, typeId: body.device_type, createdBy: s.userId, total: ids.length }, c);
      const created = await this.outbox.storeBulk({ bulkId, deviceIds: ids, commandKey: body.command_key, message: text, createdBy: s.userId }, c);
      await this.audit.recordCall(c, { entity: 'sms_campaign', entityId: bulkId, result: { bulk_id: bulkId, total: created.length, message: text } });
      return created;
    });
    await this.outbox.dispatch(stored);
    return this.campaign(s, bulkId);
  }

  async campaign(s: SessionUser, bulkId: string): Promise<SmsCampaign> {
    const c = await this.repo.campaign(bulkId);
    if (!c) throw new DomainError(ErrorCode.NotFound, [fieldError('bulk_id', 'smsUnknownCampaign')]);
    if (c.device_type !== null && !typeAllowed(s, c.device_type)) throw new DomainError(ErrorCode.Forbidden);
    return { ...c, done: c.created + c.sent === 0 };
  }

  async campaigns(s: SessionUser, page: number, count: number): Promise<SmsCampaign[]> {
    const partner = deviceTypeScope(s.role);
    const types = partner !== null ? [partner] : s.types.length && !s.types.includes(-1) ? s.types : null;
    const { items } = await this.repo.campaigns(types, count, page * count);
    return items.map((c) => ({ ...c, done: c.created + c.sent === 0 }));
  }
}
