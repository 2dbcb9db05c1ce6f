import { Controller } from '@nestjs/common';
import { DAY_ROUTE_KIND, ROUTES, type DataDaysQuery, type DeviceDayQuery, type DeviceIdQuery, type LocationListQuery } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceTrackingService } from './device-tracking.service.js';

/** Tracking (§2 tracking tab; §7 Location) and the days with data of the day tabs (one handler per tab). */
@Controller()
export class DeviceTrackingController {
  constructor(private readonly ws: DeviceTrackingService) {}

  @Endpoint(ROUTES.locationList)
  async locations(@Session() s: SessionUser, @Input('query') q: LocationListQuery) {
    return { model: await this.ws.locations(s, q) };
  }

  @Endpoint(ROUTES.locationPath)
  async path(@Session() s: SessionUser, @Input('query') q: DeviceDayQuery) {
    return { model: await this.ws.path(s, q) };
  }

  @Endpoint(ROUTES.locationById)
  async location(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery & { location_id: number }) {
    return { model: await this.ws.location(s, q.device_id, q.location_id) };
  }

  // ------------------------------------------------------------------ days with data of the day tabs (one per tab)

  @Endpoint(ROUTES.locationDays)
  async locationDays(@Session() s: SessionUser, @Input('query') q: DataDaysQuery) {
    return { model: await this.ws.dataDays(s, DAY_ROUTE_KIND.locationDays, q) };
  }

  @Endpoint(ROUTES.safezoneLogDays)
  async safezoneLogDays(@Session() s: SessionUser, @Input('query') q: DataDaysQuery) {
    return { model: await this.ws.dataDays(s, DAY_ROUTE_KIND.safezoneLogDays, q) };
  }

  @Endpoint(ROUTES.smsDays)
  async smsDays(@Session() s: SessionUser, @Input('query') q: DataDaysQuery) {
    return { model: await this.ws.dataDays(s, DAY_ROUTE_KIND.smsDays, q) };
  }

  @Endpoint(ROUTES.communicationDays)
  async communicationDays(@Session() s: SessionUser, @Input('query') q: DataDaysQuery) {
    return { model: await this.ws.dataDays(s, DAY_ROUTE_KIND.communicationDays, q) };
  }

  @Endpoint(ROUTES.temperatureDays)
  async temperatureDays(@Session() s: SessionUser, @Input('query') q: DataDaysQuery) {
    return { model: await this.ws.dataDays(s, DAY_ROUTE_KIND.temperatureDays, q) };
  }

  @Endpoint(ROUTES.notificationDays)
  async notificationDays(@Session() s: SessionUser, @Input('query') q: DataDaysQuery) {
    return { model: await this.ws.dataDays(s, DAY_ROUTE_KIND.notificationDays, q) };
  }
}
