import { Module } from '@nestjs/common';
import { ConsoleConfigController } from './console-config.controller.js';
import { ListsController } from './lists.controller.js';
import { ListsRepository } from './lists.repository.js';
import { ListsService } from './lists.service.js';

@Module({ controllers: [ListsController, ConsoleConfigController], providers: [ListsService, ListsRepository] })
export class ListsModule {}
