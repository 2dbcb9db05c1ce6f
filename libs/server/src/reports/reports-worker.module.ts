import { Module } from '@nestjs/common';
import { DailyReportRepository } from './daily-report.repository.js';
import { DailyReportRoll } from './daily-report-roll.service.js';
import { ReportJobs } from './report-jobs.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportSweep } from './report-sweep.service.js';

/**
 * The report jobs, their sweep and the daily report's roll (worker). Apart from ReportsModule (the api's controller)
 * so that the worker's entry (worker.ts) loads none of the api's code.
 */
@Module({
  providers: [ReportsRepository, ReportJobs, ReportSweep, DailyReportRepository, DailyReportRoll],
  exports: [ReportSweep, DailyReportRoll],
})
export class ReportsWorkerModule {}
