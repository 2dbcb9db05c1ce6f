import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { CoreModule, SessionSweepService } from '@tracker/server';

/** The worker: periodic sweeps now; BullMQ job handlers join here as their features land. */
@Module({
  imports: [CoreModule, ScheduleModule.forRoot()],
  providers: [SessionSweepService],
})
export class WorkerModule {}
