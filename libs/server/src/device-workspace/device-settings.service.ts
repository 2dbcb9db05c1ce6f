import { Injectable } from '@nestjs/common';
import {
  checkSettingValue,
  ErrorCode,
  fieldError,
  PROFILE_COMMAND,
  WATCH_PROFILE_FIELDS,
  type DeviceSettingsBody,
  type FieldError,
  type SettingEditBody,
  type SettingPushResult,
} from '@tracker/contract';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceScopeService } from './device-scope.service.js';
import { DeviceSettingsRepository } from './device-settings.repository.js';
import { CommandLedger } from '../commands/command-ledger.service.js';
import { gateRefusal } from '../commands/command-state.js';
import { profileCommand, settingCommand } from '../commands/grammar.js';
import { DeviceSettingStore } from '../settings/device-setting.store.js';

/** The wearer's profile fields `/device/settings` may change (§3 Device). */
const PROFILE_FIELDS = ['first_name', 'last_name', 'birth_date', 'height', 'weight', 'gender'] as const;

/**
 * Settings (§2 settings tab, §9 rules): list, edit, push one, push all, load the type's defaults; and the general
 * settings (§2 /generalSettings, `/device/settings`): the wearer's profile, whose watch fields travel by SMS.
 */
@Injectable()
export class DeviceSettingsService {
  constructor(
    private readonly scope: DeviceScopeService,
    private readonly repo: DeviceSettingsRepository,
    private readonly ledger: CommandLedger,
    private readonly store: DeviceSettingStore,
  ) {}

  async general(s: SessionUser, id: number) {
    await this.scope.device(s, id);
    return this.generalOf(id);
  }

  private async generalOf(id: number) {
    const g = await this.repo.general(id);
    if (!g) throw new DomainError(ErrorCode.DeviceNotFound);
    return g;
  }

  /**
   * Saves the fields sent (at least one); when height, weight, gender or birth date changed, the profile goes to the
   * watch as one SMS (PROFILE_COMMAND) through the command ledger, stored with the change and its audit row in one
   * transaction and sent after the commit (docs/device-workspace.md "General settings"); a role that may not send it
   * gets 403 and nothing is saved; a device that cannot take a command (terminated, disabled, no number) keeps the
   * change and gets no SMS. Nothing changed: nothing is written, audited or sent.
   */
  async saveGeneral(s: SessionUser, id: number, body: DeviceSettingsBody) {
    await this.scope.device(s, id);
    const values: Record<string, unknown> = {};
    for (const k of PROFILE_FIELDS) if (body[k] !== undefined) values[k] = body[k];
    if (Object.keys(values).length === 0) throw new DomainError(ErrorCode.ValidationFailed, [fieldError('body', 'nothingToSave')]);
    const [device] = (await this.ledger.gate([id])).rows;
    const smsId = await this.repo.transaction(async (c) => {
      const before = await this.repo.updateDevice(id, values, c);
      const changed = Object.keys(values).filter((k) => before[k] !== values[k]);
      if (changed.length === 0) return null;
      let sms: number | null = null;
      if (changed.some((k) => (WATCH_PROFILE_FIELDS as readonly string[]).includes(k))) {
        this.ledger.authorise(s, PROFILE_COMMAND, changed.find((k) => (WATCH_PROFILE_FIELDS as readonly string[]).includes(k)));
        if (device && !gateRefusal(device)) {
          await this.ledger.takeQuota(s);
          const now = (await this.repo.general(id, c))!;
          sms = (await this.ledger.storeOne({ deviceId: id, commandKey: PROFILE_COMMAND, message: profileCommand(now), gsmNumber: device.gsm_number, createdBy: s.userId }, c)).id;
        }
      }
      await this.scope.deviceAudit(
        c,
        s,
        id,
        'device.settings',
        null,
        Object.fromEntries(changed.map((k) => [k, before[k]])),
        { ...Object.fromEntries(changed.map((k) => [k, values[k]])), ...(sms === null ? {} : { sms_id: sms }) },
      );
      return sms;
    });
    if (smsId !== null) await this.ledger.dispatch([smsId]);
    return this.generalOf(id);
  }

  async settings(s: SessionUser, id: number) {
    const d = await this.scope.device(s, id);
    return this.repo.settings(id, d.device_type_id);
  }

  async editSettings(s: SessionUser, id: number, body: SettingEditBody) {
    const d = await this.scope.device(s, id);
    const defaults = new Map((await this.repo.defaultSettings(d.device_type_id)).map((x) => [x.setting_no, x]));
    const errors: FieldError[] = [];
    body.settings.forEach((x, i) => {
      const def = defaults.get(x.setting_no);
      if (!def) errors.push(fieldError(`settings.${i}.setting_no`, ErrorCode.SettingNotFound));
      else if (!def.editable) errors.push(fieldError(`settings.${i}.value`, ErrorCode.SettingNotEditable));
      else {
        const r = checkSettingValue(def.name, x.value);
        if (r) errors.push(fieldError(`settings.${i}.value`, r.code, r.params));
      }
    });
    if (errors.length) throw new DomainError(ErrorCode.ValidationFailed, errors);
    const before = new Map((await this.repo.settings(id, d.device_type_id)).map((x) => [x.setting_no, x.value]));
    await this.repo.transaction(async (c) => {
      for (const x of body.settings) await this.store.set(id, x.setting_no, x.value, c);
      await this.scope.deviceAudit(
        c,
        s,
        id,
        'setting.edit',
        null,
        Object.fromEntries(body.settings.map((x) => [x.setting_no, before.get(x.setting_no) ?? null])),
        Object.fromEntries(body.settings.map((x) => [x.setting_no, x.value])),
      );
    });
    return this.repo.settings(id, d.device_type_id);
  }

