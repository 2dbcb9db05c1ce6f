import { Module } from '@nestjs/common';
import { ListsController } from './lists.controller.js';
import { ListsRepository } from './lists.repository.js';
import { ListsService } from './lists.service.js';

@Module({ controllers: [ListsController], providers: [ListsService, ListsRepository] })
export class ListsModule {}
