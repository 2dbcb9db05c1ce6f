import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module.js';
import { BackofficeUsersRepository } from '../administration/backoffice-users.repository.js';
import { AuthController } from './auth.controller.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { ThrottleService } from './throttle.service.js';

@Module({
  imports: [AccessModule],
  controllers: [AuthController],
  // BackofficeUsersRepository: the owner of backoffice_user writes the sign-in's changes (docs/architecture.md "Table owners")
  providers: [AuthService, AuthRepository, BackofficeUsersRepository, ThrottleService],
})
export class AuthModule {}
