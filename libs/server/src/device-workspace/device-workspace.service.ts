import { Injectable } from '@nestjs/common';
import {
  AuditStatus,
  checkSettingValue,
  DeviceStatus,
  ErrorCode,
  OPERATOR_DEFAULTS,
  type DeviceDayQuery,
  type DeviceDetail,
  type DeviceUpdateBody,
  type LocationListQuery,
  type SettingEditBody,
  type SettingPushResult,
  type SwapSimBody,
} from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import type { Queryable } from '../core/db.js';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceScopeService, factoryTypeAllowed, simOperatorScope, typeAllowed } from './device-scope.service.js';
import { DeviceWorkspaceRepository } from './device-workspace.repository.js';
import type { DataDayKind, DataDaysQuery } from '@tracker/contract';

/** Columns the general settings may change. */
const UPDATABLE = ['first_name', 'last_name', 'name_id', 'birth_date', 'height', 'weight', 'gender', 'enabled', 'is_test'] as const;

/** The SMS a setting push queues: `SETTING,<no>,<value>#` under command key SETTING_<no>. */
export const settingSms = (settingNo: number, value: string) => ({
  commandKey: `SETTING_${settingNo}`,
  message: `SETTING,${settingNo},${value}#`,
});

/**
 * Whether a SIM may go into a device (the rules of §7 swap_sim), or the error that says why not: unknown (404), of
 * another operator (403: another partner's stock), already in this device (400), in another device (409).
 */
export function swapRefusal(sim: { in_scope: boolean; device_id: number | null } | null, deviceId: number): DomainError | null {
  if (!sim) return new DomainError(ErrorCode.SimNotFound, [{ field: 'sim_card_id', message: ErrorCode.SimNotFound }]);
  if (!sim.in_scope) return new DomainError(ErrorCode.Forbidden);
  if (sim.device_id === deviceId) {
    return new DomainError(ErrorCode.ValidationFailed, [{ field: 'sim_card_id', message: 'The SIM card is already in this device' }]);
  }
  if (sim.device_id !== null) return new DomainError(ErrorCode.SimInUse, [{ field: 'sim_card_id', message: ErrorCode.SimInUse }]);
  return null;
}

@Injectable()
export class DeviceWorkspaceService {
  constructor(
    private readonly scope: DeviceScopeService,
    private readonly repo: DeviceWorkspaceRepository,
    private readonly audit: AuditService,
  ) {}

  private async detailOf(id: number): Promise<DeviceDetail> {
    const d = await this.repo.detail(id);
    if (!d) throw new DomainError(ErrorCode.DeviceNotFound);
    return d;
  }

  /** A device event of the audit trail, written by `c`: in the transaction of the change it records. */
  private deviceAudit(c: Queryable, s: SessionUser, deviceId: number, action: string, status: number | null, before: unknown, after: unknown) {
    return this.audit.record(
      {
        actorId: s.userId,
        actorName: s.username,
        action,
        area: 'device',
        entity: 'device',
        entityId: deviceId,
        deviceId,
        status,
        input: before,
        result: after,
      },
      c,
    );
  }

  // ------------------------------------------------------------------ header, information, general settings

  async detail(s: SessionUser, id: number) {
    await this.scope.device(s, id);
    return this.detailOf(id);
  }

  /** §7 `factory_details?id`: the factory record by its own id (404 unknown, 403 of a type the user may not see). */
  async factory(s: SessionUser, id: number) {
    const f = await this.repo.factory(id);
    if (!f) throw new DomainError(ErrorCode.NotFound, [{ field: 'id', message: 'No factory device with this id' }]);
    if (!factoryTypeAllowed(s, f.device_type_id)) throw new DomainError(ErrorCode.Forbidden);
    return f;
  }

  async update(s: SessionUser, id: number, factoryId: number | undefined, body: DeviceUpdateBody) {
    const d = await this.scope.device(s, id);
    const values: Record<string, unknown> = {};
    for (const k of UPDATABLE) if (body[k] !== undefined) values[k] = body[k];
    if (factoryId !== undefined) values.factory_device_id = factoryId;
    if (Object.keys(values).length === 0) {
      throw new DomainError(ErrorCode.ValidationFailed, [{ field: 'body', message: 'Nothing to save' }]);
    }
    await this.repo.tx(async (c) => {
      if (factoryId !== undefined) {
        const type = await this.repo.factoryType(factoryId, c);
        if (type === undefined) {
          throw new DomainError(ErrorCode.ValidationFailed, [{ field: 'factory_id', message: 'No factory device with this id' }]);
        }
        // a factory record of another type would also hand its IMEI, IMSI, ICCID and activation code to whoever may
        // read this device (another partner's, through /device/factory_details)
        if ((type !== null && type !== d.device_type_id) || !factoryTypeAllowed(s, type)) {
          throw new DomainError(ErrorCode.ValidationFailed, [{ field: 'factory_id', message: 'The factory device is of another device type' }]);
        }
      }
      const before = await this.repo.updateDevice(id, values, c);
      const changed = Object.keys(values).filter((k) => before[k] !== values[k]);
      if (changed.length === 0) return;
      const enabledChanged = values.enabled !== undefined && before.enabled !== values.enabled;
      await this.deviceAudit(
        c,
        s,
        id,
        'device.update',
        enabledChanged ? (values.enabled ? AuditStatus.Enabled : AuditStatus.Disabled) : null,
        Object.fromEntries(changed.map((k) => [k, before[k]])),
        Object.fromEntries(changed.map((k) => [k, values[k]])),
      );
    });
    return this.detailOf(id);
  }

