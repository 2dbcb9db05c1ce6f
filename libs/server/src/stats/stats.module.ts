import { Module } from '@nestjs/common';
import { DailyReportRepository } from '../reports/daily-report.repository.js';
import { DailyReportRoll } from '../reports/daily-report-roll.service.js';
import { DailyReportService } from '../reports/daily-report.service.js';
import { ReportJobs } from '../reports/report-jobs.js';
import { ReportsController } from '../reports/reports.controller.js';
import { ReportsRepository } from '../reports/reports.repository.js';
import { ReportsService } from '../reports/reports.service.js';
import { ReportSweep } from '../reports/report-sweep.service.js';
import { StatsController } from './stats.controller.js';
import { StatsRepository } from './stats.repository.js';
import { StatsRollup } from './stats-rollup.service.js';
import { StatsService } from './stats.service.js';

/** GET /stats/list (api): reads the rollup; the reports and their exports. docs/statistics.md. */
@Module({
  controllers: [StatsController, ReportsController],
  providers: [StatsRepository, StatsService, ReportsRepository, ReportsService, DailyReportRepository, DailyReportService],
})
export class StatsModule {}

/** The rollup's upkeep and the report jobs (worker). */
@Module({
  providers: [StatsRepository, StatsRollup, ReportsRepository, ReportJobs, ReportSweep, DailyReportRepository, DailyReportRoll],
  exports: [StatsRollup, ReportSweep, DailyReportRoll],
})
export class StatsWorkerModule {}
