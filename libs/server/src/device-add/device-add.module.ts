import { Module } from '@nestjs/common';
import { DeviceWorkspaceModule } from '../device-workspace/device-workspace.module.js';
import { OwnerWorkspaceModule } from '../owner-workspace/owner-workspace.module.js';
import { DeviceAddController } from './device-add.controller.js';
import { DeviceAddRepository } from './device-add.repository.js';
import { DeviceAddService } from './device-add.service.js';

/** The owner workspace's add-device wizard (docs/owner-workspace.md "Add device"). */
@Module({
  imports: [OwnerWorkspaceModule, DeviceWorkspaceModule],
  controllers: [DeviceAddController],
  providers: [DeviceAddService, DeviceAddRepository],
})
export class DeviceAddModule {}