  /** §4: reinitialize sets initialized false and device_status 1. */
  async reinitialize(s: SessionUser, id: number) {
    await this.scope.device(s, id);
    const after = { initialized: false, device_status: DeviceStatus.Inactive };
    await this.repo.tx(async (c) => {
      const before = await this.repo.updateDevice(id, after, c);
      await this.deviceAudit(c, s, id, 'device.reinitialize', AuditStatus.NotInitialized, before, after);
    });
    return this.detailOf(id);
  }

  /** Removes the device from its account: no owner, unassigned, not initialized, no contact or zone links. */
  async remove(s: SessionUser, id: number) {
    const d = await this.scope.device(s, id);
    if (d.owner_id !== null) {
      await this.repo.tx(async (c) => {
        await this.repo.updateDevice(id, { owner_id: null, device_status: DeviceStatus.Unassigned, initialized: false }, c);
        await this.repo.unlinkContactsAndZones(id, c);
        await this.deviceAudit(c, s, id, 'device.remove', AuditStatus.RemovedFromAccount, { owner_id: d.owner_id }, { owner_id: null });
      });
    }
    return this.detailOf(id);
  }

  async traces(s: SessionUser, id: number, page: number, count: number) {
    await this.scope.device(s, id);
    const { items, total } = await this.repo.traces(id, count, page * count);
    return { items, total_pages: Math.ceil(total / count), more: false, page };
  }

  // ------------------------------------------------------------------ tracking

  async locations(s: SessionUser, q: LocationListQuery) {
    await this.scope.device(s, q.device_id);
    const { items, total } = await this.repo.locationPage(q.device_id, q.date, q.tz, q.count, q.page * q.count);
    return { items, total, total_pages: Math.ceil(total / q.count), more: false, page: q.page };
  }

  async path(s: SessionUser, q: DeviceDayQuery) {
    await this.scope.device(s, q.device_id);
    return { points: await this.repo.locationPath(q.device_id, q.date, q.tz) };
  }

  async location(s: SessionUser, deviceId: number, locationId: number) {
    await this.scope.device(s, deviceId);
    const l = await this.repo.location(deviceId, locationId);
    if (!l) throw new DomainError(ErrorCode.LocationNotFound);
    return l;
  }

  async safeZones(s: SessionUser, id: number) {
    const d = await this.scope.device(s, id);
    return d.owner_id === null ? [] : this.repo.safeZones(id, d.owner_id);
  }

  async safeZoneLogs(s: SessionUser, q: DeviceDayQuery) {
    await this.scope.device(s, q.device_id);
    return this.repo.safeZoneLogs(q.device_id, q.date, q.tz);
  }

  // ------------------------------------------------------------------ settings

  async settings(s: SessionUser, id: number) {
    const d = await this.scope.device(s, id);
    return this.repo.settings(id, d.device_type_id);
  }

