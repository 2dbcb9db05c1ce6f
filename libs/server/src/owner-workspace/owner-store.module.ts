import { Module } from '@nestjs/common';
import { OwnerStore } from './owner.store.js';

/** The owner of the `owner` table: every feature that writes an owner (the owner workspace, auth's reset) imports this module. */
@Module({ providers: [OwnerStore], exports: [OwnerStore] })
export class OwnerStoreModule {}
