import { Injectable } from '@nestjs/common';
import {
  clampRadius,
  fieldError,
  SAFE_ZONE_DEFAULTS,
  SAFE_ZONE_RADIUS,
  type FieldError,
  type SafeZoneInput,
  type SafeZoneList,
  type SafeZoneSaveResult,
} from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import type { SessionUser } from '../access/session-user.js';
import { OwnerScopeService } from './owner-scope.service.js';
import { OwnerDeviceLinks } from './owner-device-links.service.js';
import { OwnerDevicesRepository } from './owner-devices.repository.js';
import { OwnerSafeZonesRepository } from './owner-safe-zones.repository.js';

/** Safe zones of an owner (§2 Owner /safeZones, §5 Safe zone, §7 Safe zones). docs/owner-workspace.md "Safe zones". */
@Injectable()
export class OwnerSafeZonesService {
  constructor(
    private readonly scope: OwnerScopeService,
    private readonly devices: OwnerDevicesRepository,
    private readonly links: OwnerDeviceLinks,
    private readonly repo: OwnerSafeZonesRepository,
    private readonly audit: AuditService,
  ) {}

  async list(s: SessionUser, ownerId: number): Promise<SafeZoneList> {
    const { types } = await this.scope.owner(s, ownerId);
    const [zones, devices, limit] = await Promise.all([
      this.repo.list(ownerId, types),
      this.repo.devices(ownerId, types),
      this.links.limit(ownerId, 'safeZone'),
    ]);
    return { zones, devices, limit };
  }

  /**
   * Creates or changes a zone: its devices as a contact's (the owner's, in scope, enabled unless on it already), the
   * radius clamped to 500 m with a note (§5), and the owner's zone limit (the operators' zones_limit) for a new one.
   */
  async save(s: SessionUser, ownerId: number, input: SafeZoneInput): Promise<SafeZoneSaveResult> {
    const { types } = await this.scope.owner(s, ownerId);
    const notes: FieldError[] = [];
    const zone = await this.devices.transaction(async (q) => {
      const current = await this.links.current(this.repo, input.id, ownerId, types, q, 'id');
      // a field left out keeps the stored value (an edit) or takes the new zone's default
      const kept = current ?? SAFE_ZONE_DEFAULTS;
      let radius = kept.radius;
      if (input.radius !== undefined) {
        const c = clampRadius(input.radius);
        radius = c.radius;
        if (c.clamped) notes.push(fieldError('radius', 'safeZoneRadiusClamped', { max: SAFE_ZONE_RADIUS.max }));
      }
      const values = { ...input, radius, enabled: input.enabled ?? kept.enabled, limit_percent: input.limit_percent ?? kept.limit_percent };
      const devices = [...new Set(input.devices)];
      await this.links.checkDevices(devices, ownerId, types, current?.devices ?? [], 'devices', q);
      const id = await this.links.write('safeZone', this.repo, ownerId, types, current?.id, values, devices, q, 'id', 'safeZoneLimit');
      const saved = (await this.repo.list(ownerId, types, q, id))[0]!;
      await this.audit.recordCall(q, { entity: 'safe_zone', entityId: id, result: saved });
      return saved;
    });
    return { zone, notes };
  }

  async remove(s: SessionUser, ownerId: number, zoneId: number): Promise<void> {
    const { types } = await this.scope.owner(s, ownerId);
    await this.links.remove('safeZone', this.repo, ownerId, types, zoneId, 'zone_id', 'safe_zone');
  }
}
