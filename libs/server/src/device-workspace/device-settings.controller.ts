import { Controller } from '@nestjs/common';
import { ROUTES, type DeviceIdQuery, type DeviceSettingsBody, type SettingEditBody } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceSettingsService } from './device-settings.service.js';

/** Settings (§2 settings tab; §7 Setting) and the general settings (§2 /generalSettings; §7 /device/settings). */
@Controller()
export class DeviceSettingsController {
  constructor(private readonly ws: DeviceSettingsService) {}

  @Endpoint(ROUTES.deviceSettings)
  async general(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery) {
    return { model: await this.ws.general(s, q.device_id) };
  }

  @Endpoint(ROUTES.deviceSettingsSave)
  async saveGeneral(@Session() s: SessionUser, @Input('query') q: DeviceIdQuery, @Input('body') b: DeviceSettingsBody) {
    return { model: await this.ws.saveGeneral(s, q.device_id, b) };
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
}
