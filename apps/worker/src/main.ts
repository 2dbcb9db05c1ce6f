import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { SessionSweepService } from '@tracker/server';
import { WorkerModule } from './worker.module.js';

process.env.PROCESS_NAME ??= 'worker';
const app = await NestFactory.createApplicationContext(WorkerModule, { logger: ['error', 'warn'] });
app.enableShutdownHooks();
await app.get(SessionSweepService).sweep();
console.log('worker running');
