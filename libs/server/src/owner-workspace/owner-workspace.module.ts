import { Module } from '@nestjs/common';
import { OwnerExtrasController } from './owner-extras.controller.js';
import { OwnerExtrasRepository } from './owner-extras.repository.js';
import { OwnerExtrasService } from './owner-extras.service.js';
import { MailService } from '../core/mail.service.js';
import { HelpTextsModule } from '../help-texts/help-texts.js';
import { AdminDataModule } from '../admin-data/admin-data.module.js';
import { OwnerWifiController } from './owner-wifi.controller.js';
import { OwnerWifiService } from './owner-wifi.service.js';
import { OwnerPasswordService } from './owner-password.service.js';
import { OwnerProfileController } from './owner-profile.controller.js';
import { OwnerProfileRepository } from './owner-profile.repository.js';
import { OwnerProfileService } from './owner-profile.service.js';
import { OwnerScopeService } from './owner-scope.service.js';
import { OwnerWorkspaceRepository } from './owner-workspace.repository.js';

/**
 * The owner workspace (§2 Owner and its tabs; docs/owner-workspace.md): one controller, service and repository per
 * area of the console's owner page (profile, extras, wifi: over the wifi screens' GeolocationService), over the shared scope service and repository.
 */
@Module({
  imports: [HelpTextsModule, AdminDataModule],
  controllers: [OwnerProfileController, OwnerExtrasController, OwnerWifiController],
  providers: [MailService, OwnerPasswordService, OwnerWorkspaceRepository, OwnerScopeService, OwnerProfileRepository, OwnerProfileService, OwnerExtrasRepository, OwnerExtrasService, OwnerWifiService],
  /** the scope check of every owner call, also for contacts, safe zones and add device (ContactsModule, DeviceAddModule) */
  exports: [OwnerScopeService],
})
export class OwnerWorkspaceModule {}
