import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  checkSettingValue,
  CONFIRMED_ACTIONS,
  ErrorCode,
  fieldError,
  type DefaultSettingAddBody,
  type DefaultSettingEditBody,
  type DefaultSettingItem,
  type ConfirmationRequired,
  type PushToAllQuery,
  type SmsCampaign,
} from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { simOperatorScope, typeAllowed } from '../device-workspace/device-scope.service.js';
import { CommandLedger } from '../commands/command-ledger.service.js';
import { settingCommand } from '../commands/grammar.js';
import { DeviceSettingStore } from '../settings/device-setting.store.js';
import { campaignDone, SmsSendRepository } from '../sms/sms-send.repository.js';
import { auditSave, isUniqueViolation } from './admin-audit.js';
import { DefaultSettingsPushRepository } from './default-settings-push.repository.js';
import { DefaultSettingsRepository, type DefaultFields } from './default-settings.repository.js';

/**
 * §2 /admin/defaultSettings: a type's default settings, add and edit (values under the §9 rules of their name), and
 * the push of one default to every device of the type as an SMS campaign (stored in one transaction, sent by the
 * worker, progress at /sms/campaign). Users see only the types they may (§6 partner scope, the user's types): the
 * partner managers 12 and 14 open their own type only, and their push reaches only the devices of their operators.
 */
@Injectable()
export class DefaultSettingsService {
  constructor(
    private readonly repo: DefaultSettingsRepository,
    private readonly push: DefaultSettingsPushRepository,
    private readonly sms: SmsSendRepository,
    private readonly ledger: CommandLedger,
    private readonly settings: DeviceSettingStore,
    private readonly audit: AuditService,
  ) {}

  private async type(s: SessionUser, typeId: number, field = 'device_type_id'): Promise<void> {
    if (!typeAllowed(s, typeId)) throw new DomainError(ErrorCode.Forbidden);
    if (!(await this.repo.deviceTypeExists(typeId))) throw new DomainError(ErrorCode.ValidationFailed, [fieldError(field, 'unknownDeviceType')]);
  }

  private fields(b: DefaultSettingEditBody | DefaultSettingAddBody): DefaultFields {
    const refused = checkSettingValue(b.name, b.value);
    if (refused) throw new DomainError(ErrorCode.ValidationFailed, [fieldError('value', refused.code, refused.params)]);
    return { name: b.name || null, value: b.value, synced: b.synced, editable: b.editable, types: [...new Set(b.types)].sort((x, y) => x - y) };
  }

  async list(s: SessionUser, typeId: number): Promise<DefaultSettingItem[]> {
    await this.type(s, typeId);
    return this.repo.list(typeId);
  }

  async add(s: SessionUser, b: DefaultSettingAddBody): Promise<DefaultSettingItem> {
    await this.type(s, b.device_type_id);
    const f = this.fields(b);
    try {
      return await this.repo.transaction(async (tx) => {
        const saved = await this.repo.create(tx, b.device_type_id, b.setting_no, f);
        await auditSave(this.audit, tx, 'default_setting', saved.id, null, saved);
        return saved;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError(ErrorCode.Duplicate, [fieldError('setting_no', 'duplicate')]);
      throw e;
    }
  }

  async edit(s: SessionUser, b: DefaultSettingEditBody): Promise<DefaultSettingItem> {
    const f = this.fields(b);
    return this.repo.transaction(async (tx) => {
      const before = await this.repo.forUpdate(tx, b.id);
      if (!before) throw new DomainError(ErrorCode.NotFound, [fieldError('id', ErrorCode.NotFound)]);
      if (!typeAllowed(s, before.device_type_id)) throw new DomainError(ErrorCode.Forbidden);
      const saved = await this.repo.update(tx, b.id, f);
      await auditSave(this.audit, tx, 'default_setting', saved.id, before, saved);
      return saved;
    });
  }

  /**
   * The default's value becomes every device's value of the setting (pending) and goes out as one campaign through
   * the command ledger: `SETTING,<no>,<value>#` under SETTING_<no> to every device of the type that can take a command
   * (the others are refused with their reasons and kept with the campaign). The first call answers the target count
   * with a confirmation token; the call that brings it back stores the values, the campaign, its messages, its
   * refusals and its audit row in one transaction and queues the messages after the commit (docs/sms.md). A setting
   * that is not editable is never pushed (as on a device).
   */
  async pushToAll(s: SessionUser, q: PushToAllQuery): Promise<SmsCampaign | ConfirmationRequired> {
    await this.type(s, q.device_type_id);
    const sms = settingCommand(q.setting_no, '');
    this.ledger.authorise(s, sms.commandKey, 'setting_no');
    const def = await this.push.defaultFor(q.device_type_id, q.setting_no);
    if (!def) throw new DomainError(ErrorCode.ValidationFailed, [fieldError('setting_no', ErrorCode.SettingNotFound)]);
    if (!def.editable) throw new DomainError(ErrorCode.ValidationFailed, [fieldError('setting_no', ErrorCode.SettingNotEditable)]);
    const gate = await this.ledger.gate(await this.push.typeDeviceIds(q.device_type_id, simOperatorScope(s)));
    if (!q.confirm_token) {
      return this.ledger.askConfirmation(s, CONFIRMED_ACTIONS.settingPushToAll, q, { commandKey: sms.commandKey, targets: gate.ok.length, refused: gate.refused });
    }
    await this.ledger.redeem(s, CONFIRMED_ACTIONS.settingPushToAll, q, q.confirm_token);
    await this.ledger.takeQuota(s);
    const bulkId = randomUUID();
    const stored = await this.push.transaction(async (c) => {
      // the value as it is now, under a share lock: an edit since the confirmation is what goes out
      const now = await this.push.defaultFor(q.device_type_id, q.setting_no, c);
      if (!now?.editable) throw new DomainError(ErrorCode.ValidationFailed, [fieldError('setting_no', now ? ErrorCode.SettingNotEditable : ErrorCode.SettingNotFound)]);
      const command = settingCommand(q.setting_no, now.value);
      const ids = gate.ok.map((d) => d.id);
      await this.settings.setMany(ids, q.setting_no, now.value, c);
      await this.sms.insertCampaign({ bulkId, ...command, typeId: q.device_type_id, createdBy: s.userId, total: ids.length, refused: gate.refused.length }, c);
      const created = await this.ledger.storeBulk({ bulkId, deviceIds: ids, ...command, createdBy: s.userId }, c);
      await this.ledger.keepRefusals('campaign', bulkId, gate.refused, c);
      await this.audit.recordCall(c, {
        entity: 'default_setting',
        entityId: now.id,
        result: { bulk_id: bulkId, device_type_id: q.device_type_id, setting_no: q.setting_no, value: now.value, total: created.length, refused: gate.refused.length },
      });
      return created;
    });
    await this.ledger.dispatch(stored);
    const campaign = await this.sms.campaign(bulkId);
    return { ...campaign!, done: campaignDone(campaign!) };
  }
}
