import { Module } from '@nestjs/common';
import { ImportJobs } from './import-jobs.js';
import { ImportRunnerRepository } from './import-runner.repository.js';
import { ImportRunner } from './import-runner.service.js';
import { ImportSweep } from './import-sweep.service.js';
import { ImportsRepository } from './imports.repository.js';
import { UploadStore } from './upload-store.js';

/** Bulk imports, worker side: the import job's handlers, the runner, and the sweep. */
@Module({
  providers: [ImportJobs, ImportRunner, ImportRunnerRepository, ImportSweep, ImportsRepository, UploadStore],
  exports: [ImportRunner, ImportSweep],
})
export class ImportsWorkerModule {}
