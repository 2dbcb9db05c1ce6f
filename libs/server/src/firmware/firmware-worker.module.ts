import { Module } from '@nestjs/common';
import { CommandLedgerModule } from '../commands/command-ledger.module.js';
import { DeviceWorkspaceRepository } from '../device-workspace/device-workspace.repository.js';
import { FirmwareJobs } from './firmware-jobs.js';
import { FirmwareRolloutRepository } from './firmware-rollout.repository.js';
import { FirmwareRollout } from './firmware-rollout.service.js';
import { FirmwareSmsListener } from './firmware-sms.listener.js';

/**
 * Firmware, worker side: the rollout's job and tick, and the listener (the worker's sends and failures). Apart from
 * FirmwareModule (the api's controller and uploads) so that the worker's entry (worker.ts) loads none of the api's code.
 */
@Module({
  imports: [CommandLedgerModule],
  providers: [FirmwareJobs, FirmwareRolloutRepository, DeviceWorkspaceRepository, FirmwareRollout, FirmwareSmsListener],
})
export class FirmwareWorkerModule {}
