import { Module } from '@nestjs/common';
import { CommandLedgerModule } from '../commands/command-ledger.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { ModemEngine } from './modem-engine.service.js';
import { ModemSmsListener } from './modem-events.js';
import { ModemJobs } from './modem-jobs.js';
import { ModemRepository } from './modem.repository.js';
import { ModemSweep } from './modem-sweep.service.js';

/**
 * Modem update, worker side: the step job, the sweep, and the SMS events of the sends. Apart from ModemModule (the
 * api's controller) so that the worker's entry (worker.ts) loads none of the api's code.
 */
@Module({
  imports: [CommandLedgerModule, SettingsModule],
  providers: [ModemJobs, ModemSweep, ModemEngine, ModemRepository, ModemSmsListener],
})
export class ModemWorkerModule {}
