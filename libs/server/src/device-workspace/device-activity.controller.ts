import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ROUTES, type DeviceDayQuery, type DeviceIdQuery } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import { sendLogFile } from '../core/exports/index.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceActivityService } from './device-activity.service.js';

/** Activity (§2 audit, safe zones, contacts, SMS, gaps, temperature, notifications, logs; §7 Contact / SMS / Safe zone / Logs). */
@Controller()
export class DeviceActivityController {
  constructor(private readonly ws: DeviceActivityService) {}

  @Endpoint(ROUTES.deviceTraces)
  async traces(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery & { page: number; count: number }) {
    return { model: await this.ws.traces(s, q.device_id, q.page, q.count) };
  }

  @Endpoint(ROUTES.safezoneDevice)
  async safeZones(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery) {
    return { model: await this.ws.safeZones(s, q.device_id) };
  }

  @Endpoint(ROUTES.safezoneLogs)
  async safeZoneLogs(@Session() s: SessionUser, @Input('query') q: DeviceDayQuery) {
    return { model: await this.ws.safeZoneLogs(s, q) };
  }

  @Endpoint(ROUTES.contactDevice)
  async contacts(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery & { device_type?: number }) {
    return { model: await this.ws.contacts(s, q.device_id, q.device_type) };
  }

  @Endpoint(ROUTES.smsList)
  async sms(@Session() s: SessionUser, @Input('query') q: DeviceDayQuery) {
    return { model: await this.ws.sms(s, q) };
  }

  @Endpoint(ROUTES.smsCommands)
  async smsCommands(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery) {
    return { model: await this.ws.smsCommands(s, q.device_id) };
  }

  @Endpoint(ROUTES.deviceCommunications)
  async communications(@Session() s: SessionUser, @Input('query') q: DeviceDayQuery) {
    return { model: await this.ws.communications(s, q) };
  }

  @Endpoint(ROUTES.deviceTemperature)
  async temperature(@Session() s: SessionUser, @Input('query') q: DeviceDayQuery) {
    return { model: await this.ws.temperatures(s, q) };
  }

  @Endpoint(ROUTES.deviceNotifications)
  async notifications(@Session() s: SessionUser, @Input('query') q: DeviceDayQuery) {
    return { model: await this.ws.notifications(s, q) };
  }

  @Endpoint(ROUTES.deviceTestNotification)
  async testNotification(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery & { user_id?: number }) {
    return { model: await this.ws.testNotification(s, q.device_id, q.user_id) };
  }

  @Endpoint(ROUTES.logsDevice)
  async logs(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery) {
    return { model: await this.ws.logs(s, q.device_id) };
  }

  /** Answers itself (text or a download), so the response is not JSON-checked by the interceptor. */
  @Endpoint(ROUTES.logsDeviceFile)
  async logFile(@Session() s: SessionUser, @Input('query') q: { name: string; download?: 'true' | 'false' }, @Res() res: Response) {
    sendLogFile(res, await this.ws.logFile(s, q.name), q.download === 'true');
  }
}
