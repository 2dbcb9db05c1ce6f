import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import multer, { type Multer } from 'multer';
import { ErrorCode, fieldError, HELP_FILE_MAX_BYTES } from '@tracker/contract';
import type { Observable } from 'rxjs';
import { AppConfig } from '../core/config.js';
import { DomainError } from '../core/errors.js';
import { UploadStore } from './upload-store.js';

type MulterError = Error & { code?: string; field?: string };

function run(m: Multer, req: unknown, res: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    m.single('file')(req as never, res as never, (err: unknown) => {
      if (!err) return resolve();
      const e = err as MulterError;
      if (e.code === 'LIMIT_FILE_SIZE') return reject(new DomainError(ErrorCode.PayloadTooLarge));
      if (e.code?.startsWith('LIMIT_')) {
        return reject(new DomainError(ErrorCode.ValidationFailed, [fieldError(e.field ?? 'file', 'uploadLimit', { limit: e.message })]));
      }
      reject(new DomainError(ErrorCode.ValidationFailed, [fieldError('file', 'malformedMultipart')]));
    });
  });
}

/**
 * Receives the `file` part of an import upload onto disk (UPLOAD_DIR, a random name), at most UPLOAD_MAX_BYTES
 * (413 beyond, the partial file removed). Runs after the access guard, so nothing is stored for a refused call.
 */
@Injectable()
export class ImportFileInterceptor implements NestInterceptor {
  private readonly multer: Multer;
  constructor(config: AppConfig, store: UploadStore) {
    this.multer = multer({
      storage: multer.diskStorage({ destination: store.dir, filename: (_req, _file, cb) => cb(null, store.newName()) }),
      limits: { fileSize: config.get('UPLOAD_MAX_BYTES'), files: 1, fields: 20, fieldSize: 1000, parts: 30 },
      // browsers send the file name as UTF-8 (multer's default, latin1, turned "Müller.csv" into "MÃ¼ller.csv")
      defParamCharset: 'utf8',
    });
  }
  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = ctx.switchToHttp();
    await run(this.multer, http.getRequest(), http.getResponse());
    return next.handle();
  }
}

/** Receives a help file into memory (it is stored in the database), at most HELP_FILE_MAX_BYTES. */
@Injectable()
export class HelpFileInterceptor implements NestInterceptor {
  private readonly multer = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: HELP_FILE_MAX_BYTES, files: 1, fields: 5, parts: 10 },
    defParamCharset: 'utf8',
  });
  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = ctx.switchToHttp();
    await run(this.multer, http.getRequest(), http.getResponse());
    return next.handle();
  }
}
