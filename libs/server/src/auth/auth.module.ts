import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module.js';
import { OwnerStoreModule } from '../owner-workspace/owner-store.module.js';
import { AuthController } from './auth.controller.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { ThrottleService } from './throttle.service.js';

@Module({
  imports: [AccessModule, OwnerStoreModule],
  controllers: [AuthController],
  providers: [AuthService, AuthRepository, ThrottleService],
})
export class AuthModule {}
