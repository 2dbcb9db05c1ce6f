import { Module } from '@nestjs/common';
import { CoreModule, ExportSweep, ExportSweepRepository, ImportsWorkerModule, JobsWorkerModule, PeriodicJobsModule, SessionSweepService, SessionQueriesRepository, SmsWorkerModule, StatsWorkerModule, ReportsWorkerModule, FirmwareWorkerModule, ModemWorkerModule } from '@tracker/server/worker';

/**
 * The worker: the job handlers of every queue (JobsWorkerModule runs them) and the periodic jobs (PeriodicJobsModule
 * runs the sweeps, ticks and rolls declared in PERIODIC_JOBS).
 */
@Module({
  imports: [CoreModule, JobsWorkerModule, PeriodicJobsModule, ImportsWorkerModule, SmsWorkerModule, StatsWorkerModule, ReportsWorkerModule, FirmwareWorkerModule, ModemWorkerModule],
  providers: [SessionSweepService, SessionQueriesRepository, ExportSweep, ExportSweepRepository],
})
export class WorkerModule {}
