import { Module } from '@nestjs/common';
import { CommandLedgerModule } from '../commands/command-ledger.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { ModemController } from './modem.controller.js';
import { ModemEngine } from './modem-engine.service.js';
import { ModemSmsListener } from './modem-events.js';
import { ModemJobs } from './modem-jobs.js';
import { ModemRepository } from './modem.repository.js';
import { ModemService } from './modem.service.js';
import { ModemSweep } from './modem-sweep.service.js';

/** Modem update, api side: the calls, and the SMS events of the webhooks (docs/firmware-modem.md "Modem update"). */
@Module({
  imports: [CommandLedgerModule, SettingsModule],
  controllers: [ModemController],
  providers: [ModemService, ModemEngine, ModemRepository, ModemSmsListener],
})
export class ModemModule {}

/** Modem update, worker side: the step job, the sweep, and the SMS events of the sends. */
@Module({
  imports: [CommandLedgerModule, SettingsModule],
  providers: [ModemJobs, ModemSweep, ModemEngine, ModemRepository, ModemSmsListener],
})
export class ModemWorkerModule {}
