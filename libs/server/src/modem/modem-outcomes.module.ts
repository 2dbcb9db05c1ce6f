import { Module } from '@nestjs/common';
import { ModemOutcomesController } from './modem-outcomes.controller.js';
import { ModemOutcomesRepository } from './modem-outcomes.repository.js';
import { ModemOutcomesService } from './modem-outcomes.service.js';

/**
 * The modem updates' outcome per device and its CSV (docs/firmware-modem.md "Outcomes"): api only, reads
 * modem_update_task and command_refusal; a module of its own beside ModemModule, which it needs nothing of.
 */
@Module({
  controllers: [ModemOutcomesController],
  providers: [ModemOutcomesRepository, ModemOutcomesService],
})
export class ModemOutcomesModule {}
