import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ImportsController } from './imports.controller.js';
import { ImportsRepository } from './imports.repository.js';
import { ImportsService } from './imports.service.js';
import { HelpFileInterceptor, ImportFileInterceptor } from './upload.interceptor.js';
import { UploadStore } from './upload-store.js';

/**
 * §7 `GET /csv/generate?import_id` shares its path with the device exports (`?device_id&date`): a call that names an
 * import (and no device) is routed on to the import report's generator, `/csv/generate/import`, with its own area.
 */
export function csvGenerateImportAlias(req: Request, _res: Response, next: NextFunction) {
  const q = req.query as Record<string, unknown>;
  if (q.import_id !== undefined && q.device_id === undefined) req.url = req.url.replace(/\/csv\/generate(?=\?|$)/, '/csv/generate/import');
  next();
}

/** Bulk imports, api side (§7 Import): uploads, import rows, errors, help file. The worker side is ImportsWorkerModule. */
@Module({
  controllers: [ImportsController],
  providers: [ImportsService, ImportsRepository, UploadStore, ImportFileInterceptor, HelpFileInterceptor],
})
export class ImportsModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(csvGenerateImportAlias).forRoutes({ path: 'csv/generate', method: RequestMethod.GET });
  }
}
