import { Module } from '@nestjs/common';
import { OwnerWorkspaceModule } from '../owner-workspace/owner-workspace.module.js';
import { CommandLedgerModule } from '../commands/command-ledger.module.js';
import { ContactsController } from './contacts.controller.js';
import { ContactsRepository } from './contacts.repository.js';
import { ContactsService } from './contacts.service.js';
import { OwnerDevicesRepository } from './owner-devices.repository.js';
import { SafeZonesController } from './safe-zones.controller.js';
import { SafeZonesRepository } from './safe-zones.repository.js';
import { SafeZonesService } from './safe-zones.service.js';

/** The owner workspace's contacts and safe zones (docs/owner-workspace.md). */
@Module({
  imports: [OwnerWorkspaceModule, CommandLedgerModule],
  controllers: [ContactsController, SafeZonesController],
  providers: [ContactsService, ContactsRepository, SafeZonesService, SafeZonesRepository, OwnerDevicesRepository],
})
export class ContactsModule {}
