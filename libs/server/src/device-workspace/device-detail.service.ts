import { Injectable } from '@nestjs/common';
import { AuditStatus, DeviceStatus, ErrorCode, fieldError, type DeviceUpdateBody } from '@tracker/contract';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceScopeService, factoryTypeAllowed } from './device-scope.service.js';
import { DeviceDetailRepository } from './device-detail.repository.js';

/** Columns of the device record `/device/update` may change (the wearer's profile is `/device/settings`). */
const UPDATABLE = ['name_id', 'enabled', 'is_test'] as const;

/** Device detail (§2 main page, information tabs, the record on the general settings tab): the record, its factory record, its changes. */
@Injectable()
export class DeviceDetailService {
  constructor(
    private readonly scope: DeviceScopeService,
    private readonly repo: DeviceDetailRepository,
  ) {}

  async detail(s: SessionUser, id: number) {
    await this.scope.device(s, id);
    return this.scope.detailOf(id);
  }

  /** §7 `factory_details?id`: the factory record by its own id (404 unknown, 403 of a type the user may not see). */
  async factory(s: SessionUser, id: number) {
    const f = await this.repo.factory(id);
    if (!f) throw new DomainError(ErrorCode.NotFound, [fieldError('id', 'noFactoryDevice')]);
    if (!factoryTypeAllowed(s, f.device_type_id)) throw new DomainError(ErrorCode.Forbidden);
    return f;
  }

  async update(s: SessionUser, id: number, factoryId: number | undefined, body: DeviceUpdateBody) {
    const d = await this.scope.device(s, id);
    const values: Record<string, unknown> = {};
    for (const k of UPDATABLE) if (body[k] !== undefined) values[k] = body[k];
    if (factoryId !== undefined) values.factory_device_id = factoryId;
    if (Object.keys(values).length === 0) {
      throw new DomainError(ErrorCode.ValidationFailed, [fieldError('body', 'nothingToSave')]);
    }
    await this.repo.transaction(async (c) => {
      if (factoryId !== undefined) {
        const type = await this.repo.factoryType(factoryId, c);
        if (type === undefined) {
          throw new DomainError(ErrorCode.ValidationFailed, [fieldError('factory_id', 'noFactoryDevice')]);
        }
        // a factory record of another type would also hand its IMEI, IMSI, ICCID and activation code to whoever may
        // read this device (another partner's, through /device/factory_details)
        if ((type !== null && type !== d.device_type_id) || !factoryTypeAllowed(s, type)) {
          throw new DomainError(ErrorCode.ValidationFailed, [fieldError('factory_id', 'factoryOtherType')]);
        }
      }
      const before = await this.repo.updateDevice(id, values, c);
      const changed = Object.keys(values).filter((k) => before[k] !== values[k]);
      if (changed.length === 0) return;
      const enabledChanged = values.enabled !== undefined && before.enabled !== values.enabled;
      await this.scope.deviceAudit(
        c,
        s,
        id,
        'device.update',
        enabledChanged ? (values.enabled ? AuditStatus.Enabled : AuditStatus.Disabled) : null,
        Object.fromEntries(changed.map((k) => [k, before[k]])),
        Object.fromEntries(changed.map((k) => [k, values[k]])),
      );
    });
    return this.scope.detailOf(id);
  }

  /** §4: reinitialize sets initialized false and device_status 1. */
  async reinitialize(s: SessionUser, id: number) {
    await this.scope.device(s, id);
    const after = { initialized: false, device_status: DeviceStatus.Inactive };
    await this.repo.transaction(async (c) => {
      const before = await this.repo.updateDevice(id, after, c);
      await this.scope.deviceAudit(c, s, id, 'device.reinitialize', AuditStatus.NotInitialized, before, after);
    });
    return this.scope.detailOf(id);
  }

  /** Removes the device from its account: no owner, unassigned, not initialized, no contact or zone links. */
  async remove(s: SessionUser, id: number) {
    const d = await this.scope.device(s, id);
    if (d.owner_id !== null) {
      await this.repo.transaction(async (c) => {
        await this.repo.updateDevice(id, { owner_id: null, device_status: DeviceStatus.Unassigned, initialized: false }, c);
        await this.repo.unlinkContactsAndZones(id, c);
        await this.scope.deviceAudit(c, s, id, 'device.remove', AuditStatus.RemovedFromAccount, { owner_id: d.owner_id }, { owner_id: null });
      });
    }
    return this.scope.detailOf(id);
  }
}
