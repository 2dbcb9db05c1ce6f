import { Injectable } from '@nestjs/common';
import { ErrorCode, type DataDayKind, type DataDaysQuery, type DeviceDayQuery, type LocationListQuery } from '@tracker/contract';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceScopeService } from './device-scope.service.js';
import { DeviceTrackingRepository } from './device-tracking.repository.js';

/** Tracking (§2 tracking tab) and the days with data of every day tab. */
@Injectable()
export class DeviceTrackingService {
  constructor(
    private readonly scope: DeviceScopeService,
    private readonly repo: DeviceTrackingRepository,
  ) {}

  async locations(s: SessionUser, q: LocationListQuery) {
    await this.scope.device(s, q.device_id);
    const { items, total } = await this.repo.locationPage(q.device_id, q.date, q.tz, q.count, q.page * q.count);
    return { items, total, total_pages: Math.ceil(total / q.count), more: false, page: q.page };
  }

  async path(s: SessionUser, q: DeviceDayQuery) {
    await this.scope.device(s, q.device_id);
    return { points: await this.repo.locationPath(q.device_id, q.date, q.tz) };
  }

  async location(s: SessionUser, deviceId: number, locationId: number) {
    await this.scope.device(s, deviceId);
    const l = await this.repo.location(deviceId, locationId);
    if (!l) throw new DomainError(ErrorCode.LocationNotFound);
    return l;
  }

  /** Days with data of a day tab (in a month) and the last one, for a device in the user's scope. */
  async dataDays(s: SessionUser, kind: DataDayKind, q: DataDaysQuery) {
    await this.scope.device(s, q.device_id);
    return this.repo.dataDays(kind, q.device_id, q.month, q.tz);
  }
}
