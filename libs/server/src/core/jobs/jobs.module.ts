import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JOB_REGISTRY, JobWorkerHost } from './job-worker.host.js';
import type { JobRegistry } from './registry.js';

/**
 * Worker side of the jobs mechanism: import it once in the worker's root module, beside the feature modules whose
 * providers carry the `@JobHandler` methods. (The producer, `JobQueue`, is in the global CoreModule.)
 */
@Module({ imports: [DiscoveryModule], providers: [JobWorkerHost], exports: [JobWorkerHost] })
export class JobsWorkerModule {
  /** The same, checked against another registry than JOBS (tests of the boot check). */
  static forRegistry(registry: JobRegistry): DynamicModule {
    return {
      module: JobsWorkerModule,
      providers: [{ provide: JOB_REGISTRY, useValue: registry }],
    };
  }
}
