import { Module } from '@nestjs/common';

/** The device workspace (§2 Device and its tabs): controllers, services and repositories of /api/device/*, tabs, exports. */
@Module({})
export class DeviceWorkspaceModule {}
