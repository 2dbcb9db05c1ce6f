import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module.js';
import { BackofficeUsersRepository } from '../admin/backoffice-users.repository.js';
import { OwnerStoreModule } from '../owner-workspace/owner-store.module.js';
import { AuthController } from './auth.controller.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { ThrottleService } from './throttle.service.js';

@Module({
  imports: [AccessModule, OwnerStoreModule],
  controllers: [AuthController],
  // the owners of backoffice_user (here) and owner (OwnerStoreModule) write the sign-in's and the reset link's changes (docs/architecture.md "Table owners")
  providers: [AuthService, AuthRepository, BackofficeUsersRepository, ThrottleService],
})
export class AuthModule {}
