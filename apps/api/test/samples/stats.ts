import type { RouteName } from '@tracker/contract';
import type { SampleBuilder } from './index.js';

/** Valid requests of the statistics and report routes (docs/statistics.md). */
export const STATS_SAMPLES: Partial<Record<RouteName, SampleBuilder>> = {
  statsList: () => ({ path: '/stats/list?type=new_registrations&from=2026-01-01&to=2026-01-31' }),
};
