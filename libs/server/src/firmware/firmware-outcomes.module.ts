import { Module } from '@nestjs/common';
import { FirmwareOutcomesController } from './firmware-outcomes.controller.js';
import { FirmwareOutcomesRepository } from './firmware-outcomes.repository.js';
import { FirmwareOutcomesService } from './firmware-outcomes.service.js';

/**
 * A firmware request's outcome per device and its CSV (docs/firmware-modem.md "Outcomes"): api only, reads
 * firmware_ota_activity and command_refusal; a module of its own beside FirmwareModule, which it needs nothing of.
 */
@Module({
  controllers: [FirmwareOutcomesController],
  providers: [FirmwareOutcomesRepository, FirmwareOutcomesService],
})
export class FirmwareOutcomesModule {}
