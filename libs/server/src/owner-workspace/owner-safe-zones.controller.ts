import { Controller } from '@nestjs/common';
import { ROUTES, type SafeZoneInput, type SafeZoneRemoveQuery, type OwnerQuery } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { OwnerSafeZonesService } from './owner-safe-zones.service.js';

/** §7 Safe zones of the owner workspace (the device workspace's /safezone/device and /safezone/logs are in device-activity). */
@Controller()
export class OwnerSafeZonesController {
  constructor(private readonly zones: OwnerSafeZonesService) {}

  @Endpoint(ROUTES.safeZoneList)
  async list(@Session() s: SessionUser, @Input('query') q: OwnerQuery) {
    return { model: await this.zones.list(s, q.user_id) };
  }

  @Endpoint(ROUTES.safeZoneSave)
  async save(@Session() s: SessionUser, @Input('query') q: OwnerQuery, @Input('body') b: SafeZoneInput) {
    return { model: await this.zones.save(s, q.user_id, b) };
  }

  @Endpoint(ROUTES.safeZoneRemove)
  async remove(@Session() s: SessionUser, @Input('query') q: SafeZoneRemoveQuery) {
    await this.zones.remove(s, q.user_id, q.zone_id);
    return { model: { ok: true as const } };
  }
}
