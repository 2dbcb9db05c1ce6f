import { Injectable } from '@nestjs/common';
import {
  clampRadius,
  ErrorCode,
  fieldError,
  OPERATOR_DEFAULTS,
  SAFE_ZONE_DEFAULTS,
  SAFE_ZONE_RADIUS,
  type FieldError,
  type SafeZoneInput,
  type SafeZoneList,
  type SafeZoneSaveResult,
} from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { OwnerScopeService } from './owner-scope.service.js';
import { checkDevices } from './owner-contacts.service.js';
import { OwnerDevicesRepository } from './owner-devices.repository.js';
import { OwnerSafeZonesRepository } from './owner-safe-zones.repository.js';

/** Safe zones of an owner (§2 Owner /safeZones, §5 Safe zone, §7 Safe zones). docs/owner-workspace.md "Safe zones". */
@Injectable()
export class OwnerSafeZonesService {
  constructor(
    private readonly scope: OwnerScopeService,
    private readonly devices: OwnerDevicesRepository,
    private readonly repo: OwnerSafeZonesRepository,
    private readonly audit: AuditService,
  ) {}

  async list(s: SessionUser, ownerId: number): Promise<SafeZoneList> {
    const { types } = await this.scope.owner(s, ownerId);
    const [zones, devices, limit] = await Promise.all([
      this.repo.list(ownerId, types),
      this.repo.devices(ownerId, types),
      this.devices.limit(ownerId, 'zones_limit'),
    ]);
    return { zones, devices, limit: limit ?? OPERATOR_DEFAULTS.zones_limit };
  }

  /**
   * Creates or changes a zone: its devices as a contact's (the owner's, in scope, enabled unless on it already), the
   * radius clamped to 500 m with a note (§5), and the owner's zone limit (the operators' zones_limit) for a new one.
   */
  async save(s: SessionUser, ownerId: number, input: SafeZoneInput): Promise<SafeZoneSaveResult> {
    const { types } = await this.scope.owner(s, ownerId);
    const notes: FieldError[] = [];
    const zone = await this.devices.transaction(async (q) => {
      const current = input.id ? await this.repo.forUpdate(input.id, ownerId, types, q) : null;
      if (input.id && !current) throw new DomainError(ErrorCode.NotFound, [fieldError('id', ErrorCode.NotFound)]);
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
      checkDevices(await this.devices.byIds(devices, q), devices, ownerId, types, current?.devices ?? [], 'devices');
      let id = current?.id;
      if (id === undefined) {
        await this.devices.lockOwner(ownerId, q);
        const limit = (await this.devices.limit(ownerId, 'zones_limit', q)) ?? OPERATOR_DEFAULTS.zones_limit;
        if ((await this.repo.count(ownerId, q)) >= limit) {
          throw new DomainError(ErrorCode.ValidationFailed, [fieldError('id', 'safeZoneLimit')]);
        }
        id = await this.repo.insert(ownerId, values, q);
      } else {
        await this.repo.update(id, values, q);
      }
      await this.devices.setLinks('safeZone', id, devices, types, q);
      const saved = (await this.repo.list(ownerId, types, q, id))[0]!;
      await this.audit.recordCall(q, { entity: 'safe_zone', entityId: id, result: saved });
      return saved;
    });
    return { zone, notes };
  }

  async remove(s: SessionUser, ownerId: number, zoneId: number): Promise<void> {
    const { types } = await this.scope.owner(s, ownerId);
    await this.devices.transaction(async (q) => {
      const current = await this.repo.forUpdate(zoneId, ownerId, types, q);
      if (!current) throw new DomainError(ErrorCode.NotFound, [fieldError('zone_id', ErrorCode.NotFound)]);
      const deleted = await this.devices.unlink('safeZone', zoneId, types, q);
      await this.audit.recordCall(q, { entity: 'safe_zone', entityId: zoneId, result: { deleted, devices: current.devices } });
    });
  }
}
