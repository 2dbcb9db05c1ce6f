import { Module } from '@nestjs/common';
import { CommandLedgerModule } from '../commands/command-ledger.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { ModemController } from './modem.controller.js';
import { ModemEngine } from './modem-engine.service.js';
import { ModemSmsListener } from './modem-events.js';
import { ModemRepository } from './modem.repository.js';
import { ModemService } from './modem.service.js';

/**
 * Modem update, api side: the calls, and the SMS events of the webhooks (docs/firmware-modem.md "Modem update"). The
 * worker side is ModemWorkerModule (modem-worker.module.ts).
 */
@Module({
  imports: [CommandLedgerModule, SettingsModule],
  controllers: [ModemController],
  providers: [ModemService, ModemEngine, ModemRepository, ModemSmsListener],
})
export class ModemModule {}
