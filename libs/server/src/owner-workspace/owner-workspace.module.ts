import { Module } from '@nestjs/common';
import { MailService } from '../core/mail.service.js';
import { HelpTextsModule } from '../help-texts/help-texts.js';
import { AdminDataModule } from '../admin-data/admin-data.module.js';
import { CommandLedgerModule } from '../commands/command-ledger.module.js';
import { DeviceWorkspaceModule } from '../device-workspace/device-workspace.module.js';
import { OwnerAddController } from './owner-add.controller.js';
import { OwnerAddRepository } from './owner-add.repository.js';
import { OwnerAddService } from './owner-add.service.js';
import { OwnerContactsController } from './owner-contacts.controller.js';
import { OwnerContactsRepository } from './owner-contacts.repository.js';
import { OwnerContactsService } from './owner-contacts.service.js';
import { OwnerDeviceAddController } from './owner-device-add.controller.js';
import { OwnerDeviceAddRepository } from './owner-device-add.repository.js';
import { OwnerDeviceAddService } from './owner-device-add.service.js';
import { OwnerDevicesRepository } from './owner-devices.repository.js';
import { OwnerExtrasController } from './owner-extras.controller.js';
import { OwnerExtrasRepository } from './owner-extras.repository.js';
import { OwnerExtrasService } from './owner-extras.service.js';
import { OwnerPasswordService } from './owner-password.service.js';
import { OwnerProfileController } from './owner-profile.controller.js';
import { OwnerProfileRepository } from './owner-profile.repository.js';
import { OwnerProfileService } from './owner-profile.service.js';
import { OwnerSafeZonesController } from './owner-safe-zones.controller.js';
import { OwnerSafeZonesRepository } from './owner-safe-zones.repository.js';
import { OwnerSafeZonesService } from './owner-safe-zones.service.js';
import { OwnerScopeService } from './owner-scope.service.js';
import { OwnerWifiController } from './owner-wifi.controller.js';
import { OwnerWifiService } from './owner-wifi.service.js';
import { OwnerWorkspaceRepository } from './owner-workspace.repository.js';

/**
 * The owner workspace (§2 Owner and its tabs, the dashboard's add-owner call; docs/owner-workspace.md): one
 * controller, service and repository per area of the console's owner page (add, profile, extras, wifi: over the wifi
 * screens' GeolocationService, contacts, safe zones, device add), over the shared scope service and repository.
 */
@Module({
  imports: [HelpTextsModule, AdminDataModule, CommandLedgerModule, DeviceWorkspaceModule],
  controllers: [
    OwnerAddController,
    OwnerProfileController,
    OwnerExtrasController,
    OwnerWifiController,
    OwnerContactsController,
    OwnerSafeZonesController,
    OwnerDeviceAddController,
  ],
  providers: [
    MailService,
    OwnerWorkspaceRepository,
    OwnerScopeService,
    OwnerAddRepository,
    OwnerAddService,
    OwnerProfileRepository,
    OwnerProfileService,
    OwnerPasswordService,
    OwnerExtrasRepository,
    OwnerExtrasService,
    OwnerWifiService,
    OwnerDevicesRepository,
    OwnerContactsRepository,
    OwnerContactsService,
    OwnerSafeZonesRepository,
    OwnerSafeZonesService,
    OwnerDeviceAddRepository,
    OwnerDeviceAddService,
  ],
})
export class OwnerWorkspaceModule {}
