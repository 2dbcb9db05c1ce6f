import { Module } from '@nestjs/common';
import { ConsoleConfigController } from './console-config.controller.js';
import { ListsController } from './lists.controller.js';
import { ListsService } from './lists.service.js';

@Module({ controllers: [ListsController, ConsoleConfigController], providers: [ListsService] })
export class ListsModule {}
