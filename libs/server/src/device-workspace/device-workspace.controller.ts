import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ROUTES, type DeviceDayQuery, type DeviceIdQuery, type DeviceUpdateBody, type LocationListQuery, type SettingEditBody, type SwapSimBody } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import { sendAsAttachment } from '../core/exports/index.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceWorkspaceService } from './device-workspace.service.js';
import { DAY_ROUTE_KIND, type DataDaysQuery } from '@tracker/contract';

/** The device page and its tabs (§2 Device, §7 Device / Location / Setting / Contact / SMS / Safe zone / Logs). */
@Controller()
export class DeviceWorkspaceController {
  constructor(private readonly ws: DeviceWorkspaceService) {}

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

  @Endpoint(ROUTES.deviceTraces)
  async traces(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery & { page: number; count: number }) {
    return { model: await this.ws.traces(s, q.device_id, q.page, q.count) };
  }

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

  @Endpoint(ROUTES.safezoneDevice)
  async safeZones(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery) {
    return { model: await this.ws.safeZones(s, q.device_id) };
  }

  @Endpoint(ROUTES.safezoneLogs)
  async safeZoneLogs(@Session() s: SessionUser, @Input('query') q: DeviceDayQuery) {
    return { model: await this.ws.safeZoneLogs(s, q) };
  }

  @Endpoint(ROUTES.settingAll)
  async settings(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery) {
    return { model: await this.ws.settings(s, q.device_id) };
  }

  @Endpoint(ROUTES.settingEdit)
  async editSettings(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery, @Input('body') b: SettingEditBody) {
    return { model: await this.ws.editSettings(s, q.device_id, b) };
  }

  @Endpoint(ROUTES.settingPush)
  async push(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery & { setting_no: number }) {
    return { model: await this.ws.pushSetting(s, q.device_id, q.setting_no) };
  }

  @Endpoint(ROUTES.settingPushAll)
  async pushAll(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery) {
    return { model: await this.ws.pushAll(s, q.device_id) };
  }

  @Endpoint(ROUTES.settingLoadDefault)
  async loadDefault(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery & { type: number }) {
    return { model: await this.ws.loadDefaults(s, q.device_id, q.type) };
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
    const f = await this.ws.logFile(s, q.name);
    if (q.download === 'true') {
      sendAsAttachment(res, f.name, 'text/plain; charset=utf-8');
      res.send(f.content);
      return;
    }
    res.status(200).json({ model: { name: f.name, content: f.content.toString('utf8') } });
  }

  @Endpoint(ROUTES.simCard)
  async simCard(@Session() s: SessionUser, @Input('query') q: { imsi: string }) {
    return { model: await this.ws.simCard(s, q.imsi) };
  }

  @Endpoint(ROUTES.swapSim)
  async swapSim(@Session() s: SessionUser, @Input('body') b: SwapSimBody) {
    return { model: await this.ws.swapSim(s, b) };
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
