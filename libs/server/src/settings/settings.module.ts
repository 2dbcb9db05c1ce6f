import { Module } from '@nestjs/common';
import { DeviceSettingStore } from './device-setting.store.js';

/** The owner of device_setting: every feature that changes a device's settings imports this module. */
@Module({ providers: [DeviceSettingStore], exports: [DeviceSettingStore] })
export class SettingsModule {}
