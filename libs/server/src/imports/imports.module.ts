import { Module } from '@nestjs/common';
import { ImportsController } from './imports.controller.js';
import { ImportsRepository } from './imports.repository.js';
import { ImportsService } from './imports.service.js';
import { HelpFileInterceptor, ImportFileInterceptor } from './upload.interceptor.js';
import { UploadStore } from './upload-store.js';

/** Bulk imports, api side (§7 Import): uploads, import rows, errors, help file. The worker side is ImportsWorkerModule. */
@Module({
  controllers: [ImportsController],
  providers: [ImportsService, ImportsRepository, UploadStore, ImportFileInterceptor, HelpFileInterceptor],
})
export class ImportsModule {}
