import { Module } from '@nestjs/common';
import { CommandLedgerModule } from '../commands/command-ledger.module.js';
import { DeviceWorkspaceRepository } from '../device-workspace/device-workspace.repository.js';
import { FirmwareController } from './firmware.controller.js';
import { FirmwareFtp } from './firmware-ftp.js';
import { FirmwareRepository } from './firmware.repository.js';
import { FirmwareRolloutRepository } from './firmware-rollout.repository.js';
import { FirmwareRollout } from './firmware-rollout.service.js';
import { FirmwareService } from './firmware.service.js';
import { FirmwareSmsListener } from './firmware-sms.listener.js';
import { FirmwareFileInterceptor } from './firmware-upload.interceptor.js';

/**
 * Firmware, api side (§7 Firmware, docs/firmware-modem.md "Firmware"): uploads, requests, stop, lists, and the
 * listener of the FOTA commands' SMS (the watches' reports arrive at the api's webhook). The worker side is
 * FirmwareWorkerModule (firmware-worker.module.ts).
 */
@Module({
  imports: [CommandLedgerModule],
  controllers: [FirmwareController],
  providers: [FirmwareService, FirmwareRepository, FirmwareRolloutRepository, DeviceWorkspaceRepository, FirmwareRollout, FirmwareFtp, FirmwareFileInterceptor, FirmwareSmsListener],
})
export class FirmwareModule {}
