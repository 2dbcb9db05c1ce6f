import { Module } from '@nestjs/common';
import { DeviceExportController } from './device-export.controller.js';
import { DeviceExportService } from './device-export.service.js';
import { DeviceScopeService } from './device-scope.service.js';
import { DeviceWorkspaceController } from './device-workspace.controller.js';
import { DeviceWorkspaceRepository } from './device-workspace.repository.js';
import { DeviceWorkspaceService } from './device-workspace.service.js';

/** The device workspace (§2 Device and its tabs): controllers, services and repositories of /api/device/*, tabs, exports. */
@Module({
  controllers: [DeviceWorkspaceController, DeviceExportController],
  providers: [DeviceScopeService, DeviceWorkspaceRepository, DeviceWorkspaceService, DeviceExportService],
})
export class DeviceWorkspaceModule {}
