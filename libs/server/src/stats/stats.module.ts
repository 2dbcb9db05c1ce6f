import { Module } from '@nestjs/common';
import { StatsController } from './stats.controller.js';
import { StatsRepository } from './stats.repository.js';
import { StatsService } from './stats.service.js';

/**
 * GET /stats/list (api): reads the rollup. docs/statistics.md. (The reports are ReportsModule's, reports/; the
 * rollup's upkeep in the worker is StatsWorkerModule, stats-worker.module.ts.)
 */
@Module({
  controllers: [StatsController],
  providers: [StatsRepository, StatsService],
  /** the white-label scope of a statistics call, also the daily report's (ReportsModule) */
  exports: [StatsService],
})
export class StatsModule {}
