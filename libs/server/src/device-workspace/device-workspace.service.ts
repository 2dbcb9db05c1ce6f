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
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceScopeService, typeAllowed } from './device-scope.service.js';
import { DeviceWorkspaceRepository } from './device-workspace.repository.js';
import type { DataDayKind, DataDaysQuery } from '@tracker/contract';

/** Columns the general settings may change. */
const UPDATABLE = ['first_name', 'last_name', 'name_id', 'birth_date', 'height', 'weight', 'gender', 'enabled', 'is_test'] as const;

/** The SMS a setting push queues: `SETTING,<no>,<value>#` under command key SETTING_<no>. */
export const settingSms = (settingNo: number, value: string) => ({
  commandKey: `SETTING_${settingNo}`,
  message: `SETTING,${settingNo},${value}#`,
});

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

  private deviceAudit(s: SessionUser, deviceId: number, action: string, status: number | null, before: unknown, after: unknown) {
    return this.audit.record({
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
    });
  }

  // ------------------------------------------------------------------ header, information, general settings

  async detail(s: SessionUser, id: number) {
    await this.scope.device(s, id);
    return this.detailOf(id);
  }

  async factory(s: SessionUser, id: number) {
    await this.scope.device(s, id);
    return this.repo.factoryOf(id);
  }

  async update(s: SessionUser, id: number, factoryId: number | undefined, body: DeviceUpdateBody) {
    const d = await this.scope.device(s, id);
    const values: Record<string, unknown> = {};
    for (const k of UPDATABLE) if (body[k] !== undefined) values[k] = body[k];
    if (factoryId !== undefined) values.factory_device_id = factoryId;
    if (Object.keys(values).length === 0) {
      throw new DomainError(ErrorCode.ValidationFailed, [{ field: 'body', message: 'Nothing to save' }]);
    }
    const before = await this.repo.tx(async (c) => {
      if (factoryId !== undefined) {
        const type = await this.repo.factoryType(factoryId, c);
        if (type === undefined) {
          throw new DomainError(ErrorCode.ValidationFailed, [{ field: 'factory_id', message: 'No factory device with this id' }]);
        }
        // a factory record of another type would also hand its IMEI, IMSI, ICCID and activation code to whoever may
        // read this device (another partner's, through /device/factory_details)
        if (type !== null && type !== d.device_type_id) {
          throw new DomainError(ErrorCode.ValidationFailed, [{ field: 'factory_id', message: 'The factory device is of another device type' }]);
        }
      }
      return this.repo.updateDevice(id, values, c);
    });
    const changed = Object.keys(values).filter((k) => before[k] !== values[k]);
    if (changed.length > 0) {
      const enabledChanged = values.enabled !== undefined && before.enabled !== values.enabled;
      await this.deviceAudit(
        s,
        id,
        'device.update',
        enabledChanged ? (values.enabled ? AuditStatus.Enabled : AuditStatus.Disabled) : null,
        Object.fromEntries(changed.map((k) => [k, before[k]])),
        Object.fromEntries(changed.map((k) => [k, values[k]])),
      );
    }
    return this.detailOf(id);
  }

  /** §4: reinitialize sets initialized false and device_status 1. */
  async reinitialize(s: SessionUser, id: number) {
    await this.scope.device(s, id);
    const before = await this.repo.tx((c) => this.repo.updateDevice(id, { initialized: false, device_status: DeviceStatus.Inactive }, c));
    await this.deviceAudit(s, id, 'device.reinitialize', AuditStatus.NotInitialized, before, {
      initialized: false,
      device_status: DeviceStatus.Inactive,
    });
    return this.detailOf(id);
  }

  /** Removes the device from its account: no owner, unassigned, not initialized, no contact or zone links. */
  async remove(s: SessionUser, id: number) {
    const d = await this.scope.device(s, id);
    if (d.owner_id !== null) {
      await this.repo.tx(async (c) => {
        await this.repo.updateDevice(id, { owner_id: null, device_status: DeviceStatus.Unassigned, initialized: false }, c);
        await c.query('DELETE FROM contact_device WHERE device_id = $1', [id]);
        await c.query('DELETE FROM safe_zone_device WHERE device_id = $1', [id]);
      });
      await this.deviceAudit(s, id, 'device.remove', AuditStatus.RemovedFromAccount, { owner_id: d.owner_id }, { owner_id: null });
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
    });
    await this.deviceAudit(
      s,
      id,
      'setting.edit',
      null,
      Object.fromEntries(body.settings.map((x) => [x.setting_no, before.get(x.setting_no) ?? null])),
      Object.fromEntries(body.settings.map((x) => [x.setting_no, x.value])),
    );
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
    const out = await this.repo.tx(async (c) => {
      await this.repo.upsertSetting(id, settingNo, value, c);
      const sms = settingSms(settingNo, value);
      const m = await this.repo.queueSms({ deviceId: id, ...sms, gsmNumber: d.gsm_number, createdBy: s.userId }, c);
      return { setting_no: settingNo, sms_id: m.id, message: sms.message, status: m.status, pending: true as const };
    });
    await this.deviceAudit(s, id, 'setting.push', null, null, { [settingNo]: value, sms_id: out.sms_id });
    return out;
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
      return out;
    }).then(async (out) => {
      await this.deviceAudit(s, id, 'setting.push_all', null, null, { count: out.length });
      return out;
    });
  }

  /** Replaces the device's settings with its type's defaults of profile `type` (0: every default). */
  async loadDefaults(s: SessionUser, id: number, type: number) {
    const d = await this.scope.device(s, id);
    const defaults = (await this.repo.defaultSettings(d.device_type_id)).filter(
      (x) => type === 0 || x.types.length === 0 || x.types.includes(type),
    );
    await this.repo.tx(async (c) => {
      await c.query('DELETE FROM device_setting WHERE device_id = $1', [id]);
      for (const x of defaults) await this.repo.upsertSetting(id, x.setting_no, x.value, c);
    });
    await this.deviceAudit(s, id, 'setting.load_default', null, null, { type, count: defaults.length });
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
    const n = await this.repo.insertNotification({
      deviceId: id,
      userId: d.owner_id,
      platform,
      message: `Test notification${d.first_name ? `: ${d.first_name}` : ''}`,
      status: hasToken ? 0 : 3,
      errorCode: hasToken ? 0 : 2,
    });
    await this.deviceAudit(s, id, 'device.test_notification', null, null, { notification_id: n.id, platform: n.platform, status: n.status });
    return n;
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
   * A SIM by IMSI. A SIM that sits in a device the user may not see (another partner's) is refused like that
   * device (403): its number, ICCID and device id are that partner's data.
   */
  async simCard(s: SessionUser, imsi: string) {
    const sim = await this.repo.simByImsi(imsi);
    if (!sim) throw new DomainError(ErrorCode.SimNotFound, [{ field: 'imsi', message: ErrorCode.SimNotFound }]);
    if (sim.device_id !== null) await this.scope.device(s, sim.device_id);
    return sim;
  }

  /** Puts another SIM into the device; the old one goes back to stock (inactive). Audited as swap out + swap in. */
  async swapSim(s: SessionUser, body: SwapSimBody) {
    await this.scope.device(s, body.device_id);
    const { oldSim, newImsi, oldImsi, oldGsm } = await this.repo.tx(async (c) => {
      const dev = (
        await c.query<{ sim_id: number | null; imsi: string | null; gsm_number: string | null }>(
          'SELECT sim_id, imsi, gsm_number FROM device WHERE id = $1 FOR UPDATE',
          [body.device_id],
        )
      ).rows[0]!;
      const sim = await this.repo.simForUpdate(body.sim_card_id, c);
      if (!sim) throw new DomainError(ErrorCode.SimNotFound, [{ field: 'sim_card_id', message: ErrorCode.SimNotFound }]);
      if (sim.device_id === body.device_id) {
        throw new DomainError(ErrorCode.ValidationFailed, [{ field: 'sim_card_id', message: 'The SIM card is already in this device' }]);
      }
      if (sim.device_id !== null) throw new DomainError(ErrorCode.SimInUse, [{ field: 'sim_card_id', message: ErrorCode.SimInUse }]);
      if (dev.sim_id !== null) await c.query('UPDATE sim_card SET status = 0, updated_at = now() WHERE id = $1', [dev.sim_id]);
      await c.query('UPDATE sim_card SET status = 1, gsm_number = $2, updated_at = now() WHERE id = $1', [sim.id, body.gsm_number]);
      await c.query('UPDATE device SET sim_id = $2, imsi = $3, gsm_number = $4, updated_at = now() WHERE id = $1', [
        body.device_id,
        sim.id,
        sim.imsi,
        body.gsm_number,
      ]);
      return { oldSim: dev.sim_id, oldImsi: dev.imsi, oldGsm: dev.gsm_number, newImsi: sim.imsi };
    });
    await this.deviceAudit(s, body.device_id, 'device.swap_out', AuditStatus.SwapOut, { sim_id: oldSim, imsi: oldImsi, gsm_number: oldGsm }, null);
    await this.deviceAudit(s, body.device_id, 'device.swap_in', AuditStatus.SwapIn, null, {
      sim_id: body.sim_card_id,
      imsi: newImsi,
      gsm_number: body.gsm_number,
    });
    return this.detailOf(body.device_id);
  }

  /** Days with data of a day tab (in a month) and the last one, for a device in the user's scope. */
  async dataDays(s: SessionUser, kind: DataDayKind, q: DataDaysQuery) {
    await this.scope.device(s, q.device_id);
    return this.repo.dataDays(kind, q.device_id, q.month, q.tz);
  }
}
