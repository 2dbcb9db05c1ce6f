import { Module } from '@nestjs/common';
import { OwnerScopeRepository } from './owner-scope.repository.js';
import { OwnerScopeService } from './owner-scope.service.js';

/** The owner workspace's scope check (OwnerScopeService), for every module whose calls name an owner. */
@Module({ providers: [OwnerScopeService, OwnerScopeRepository], exports: [OwnerScopeService] })
export class OwnerScopeModule {}
