import { Injectable } from '@nestjs/common';
import { ErrorCode, fieldError, OPERATOR_DEFAULTS, type DeviceDayQuery, commandAllowed } from '@tracker/contract';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceScopeService, typeAllowed } from './device-scope.service.js';
import { DeviceActivityRepository } from './device-activity.repository.js';

/**
 * Activity (§2 audit, safe zones, contacts, SMS, gaps, temperature, notifications, device logs): the read-only tabs
 * of what happened to a device, and the test notification.
 */
@Injectable()
export class DeviceActivityService {
  constructor(
    private readonly scope: DeviceScopeService,
    private readonly repo: DeviceActivityRepository,
  ) {}

  async traces(s: SessionUser, id: number, page: number, count: number) {
    await this.scope.device(s, id);
    const { items, total } = await this.repo.traces(id, count, page * count);
    return { items, total_pages: Math.ceil(total / count), more: false, page };
  }

  async safeZones(s: SessionUser, id: number) {
    const d = await this.scope.device(s, id);
    return d.owner_id === null ? [] : this.repo.safeZones(id, d.owner_id);
  }

  async safeZoneLogs(s: SessionUser, q: DeviceDayQuery) {
    await this.scope.device(s, q.device_id);
    return this.repo.safeZoneLogs(q.device_id, q.date, q.tz);
  }

  async contacts(s: SessionUser, id: number, deviceType: number | undefined) {
    const d = await this.scope.device(s, id);
    if (deviceType !== undefined && deviceType !== d.device_type_id) {
      throw new DomainError(ErrorCode.ValidationFailed, [fieldError('device_type', 'notDeviceType')]);
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

  /** The commands of the device's type that the user's role may send (the ledger's classes, docs/access.md "Commands"). */
  async smsCommands(s: SessionUser, id: number) {
    const d = await this.scope.device(s, id);
    return (await this.repo.smsCommands(d.device_type_id)).filter((c) => commandAllowed(s.role, c.command_key));
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
      throw new DomainError(ErrorCode.ValidationFailed, [fieldError('user_id', 'notOwner')]);
    }
    const owner = await this.repo.owner(d.owner_id);
    const platform = owner?.apn_token ? 'IOS' : owner?.gcm_token ? 'ANDROID' : 'IOS';
    const hasToken = Boolean(owner?.apn_token || owner?.gcm_token);
    const ownerId = d.owner_id;
    return this.repo.transaction(async (c) => {
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
      await this.scope.deviceAudit(c, s, id, 'device.test_notification', null, null, { notification_id: n.id, platform: n.platform, status: n.status });
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
}
