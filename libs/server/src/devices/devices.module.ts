import { Module } from '@nestjs/common';
import { DeviceSearchController } from './device-search.controller.js';
import { DeviceSearchRepository } from './device-search.repository.js';
import { DeviceSearchService } from './device-search.service.js';

@Module({
  controllers: [DeviceSearchController],
  providers: [DeviceSearchService, DeviceSearchRepository],
})
export class DevicesModule {}
