import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { CoreModule, ExportSweep, ImportsWorkerModule, JobsWorkerModule, SessionSweepService, SessionQueriesRepository, SmsWorkerModule, StatsWorkerModule, FirmwareWorkerModule, ModemWorkerModule } from '@tracker/server';

/** The worker: periodic sweeps (@nestjs/schedule) and the job handlers of every queue (JobsWorkerModule runs them). */
@Module({
  imports: [CoreModule, ScheduleModule.forRoot(), JobsWorkerModule, ImportsWorkerModule, SmsWorkerModule, StatsWorkerModule, FirmwareWorkerModule, ModemWorkerModule],
  providers: [SessionSweepService, SessionQueriesRepository, ExportSweep],
})
export class WorkerModule {}
