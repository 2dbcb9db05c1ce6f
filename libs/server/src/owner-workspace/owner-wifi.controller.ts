import { Controller } from '@nestjs/common';
import { ROUTES, type OwnerQuery, type OwnerWifiBody, type OwnerWifiListQuery } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { OwnerWifiService } from './owner-wifi.service.js';

/** §2 /owner/{id}/addwifi: the owner's own wifi access points (§7 Wifi, for one owner). */
@Controller()
export class OwnerWifiController {
  constructor(private readonly wifi: OwnerWifiService) {}

  @Endpoint(ROUTES.ownerWifiList)
  async list(@Session() s: SessionUser, @Input('query') q: OwnerWifiListQuery) {
    const { user_id, ...search } = q;
    return { model: await this.wifi.list(s, user_id, search) };
  }

  @Endpoint(ROUTES.ownerWifiCreate)
  async create(@Session() s: SessionUser, @Input('query') q: OwnerQuery, @Input('body') b: OwnerWifiBody) {
    return { model: await this.wifi.create(s, q.user_id, b) };
  }

  @Endpoint(ROUTES.ownerWifiSave)
  async save(@Session() s: SessionUser, @Input('query') q: OwnerQuery & { oldMac: string }, @Input('body') b: OwnerWifiBody) {
    return { model: await this.wifi.save(s, q.user_id, q.oldMac, b) };
  }

  @Endpoint(ROUTES.ownerWifiDelete)
  async delete(@Session() s: SessionUser, @Input('query') q: OwnerQuery, @Input('body') b: { id: string }) {
    return { model: await this.wifi.delete(s, q.user_id, b.id) };
  }
}
