import { Injectable } from '@nestjs/common';
import { AuditStatus, ErrorCode, fieldError, type DeviceAddBody, type DeviceToAdd } from '@tracker/contract';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceScopeService, typeAllowed } from '../device-workspace/device-scope.service.js';
import { OwnerScopeService } from './owner-scope.service.js';
import { OwnerDeviceAddRepository } from './owner-device-add.repository.js';

const invalid = (field: string, code: Parameters<typeof fieldError>[1]) => new DomainError(ErrorCode.ValidationFailed, [fieldError(field, code)]);

/**
 * The add-device wizard (§2 Owner /addDevice, §5 "Add device"): a free device of a type the user sees, found by its
 * activation code or IMSI, assigned to an owner in the user's scope; audited 'assigned' in the device's trail.
 */
@Injectable()
export class OwnerDeviceAddService {
  constructor(
    private readonly repo: OwnerDeviceAddRepository,
    private readonly owners: OwnerScopeService,
    private readonly devices: DeviceScopeService,
  ) {}

  /** Not found, another owner's and disabled devices all mark `param` invalid (§5), with their own message. */
  async find(s: SessionUser, param: string, type: number): Promise<DeviceToAdd> {
    if (!typeAllowed(s, type)) throw new DomainError(ErrorCode.Forbidden);
    const d = await this.repo.find(param, type);
    if (!d) throw invalid('param', 'codeOrImsiNotFound');
    if (d.owner_id !== null) throw invalid('param', 'deviceTaken');
    if (!d.enabled) throw invalid('param', 'deviceDisabled');
    const { owner_id: _, ...device } = d;
    return device;
  }

  async add(s: SessionUser, type: number, body: DeviceAddBody) {
    if (!typeAllowed(s, type)) throw new DomainError(ErrorCode.Forbidden);
    await this.owners.owner(s, body.user_id);
    return this.repo.transaction(async (q) => {
      const d = await this.repo.lock(body.device_id, q);
      if (!d) throw new DomainError(ErrorCode.DeviceNotFound, [fieldError('device_id', ErrorCode.DeviceNotFound)]);
      if (d.device_type_id !== type) throw invalid('device_id', 'codeOrImsiNotFound');
      if (d.owner_id !== null) throw invalid('device_id', 'deviceTaken');
      if (!d.enabled) throw invalid('device_id', 'deviceDisabled');
      await this.repo.assign(d.id, body.user_id, body.gsm_number, d.sim_id, q);
      const after = { owner_id: body.user_id, gsm_number: body.gsm_number, device_status: 1 };
      await this.devices.deviceAudit(q, s, d.id, 'device.assigned', AuditStatus.Assigned, { owner_id: null, gsm_number: d.gsm_number, device_status: d.device_status }, after);
      return { device_id: d.id, ...after };
    });
  }
}
