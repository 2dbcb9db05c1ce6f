import { Module } from '@nestjs/common';
import { DeviceActivityController } from './device-activity.controller.js';
import { DeviceActivityRepository } from './device-activity.repository.js';
import { DeviceActivityService } from './device-activity.service.js';
import { DeviceDetailController } from './device-detail.controller.js';
import { DeviceDetailRepository } from './device-detail.repository.js';
import { DeviceDetailService } from './device-detail.service.js';
import { DeviceExportController } from './device-export.controller.js';
import { DeviceExportRepository } from './device-export.repository.js';
import { DeviceExportService } from './device-export.service.js';
import { DeviceScopeService } from './device-scope.service.js';
import { DeviceSettingsController } from './device-settings.controller.js';
import { DeviceSettingsRepository } from './device-settings.repository.js';
import { DeviceSettingsService } from './device-settings.service.js';
import { DeviceSimSwapController } from './device-sim-swap.controller.js';
import { DeviceSimSwapRepository } from './device-sim-swap.repository.js';
import { DeviceSimSwapService } from './device-sim-swap.service.js';
import { DeviceTrackingController } from './device-tracking.controller.js';
import { DeviceTrackingRepository } from './device-tracking.repository.js';
import { DeviceTrackingService } from './device-tracking.service.js';
import { OwnerDevicesRepository } from '../owner-workspace/owner-devices.repository.js';
import { DeviceWorkspaceRepository } from './device-workspace.repository.js';
import { DeviceTimelineController } from './device-timeline.controller.js';
import { DeviceTimelineRepository } from './device-timeline.repository.js';
import { DeviceTimelineService } from './device-timeline.service.js';
import { CommandLedgerModule } from '../commands/command-ledger.module.js';
import { SettingsModule } from '../settings/settings.module.js';

/**
 * The device workspace (§2 Device and its tabs): one controller, service and repository per area of the console's
 * device page (detail, tracking, settings, activity, SIM swap, exports), over the shared scope service and repository.
 */
@Module({
  imports: [CommandLedgerModule, SettingsModule],
  controllers: [
    DeviceTimelineController,
    DeviceDetailController,
    DeviceTrackingController,
    DeviceSettingsController,
    DeviceActivityController,
    DeviceSimSwapController,
    DeviceExportController,
  ],
  providers: [
    DeviceTimelineService,
    DeviceTimelineRepository,
    DeviceWorkspaceRepository,
    DeviceScopeService,
    DeviceDetailRepository,
    DeviceDetailService,
    // the owner workspace's links of a device, which a device's remove drops (docs/architecture.md "Table owners")
    OwnerDevicesRepository,
    DeviceTrackingRepository,
    DeviceTrackingService,
    DeviceSettingsRepository,
    DeviceSettingsService,
    DeviceActivityRepository,
    DeviceActivityService,
    DeviceSimSwapRepository,
    DeviceSimSwapService,
    DeviceExportRepository,
    DeviceExportService,
  ],
  /** the device audit trail's writer, for the owner workspace's add-device wizard */
  exports: [DeviceScopeService],
})
export class DeviceWorkspaceModule {}
