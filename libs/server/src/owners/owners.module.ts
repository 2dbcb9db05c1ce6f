import { Module } from '@nestjs/common';
import { OwnerController } from './owner.controller.js';
import { OwnerRepository } from './owner.repository.js';
import { OwnerService } from './owner.service.js';

@Module({ controllers: [OwnerController], providers: [OwnerService, OwnerRepository] })
export class OwnersModule {}
