import { Module } from '@nestjs/common';
import { StatsController } from './stats.controller.js';
import { StatsRepository } from './stats.repository.js';
import { StatsRollup } from './stats-rollup.service.js';
import { StatsService } from './stats.service.js';

/** GET /stats/list (api): reads the rollup. docs/statistics.md. */
@Module({
  controllers: [StatsController],
  providers: [StatsRepository, StatsService],
})
export class StatsModule {}

/** The rollup's upkeep (worker). */
@Module({
  providers: [StatsRepository, StatsRollup],
  exports: [StatsRollup],
})
export class StatsWorkerModule {}