  /**
   * Stores the SMS that carries a setting through the command ledger (the user may send it, the device may take it:
   * 403 / 409 otherwise) and marks the setting pending until the device confirms; the SMS pipeline sends it after the
   * commit, and the watch's reply confirms the setting or fails the push (docs/sms.md).
   */
  async pushSetting(s: SessionUser, id: number, settingNo: number): Promise<SettingPushResult> {
    this.ledger.authorise(s, settingCommand(settingNo, '').commandKey, 'setting_no');
    const d = await this.scope.device(s, id);
    const current = (await this.repo.settings(id, d.device_type_id)).find((x) => x.setting_no === settingNo);
    if (!current) throw new DomainError(ErrorCode.SettingNotFound);
    // like push_all: only editable settings are sent (a server host or port the device must keep is never pushed)
    if (!current.editable) {
      throw new DomainError(ErrorCode.SettingNotEditable, [fieldError('setting_no', ErrorCode.SettingNotEditable)]);
    }
    const value = current.value ?? current.default_value ?? '';
    const device = await this.ledger.gateOne(id);
    await this.ledger.takeQuota(s);
    const out = await this.repo.transaction(async (c) => {
      await this.store.set(id, settingNo, value, c);
      const sms = settingCommand(settingNo, value);
      const m = await this.ledger.storeOne({ deviceId: id, ...sms, gsmNumber: device.gsm_number, createdBy: s.userId }, c);
      await this.scope.deviceAudit(c, s, id, 'setting.push', null, null, { [settingNo]: value, sms_id: m.id });
      return { setting_no: settingNo, sms_id: m.id, message: sms.message, status: m.status, pending: true as const };
    });
    await this.ledger.dispatch([out.sms_id]);
    return out;
  }

  /** Every editable setting pushed, one SMS each, through the command ledger as `pushSetting`; one send of the quota. */
  async pushAll(s: SessionUser, id: number): Promise<SettingPushResult[]> {
    this.ledger.authorise(s, settingCommand(0, '').commandKey, 'device_id');
    const d = await this.scope.device(s, id);
    const list = (await this.repo.settings(id, d.device_type_id)).filter((x) => x.editable);
    const device = await this.ledger.gateOne(id);
    await this.ledger.takeQuota(s);
    const pushed = await this.repo.transaction(async (c) => {
      const out: SettingPushResult[] = [];
      for (const x of list) {
        const value = x.value ?? x.default_value ?? '';
        await this.store.set(id, x.setting_no, value, c);
        const sms = settingCommand(x.setting_no, value);
        const m = await this.ledger.storeOne({ deviceId: id, ...sms, gsmNumber: device.gsm_number, createdBy: s.userId }, c);
        out.push({ setting_no: x.setting_no, sms_id: m.id, message: sms.message, status: m.status, pending: true });
      }
      await this.scope.deviceAudit(c, s, id, 'setting.push_all', null, null, { count: out.length });
      return out;
    });
    await this.ledger.dispatch(pushed.map((x) => x.sms_id));
    return pushed;
  }

  /**
   * Loads the type's defaults: profile 0 replaces every setting (values of settings the type has no default for are
   * dropped); a profile of the type (`default_setting.types`) sets only the defaults of that profile (a default with
   * no profiles belongs to every profile) and leaves the other settings as they are. Any other profile is a 400.
   */
  async loadDefaults(s: SessionUser, id: number, type: number) {
    const d = await this.scope.device(s, id);
    const all = await this.repo.defaultSettings(d.device_type_id);
    const profiles = [...new Set(all.flatMap((x) => x.types))].sort((a, b) => a - b);
    if (type !== 0 && !profiles.includes(type)) {
      const refusal = profiles.length ? fieldError('type', 'notDefaultProfile', { known: profiles.join(', ') }) : fieldError('type', 'noDefaultProfiles');
      throw new DomainError(ErrorCode.ValidationFailed, [refusal]);
    }
    const defaults = all.filter((x) => type === 0 || x.types.length === 0 || x.types.includes(type));
    const before = new Map((await this.repo.settings(id, d.device_type_id)).map((x) => [x.setting_no, x.value ?? x.default_value]));
    const changed = defaults.filter((x) => before.get(x.setting_no) !== x.value);
    await this.repo.transaction(async (c) => {
      if (type === 0) await this.store.clear(id, c);
      for (const x of defaults) await this.store.set(id, x.setting_no, x.value, c);
      await this.scope.deviceAudit(
        c,
        s,
        id,
        'setting.load_default',
        null,
        Object.fromEntries(changed.map((x) => [x.setting_no, before.get(x.setting_no) ?? null])),
        { type, count: defaults.length, changed: Object.fromEntries(changed.map((x) => [x.setting_no, x.value])) },
      );
    });
    return this.repo.settings(id, d.device_type_id);
  }
}