  async editSettings(s: SessionUser, id: number, body: SettingEditBody) {
    const d = await this.scope.device(s, id);
    const defaults = new Map((await this.repo.defaultSettings(d.device_type_id)).map((x) => [x.setting_no, x]));
    const errors: { field: string; message: string }[] = [];
    body.settings.forEach((x, i) => {
      const def = defaults.get(x.setting_no);
      if (!def) errors.push({ field: `settings.${i}.setting_no`, message: ErrorCode.SettingNotFound });
      else if (!def.editable) errors.push({ field: `settings.${i}.value`, message: ErrorCode.SettingNotEditable });
      else {
        const m = checkSettingValue(def.name, x.value);
        if (m) errors.push({ field: `settings.${i}.value`, message: m });
      }
    });
    if (errors.length) throw new DomainError(ErrorCode.ValidationFailed, errors);
    const before = new Map((await this.repo.settings(id, d.device_type_id)).map((x) => [x.setting_no, x.value]));
    await this.repo.tx(async (c) => {
      for (const x of body.settings) await this.repo.upsertSetting(id, x.setting_no, x.value, c);
      await this.deviceAudit(
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

  /** Queues the SMS that carries a setting and marks it pending (synced = false) until the device confirms. */
  async pushSetting(s: SessionUser, id: number, settingNo: number): Promise<SettingPushResult> {
    const d = await this.scope.device(s, id);
    const current = (await this.repo.settings(id, d.device_type_id)).find((x) => x.setting_no === settingNo);
    if (!current) throw new DomainError(ErrorCode.SettingNotFound);
    // like push_all: only editable settings are sent (a server host or port the device must keep is never pushed)
    if (!current.editable) {
      throw new DomainError(ErrorCode.SettingNotEditable, [{ field: 'setting_no', message: ErrorCode.SettingNotEditable }]);
    }
    const value = current.value ?? current.default_value ?? '';
    return this.repo.tx(async (c) => {
      await this.repo.upsertSetting(id, settingNo, value, c);
      const sms = settingSms(settingNo, value);
      const m = await this.repo.queueSms({ deviceId: id, ...sms, gsmNumber: d.gsm_number, createdBy: s.userId }, c);
      await this.deviceAudit(c, s, id, 'setting.push', null, null, { [settingNo]: value, sms_id: m.id });
      return { setting_no: settingNo, sms_id: m.id, message: sms.message, status: m.status, pending: true as const };
    });
  }

  async pushAll(s: SessionUser, id: number): Promise<SettingPushResult[]> {
    const d = await this.scope.device(s, id);
    const list = (await this.repo.settings(id, d.device_type_id)).filter((x) => x.editable);
    return this.repo.tx(async (c) => {
      const out: SettingPushResult[] = [];
      for (const x of list) {
        const value = x.value ?? x.default_value ?? '';
        await this.repo.upsertSetting(id, x.setting_no, value, c);
        const sms = settingSms(x.setting_no, value);
        const m = await this.repo.queueSms({ deviceId: id, ...sms, gsmNumber: d.gsm_number, createdBy: s.userId }, c);
        out.push({ setting_no: x.setting_no, sms_id: m.id, message: sms.message, status: m.status, pending: true });
      }
      await this.deviceAudit(c, s, id, 'setting.push_all', null, null, { count: out.length });
      return out;
    });
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
      const known = profiles.length ? `0 (all) or one of ${profiles.join(', ')}` : '0 (all)';
      throw new DomainError(ErrorCode.ValidationFailed, [
        { field: 'type', message: `type is not a default profile of this device type: use ${known}` },
      ]);
    }
    const defaults = all.filter((x) => type === 0 || x.types.length === 0 || x.types.includes(type));
    const before = new Map((await this.repo.settings(id, d.device_type_id)).map((x) => [x.setting_no, x.value ?? x.default_value]));
    const changed = defaults.filter((x) => before.get(x.setting_no) !== x.value);
    await this.repo.tx(async (c) => {
      if (type === 0) await this.repo.clearSettings(id, c);
      for (const x of defaults) await this.repo.upsertSetting(id, x.setting_no, x.value, c);
      await this.deviceAudit(
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

  // ------------------------------------------------------------------ contacts, sms, gaps, temperature, logs

  async contacts(s: SessionUser, id: number, deviceType: number | undefined) {
    const d = await this.scope.device(s, id);
    if (deviceType !== undefined && deviceType !== d.device_type_id) {
      throw new DomainError(ErrorCode.ValidationFailed, [{ field: 'device_type', message: 'device_type is not the type of this device' }]);
    }
    const [contacts, owned, limit] = await Promise.all([
      this.repo.contacts(id),
      d.owner_id === null ? Promise.resolve([]) : this.repo.ownerDevices(d.owner_id),
      this.repo.contactsLimit(id),
    ]);
    // an owner may also hold a device of another partner's type: the user sees only the devices of their scope
    const devices = owned.filter((x) => typeAllowed(s, x.device_type_id)).map(({ device_type_id: _, ...x }) => x);
    const visible = new Set(devices.map((x) => x.id));
    return {
      contacts: contacts.map((c) => ({ ...c, devices: c.devices.filter((x) => x === id || visible.has(x)) })),
      devices,
      limit: limit ?? OPERATOR_DEFAULTS.contacts_limit,
    };
  }

  async sms(s: SessionUser, q: DeviceDayQuery) {
    await this.scope.device(s, q.device_id);
    return this.repo.sms(q.device_id, q.date, q.tz);
  }

  async smsCommands(s: SessionUser, id: number) {
    const d = await this.scope.device(s, id);
    return this.repo.smsCommands(d.device_type_id);
  }

  async communications(s: SessionUser, q: DeviceDayQuery) {
    await this.scope.device(s, q.device_id);
    return this.repo.communications(q.device_id, q.date, q.tz);
  }

  async temperatures(s: SessionUser, q: DeviceDayQuery) {
    await this.scope.device(s, q.device_id);
    return this.repo.temperatures(q.device_id, q.date, q.tz);
  }

  async notifications(s: SessionUser, q: DeviceDayQuery) {
    await this.scope.device(s, q.device_id);
    return this.repo.notifications(q.device_id, q.date, q.tz);
  }

  /**
   * Queues a test notification to the owner's app (status 0 created; the push pipeline sends it). Without a
   * push token it is stored as failed with the §4 iPhone code 2 "missing token", as the push service would.
   */
  async testNotification(s: SessionUser, id: number, userId: number | undefined) {
    const d = await this.scope.device(s, id);
    if (d.owner_id === null) throw new DomainError(ErrorCode.DeviceHasNoOwner);
    if (userId !== undefined && userId !== d.owner_id) {
      throw new DomainError(ErrorCode.ValidationFailed, [{ field: 'user_id', message: 'user_id is not the owner of this device' }]);
    }
    const owner = await this.repo.owner(d.owner_id);
    const platform = owner?.apn_token ? 'IOS' : owner?.gcm_token ? 'ANDROID' : 'IOS';
    const hasToken = Boolean(owner?.apn_token || owner?.gcm_token);
    const ownerId = d.owner_id;
    return this.repo.tx(async (c) => {
      const n = await this.repo.insertNotification(
        {
          deviceId: id,
          userId: ownerId,
          platform,
          message: `Test notification${d.first_name ? `: ${d.first_name}` : ''}`,
          status: hasToken ? 0 : 3,
          errorCode: hasToken ? 0 : 2,
        },
        c,
      );
      await this.deviceAudit(c, s, id, 'device.test_notification', null, null, { notification_id: n.id, platform: n.platform, status: n.status });
      return n;
    });
  }

  async logs(s: SessionUser, id: number) {
    await this.scope.device(s, id);
    return this.repo.deviceLogs(id);
  }

  async logFile(s: SessionUser, name: string) {
    const f = await this.repo.deviceLogFile(name);
    if (!f) throw new DomainError(ErrorCode.DeviceLogNotFound);
    await this.scope.device(s, f.device_id);
    return { name: f.file_name, content: f.content ?? Buffer.alloc(0) };
  }

  // ------------------------------------------------------------------ swap SIM

  /**
   * A SIM by IMSI. A SIM of an operator outside the user's (a partner's stock of another operator), and a SIM that
   * sits in a device the user may not see (another partner's), are refused like a foreign device (403): its number,
   * ICCID and device id are not theirs to read.
   */
  async simCard(s: SessionUser, imsi: string) {
    const sim = await this.repo.simByImsi(imsi, simOperatorScope(s));
    if (sim === undefined) throw new DomainError(ErrorCode.SimNotFound, [{ field: 'imsi', message: ErrorCode.SimNotFound }]);
    if (sim === null) throw new DomainError(ErrorCode.Forbidden);
    if (sim.device_id !== null) await this.scope.device(s, sim.device_id);
    return sim;
  }

  /** Puts another SIM into the device; the old one goes back to stock (inactive). Audited as swap out + swap in. */
  async swapSim(s: SessionUser, body: SwapSimBody) {
    await this.scope.device(s, body.device_id);
    await this.repo.tx(async (c) => {
      const dev = await this.repo.deviceSimForUpdate(body.device_id, c);
      const sim = await this.repo.simForUpdate(body.sim_card_id, simOperatorScope(s), c);
      const refusal = swapRefusal(sim, body.device_id);
      if (refusal || !sim) throw refusal;
      await this.repo.swapSim(body.device_id, dev.sim_id, { id: sim.id, imsi: sim.imsi }, body.gsm_number, c);
      const out = { sim_id: dev.sim_id, imsi: dev.imsi, gsm_number: dev.gsm_number };
      await this.deviceAudit(c, s, body.device_id, 'device.swap_out', AuditStatus.SwapOut, out, null);
      await this.deviceAudit(c, s, body.device_id, 'device.swap_in', AuditStatus.SwapIn, null, {
        sim_id: body.sim_card_id,
        imsi: sim.imsi,
        gsm_number: body.gsm_number,
      });
    });
    return this.detailOf(body.device_id);
  }

  /** Days with data of a day tab (in a month) and the last one, for a device in the user's scope. */
  async dataDays(s: SessionUser, kind: DataDayKind, q: DataDaysQuery) {
    await this.scope.device(s, q.device_id);
    return this.repo.dataDays(kind, q.device_id, q.month, q.tz);
  }
}
