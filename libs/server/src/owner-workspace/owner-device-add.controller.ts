import { Controller } from '@nestjs/common';
import { ROUTES, type ByCodeOrImsiQuery, type DeviceAddBody } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { OwnerDeviceAddService } from './owner-device-add.service.js';

/** §7 Device by_code_or_imsi and add: the owner workspace's add-device wizard. */
@Controller()
export class OwnerDeviceAddController {
  constructor(private readonly devices: OwnerDeviceAddService) {}

  @Endpoint(ROUTES.deviceByCodeOrImsi)
  async find(@Session() s: SessionUser, @Input('query') q: ByCodeOrImsiQuery) {
    return { model: await this.devices.find(s, q.param, q.type) };
  }

  @Endpoint(ROUTES.deviceAdd)
  async add(@Session() s: SessionUser, @Input('query') q: { type: number }, @Input('body') b: DeviceAddBody) {
    return { model: await this.devices.add(s, q.type, b) };
  }
}
