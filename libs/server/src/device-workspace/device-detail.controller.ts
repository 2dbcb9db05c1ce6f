import { Controller } from '@nestjs/common';
import { ROUTES, type DeviceIdQuery, type DeviceUpdateBody } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceDetailService } from './device-detail.service.js';

/** Device detail (§2 main page, information tabs, general settings; §7 Device). */
@Controller()
export class DeviceDetailController {
  constructor(private readonly ws: DeviceDetailService) {}

  @Endpoint(ROUTES.deviceDetails)
  async details(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery) {
    return { model: await this.ws.detail(s, q.device_id) };
  }

  @Endpoint(ROUTES.deviceInfoImsi)
  async infoImsi(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery) {
    return { model: await this.ws.detail(s, q.device_id) };
  }

  @Endpoint(ROUTES.deviceInfoImei)
  async infoImei(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery) {
    return { model: await this.ws.detail(s, q.device_id) };
  }

  @Endpoint(ROUTES.factoryDetails)
  async factory(@Session() s: SessionUser, @Input('query') q: { id: number }) {
    return { model: await this.ws.factory(s, q.id) };
  }

  @Endpoint(ROUTES.deviceUpdate)
  async update(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery & { factory_id?: number }, @Input('body') b: DeviceUpdateBody) {
    return { model: await this.ws.update(s, q.device_id, q.factory_id, b) };
  }

  @Endpoint(ROUTES.deviceInitialized)
  async reinitialize(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery) {
    return { model: await this.ws.reinitialize(s, q.device_id) };
  }

  @Endpoint(ROUTES.deviceRemove)
  async remove(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery) {
    return { model: await this.ws.remove(s, q.device_id) };
  }
}
