import { Module } from '@nestjs/common';
import { StatsModule } from '../stats/stats.module.js';
import { DailyReportRepository } from './daily-report.repository.js';
import { DailyReportService } from './daily-report.service.js';
import { ReportsController } from './reports.controller.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';

/**
 * The reports (api; docs/statistics.md "Reports"): the active devices report and its export, the daily report over
 * its rollup. The daily report scopes its white labels as the statistics do (StatsService, from StatsModule). The
 * worker side is ReportsWorkerModule (reports-worker.module.ts).
 */
@Module({
  imports: [StatsModule],
  controllers: [ReportsController],
  providers: [ReportsRepository, ReportsService, DailyReportRepository, DailyReportService],
})
export class ReportsModule {}
