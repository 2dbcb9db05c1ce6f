import { Controller } from '@nestjs/common';
import {
  ROUTES,
  type DefaultSettingAddBody,
  type DefaultSettingEditBody,
  type PushToAllQuery,
  type TranslationAddBody,
  type TranslationAllQuery,
  type TranslationEditBody,
  type WifiBody,
  type WifiSearchQuery,
} from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { DefaultSettingsService } from './default-settings.service.js';
import { GeolocationService } from './geolocation.service.js';
import { TranslationsService } from './translations.service.js';

/** §7 Translations: /admin/translations. */
@Controller()
export class TranslationsController {
  constructor(private readonly translations: TranslationsService) {}

  @Endpoint(ROUTES.translationAll)
  async all(@Input('query') q: TranslationAllQuery) {
    return { model: await this.translations.all(q) };
  }

  @Endpoint(ROUTES.translationAdd)
  async add(@Input('body') b: TranslationAddBody) {
    return { model: await this.translations.add(b) };
  }

  @Endpoint(ROUTES.translationEdit)
  async edit(@Input('body') b: TranslationEditBody) {
    return { model: await this.translations.edit(b) };
  }
}

/** §7 Settings, the defaults: /admin/defaultSettings. */
@Controller()
export class DefaultSettingsController {
  constructor(private readonly defaults: DefaultSettingsService) {}

  @Endpoint(ROUTES.settingDefaults)
  async list(@Session() s: SessionUser, @Input('query') q: { device_type_id: number }) {
    return { model: await this.defaults.list(s, q.device_type_id) };
  }

  @Endpoint(ROUTES.settingAddDefault)
  async add(@Session() s: SessionUser, @Input('body') b: DefaultSettingAddBody) {
    return { model: await this.defaults.add(s, b) };
  }

  @Endpoint(ROUTES.settingEditDefault)
  async edit(@Session() s: SessionUser, @Input('body') b: DefaultSettingEditBody) {
    return { model: await this.defaults.edit(s, b) };
  }

  @Endpoint(ROUTES.settingPushToAll)
  async pushToAll(@Session() s: SessionUser, @Input('query') q: PushToAllQuery) {
    return { model: await this.defaults.pushToAll(s, q) };
  }
}

/** §7 Wifi: /geolocation/search and /geolocation/edit/{mac}. */
@Controller()
export class GeolocationController {
  constructor(private readonly wifi: GeolocationService) {}

  @Endpoint(ROUTES.wifiSearch)
  async search(@Input('query') q: WifiSearchQuery) {
    return { model: await this.wifi.search(q) };
  }

  @Endpoint(ROUTES.wifiDetails)
  async details(@Input('query') q: { id: string }) {
    return { model: await this.wifi.details(q.id) };
  }

  @Endpoint(ROUTES.wifiSave)
  async save(@Input('query') q: { oldMac: string }, @Input('body') b: WifiBody) {
    return { model: await this.wifi.save(q.oldMac, b) };
  }

  @Endpoint(ROUTES.wifiCreate)
  async create(@Input('body') b: WifiBody) {
    return { model: await this.wifi.create(b) };
  }

  @Endpoint(ROUTES.wifiDelete)
  async delete(@Input('body') b: { id: string }) {
    return { model: await this.wifi.delete(b.id) };
  }
}
