import { Module } from '@nestjs/common';
import { OwnerWorkspaceModule } from '../owner-workspace/owner-workspace.module.js';
import { OwnerController } from './owner.controller.js';
import { OwnerRepository } from './owner.repository.js';
import { OwnerService } from './owner.service.js';

/** Owners: the add-user call of the dashboard, and the owner workspace (/owner/{id}, docs/owner-workspace.md). */
@Module({ imports: [OwnerWorkspaceModule], controllers: [OwnerController], providers: [OwnerService, OwnerRepository] })
export class OwnersModule {}
