import { Module } from '@nestjs/common';
import { StatsRepository } from './stats.repository.js';
import { StatsRollup } from './stats-rollup.service.js';

/**
 * The rollup's upkeep (worker). A file of its own, apart from StatsModule (the api's controller), so that the
 * worker's entry (worker.ts) loads none of the api's code.
 */
@Module({
  providers: [StatsRepository, StatsRollup],
  exports: [StatsRollup],
})
export class StatsWorkerModule {}
