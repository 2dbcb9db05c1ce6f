import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { CoreModule, ImportsWorkerModule, SessionSweepService } from '@tracker/server';

/** The worker: periodic sweeps and the BullMQ job handlers (imports). */
@Module({
  imports: [CoreModule, ScheduleModule.forRoot(), ImportsWorkerModule],
  providers: [SessionSweepService],
})
export class WorkerModule {}
