import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module.js';
import { AdministrationController } from './admin.controller.js';
import { BackofficeUsersRepository } from './backoffice-users.repository.js';
import { BackofficeUsersService } from './backoffice-users.service.js';
import { ConfigurationRepository } from './configuration.repository.js';
import { ConfigurationService } from './configuration.service.js';

/** §2 admin lists: backoffice users, operators, VoIP centrals, SMS gateways (docs/administration.md). */
@Module({
  imports: [AccessModule],
  controllers: [AdministrationController],
  providers: [BackofficeUsersService, BackofficeUsersRepository, ConfigurationService, ConfigurationRepository],
})
export class AdministrationModule {}
