import { Module } from '@nestjs/common';
import { ImportJobsWorker } from './import-jobs.worker.js';
import { ImportQueue } from './import-queue.service.js';
import { ImportRunner } from './import-runner.service.js';
import { ImportsRepository } from './imports.repository.js';
import { UploadStore } from './upload-store.js';

/** Bulk imports, worker side: the BullMQ worker of the imports queue, the runner, and the sweep. */
@Module({
  providers: [ImportJobsWorker, ImportRunner, ImportQueue, ImportsRepository, UploadStore],
  exports: [ImportJobsWorker, ImportRunner],
})
export class ImportsWorkerModule {}
