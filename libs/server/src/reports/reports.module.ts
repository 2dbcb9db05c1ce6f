import { Module } from '@nestjs/common';
import { StatsModule } from '../stats/stats.module.js';
import { DailyReportRepository } from './daily-report.repository.js';
import { DailyReportRoll } from './daily-report-roll.service.js';
import { DailyReportService } from './daily-report.service.js';
import { ReportJobs } from './report-jobs.js';
import { ReportsController } from './reports.controller.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';
import { ReportSweep } from './report-sweep.service.js';

/**
 * The reports (api; docs/statistics.md "Reports"): the active devices report and its export, the daily report over
 * its rollup. The daily report scopes its white labels as the statistics do (StatsService, from StatsModule).
 */
@Module({
  imports: [StatsModule],
  controllers: [ReportsController],
  providers: [ReportsRepository, ReportsService, DailyReportRepository, DailyReportService],
})
export class ReportsModule {}

/** The report jobs, their sweep and the daily report's roll (worker). */
@Module({
  providers: [ReportsRepository, ReportJobs, ReportSweep, DailyReportRepository, DailyReportRoll],
  exports: [ReportSweep, DailyReportRoll],
})
export class ReportsWorkerModule {}
