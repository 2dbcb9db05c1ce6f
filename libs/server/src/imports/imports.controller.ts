import { Controller, Req, Res, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  importTemplate,
  ROUTES,
  type DeviceAndSimRecord,
  type DeviceRecord,
  type FactoryDeviceRecord,
  type ImportKind,
  type SimRecord,
} from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { ImportsService, type MemoryFile, type UploadedFile } from './imports.service.js';
import { HelpFileInterceptor, ImportFileInterceptor } from './upload.interceptor.js';
import { sendAsAttachment } from '../core/exports/index.js';

type FileRequest<F> = Request & { file?: F };

/** §7 Import: single records, uploads, the import list, errors, the report CSV and the help file. */
@Controller()
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  @Endpoint(ROUTES.importSim)
  sim(@Input('body') b: SimRecord) {
    return this.imports.sim(b);
  }

  @Endpoint(ROUTES.importDevice)
  device(@Session() s: SessionUser, @Input('body') b: DeviceRecord) {
    return this.imports.device(s, b);
  }

  @Endpoint(ROUTES.importDeviceAndSim)
  deviceAndSim(@Input('body') b: DeviceAndSimRecord) {
    return this.imports.deviceAndSim(b);
  }

  @Endpoint(ROUTES.importFactoryDevice)
  factoryDevice(@Input('body') b: FactoryDeviceRecord) {
    return this.imports.factoryDevice(b);
  }

  @Endpoint(ROUTES.importUpload)
  @UseInterceptors(ImportFileInterceptor)
  upload(@Session() s: SessionUser, @Req() req: FileRequest<UploadedFile>) {
    return this.imports.upload(s, req.file, req.body, false);
  }

  @Endpoint(ROUTES.importUploadMass)
  @UseInterceptors(ImportFileInterceptor)
  uploadMass(@Session() s: SessionUser, @Req() req: FileRequest<UploadedFile>) {
    return this.imports.upload(s, req.file, req.body, true);
  }

  @Endpoint(ROUTES.importList)
  list(@Input('query') q: { page: number; date?: string; id?: number; tz: string }) {
    return this.imports.list(q.page, q.date, q.id, q.tz);
  }

  @Endpoint(ROUTES.importErrors)
  errors(@Input('query') q: { id: number; page: number }) {
    return this.imports.errors(q.id, q.page);
  }

  @Endpoint(ROUTES.importTemplate)
  template(@Input('query') q: { kind: ImportKind }, @Res() res: Response) {
    sendAsAttachment(res, `import-${q.kind.toLowerCase()}-template.csv`, 'text/csv; charset=utf-8');
    res.send(importTemplate(q.kind));
  }

  @Endpoint(ROUTES.importCsvGenerate)
  generate(@Session() s: SessionUser, @Input('query') q: { import_id: number }) {
    return this.imports.generateReport(s, q.import_id);
  }

  @Endpoint(ROUTES.importCsvDownload)
  async download(@Session() s: SessionUser, @Input('query') q: { hash: string }, @Res() res: Response) {
    const report = await this.imports.report(s, q.hash);
    sendAsAttachment(res, report.name, 'text/csv; charset=utf-8');
    try {
      await report.write(res);
    } finally {
      res.end();
    }
  }

  @Endpoint(ROUTES.importHelp)
  help() {
    return this.imports.help();
  }

  @Endpoint(ROUTES.importHelpUpload)
  @UseInterceptors(HelpFileInterceptor)
  uploadHelp(@Session() s: SessionUser, @Req() req: FileRequest<MemoryFile>) {
    return this.imports.uploadHelp(s, req.file);
  }

  @Endpoint(ROUTES.importHelpFile)
  async helpFile(@Input('query') q: { id: number }, @Res() res: Response) {
    const f = await this.imports.helpFile(q.id);
    sendAsAttachment(res, f.file_name, f.content_type);
    res.send(f.content);
  }
}
