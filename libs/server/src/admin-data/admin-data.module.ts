import { Module } from '@nestjs/common';
import { CommandLedgerModule } from '../commands/command-ledger.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { SmsSendRepository } from '../sms/sms-send.repository.js';
import { DefaultSettingsController, GeolocationController, TranslationsController } from './admin-data.controller.js';
import { DefaultSettingsPushRepository } from './default-settings-push.repository.js';
import { DefaultSettingsRepository } from './default-settings.repository.js';
import { DefaultSettingsService } from './default-settings.service.js';
import { GeolocationRepository } from './geolocation.repository.js';
import { GeolocationService } from './geolocation.service.js';
import { TranslationsRepository } from './translations.repository.js';
import { TranslationsService } from './translations.service.js';

/** Administration data (issue #11; docs/administration.md): translations, default settings, wifi access points. */
@Module({
  imports: [CommandLedgerModule, SettingsModule],
  controllers: [TranslationsController, DefaultSettingsController, GeolocationController],
  providers: [
    TranslationsService,
    TranslationsRepository,
    DefaultSettingsService,
    DefaultSettingsRepository,
    DefaultSettingsPushRepository,
    SmsSendRepository,
    GeolocationService,
    GeolocationRepository,
  ],
  /** the wifi access points' rules and repository, also for the owner workspace's /addwifi (an owner's own) */
  exports: [GeolocationService],
})
export class AdminDataModule {}
