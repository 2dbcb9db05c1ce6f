import { Injectable } from '@nestjs/common';
import type { OwnerWifiBody, WifiItem, WifiSearchQuery } from '@tracker/contract';
import type { SessionUser } from '../access/session-user.js';
import { GeolocationService } from '../admin-data/geolocation.service.js';
import { OwnerScopeService } from './owner-scope.service.js';

/**
 * The owner's own wifi access points (§2 /addwifi; docs/owner-workspace.md "Wifi access points"): the owner in the
 * caller's scope (OwnerScopeService: 404 unknown, 403 another partner's), then the rules, repository and audit of the
 * staff's wifi screens (GeolocationService) limited to the owner's access points (`user_id`).
 */
@Injectable()
export class OwnerWifiService {
  constructor(
    private readonly scope: OwnerScopeService,
    private readonly wifi: GeolocationService,
  ) {}

  async list(s: SessionUser, id: number, q: WifiSearchQuery) {
    const o = await this.scope.owner(s, id);
    return this.wifi.search(q, o.id);
  }

  async create(s: SessionUser, id: number, b: OwnerWifiBody): Promise<WifiItem> {
    const o = await this.scope.owner(s, id);
    return this.wifi.create(b, o.id);
  }

  async save(s: SessionUser, id: number, oldMac: string, b: OwnerWifiBody): Promise<WifiItem> {
    const o = await this.scope.owner(s, id);
    return this.wifi.save(oldMac, b, o.id);
  }

  async delete(s: SessionUser, id: number, mac: string) {
    const o = await this.scope.owner(s, id);
    return this.wifi.delete(mac, o.id);
  }
}
