import type { ReasonDef } from './reason-def.js';

/** The reason codes of statistics and reports (docs/statistics.md). */
export const STATS_REASONS = {
  statsUnknownType: { en: 'Unknown statistic type' },
  statsToBeforeFrom: { en: 'To must not be before from' },
  statsRangeTooLong: { en: 'A statistic covers at most {{max}} days', params: { max: 'number' } },
  // a refusal names no white label: not the one owning a deployment, not even an id asked for (docs/access.md)
  statsWhiteLabelNotAllowed: { en: 'A white label you asked for is not one of yours' },
  statsDeploymentNotAllowed: { en: 'This deployment is not one of yours' },
  reportToTooEarly: { en: 'To must be at least one day after from' },
  reportDayInFuture: { en: 'The day must not be after today' },
} as const satisfies Record<string, ReasonDef>;
