import { Module } from '@nestjs/common';
import { StatsController } from './stats.controller.js';
import { StatsRepository } from './stats.repository.js';
import { StatsRollup } from './stats-rollup.service.js';
import { StatsService } from './stats.service.js';

/** GET /stats/list (api): reads the rollup. docs/statistics.md. (The reports are ReportsModule's, reports/.) */
@Module({
  controllers: [StatsController],
  providers: [StatsRepository, StatsService],
  /** the white-label scope of a statistics call, also the daily report's (ReportsModule) */
  exports: [StatsService],
})
export class StatsModule {}

/** The rollup's upkeep (worker). */
@Module({
  providers: [StatsRepository, StatsRollup],
  exports: [StatsRollup],
})
export class StatsWorkerModule {}
