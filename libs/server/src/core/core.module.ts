import { Global, Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { AppConfig, loadConfig } from './config.js';
import { PgPool, PrismaService } from './db.js';
import { RedisService } from './redis.js';
import { createLogger } from './logger.js';
import { LOGGER } from './tokens.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';
import { JobFailures } from './jobs/job-failures.js';
import { JobQueue } from './jobs/job-queue.service.js';
import { ExportStore } from './exports/export-store.js';
import { HealthService } from './health/health.service.js';
import { MetricsRepository } from './metrics/metrics.repository.js';
import { MetricsService } from './metrics/metrics.service.js';
import { csvGenerateForms } from './exports/csv-generate-forms.js';
import { ProductionChecks } from './production-checks.js';
import { ProductionChecksRepository } from './production-checks.repository.js';

/** Config, database, Redis, logger, audit, the job producer and the export hash store: shared by api and worker. */
@Global()
@Module({
  providers: [
    { provide: AppConfig, useFactory: () => loadConfig() },
    { provide: LOGGER, useFactory: (c: AppConfig) => createLogger(c.get('LOG_LEVEL'), process.env.PROCESS_NAME ?? 'api'), inject: [AppConfig] },
    PgPool,
    PrismaService,
    RedisService,
    AuditService,
    AuditRepository,
    JobQueue,
    JobFailures,
    ExportStore,
    HealthService,
    MetricsRepository,
    MetricsService,
    ProductionChecksRepository,
    ProductionChecks,
  ],
  exports: [AppConfig, LOGGER, PgPool, PrismaService, RedisService, AuditService, JobQueue, JobFailures, ExportStore, HealthService, MetricsService],
})
export class CoreModule implements NestModule {
  // §7 GET /csv/generate: each form goes on to its own generator (csv-generate-forms.ts)
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(csvGenerateForms).forRoutes({ path: 'csv/generate', method: RequestMethod.GET });
  }
}
