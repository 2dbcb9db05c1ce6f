// The worker's entry (`@tracker/server/worker`): what apps/worker needs and nothing of the api (controllers, guards,
// route validation), so that the worker process loads fewer modules and idles smaller (issue 25, docs/scaling.md
// "Issue 25's aims"). Each name comes from its own file, not from the barrel (index.ts), which loads everything.
export { AppConfig } from './core/config.js';
export { CoreModule } from './core/core.module.js';
export { nestLogger, startupFailed } from './core/logger.js';
export { HealthService, probeHandler } from './core/health/health.service.js';
export { MetricsService } from './core/metrics/metrics.service.js';
export { JobsWorkerModule } from './core/jobs/jobs.module.js';
export { PeriodicJobsModule } from './core/jobs/periodic-jobs.js';
export { ExportSweep } from './core/exports/export-sweep.service.js';
export { ExportSweepRepository } from './core/exports/export-sweep.repository.js';
export { SessionSweepService } from './sessions/session-sweep.service.js';
export { SessionQueriesRepository } from './auth/session-queries.repository.js';
export { ImportsWorkerModule } from './imports/imports-worker.module.js';
export { SmsWorkerModule } from './sms/sms-worker.module.js';
export { StatsWorkerModule } from './stats/stats-worker.module.js';
export { ReportsWorkerModule } from './reports/reports-worker.module.js';
export { FirmwareWorkerModule } from './firmware/firmware-worker.module.js';
export { ModemWorkerModule } from './modem/modem-worker.module.js';
