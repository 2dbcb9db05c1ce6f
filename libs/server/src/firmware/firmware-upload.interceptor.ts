import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import multer, { type Multer, type StorageEngine } from 'multer';
import type { Observable } from 'rxjs';
import { ErrorCode, fieldError } from '@tracker/contract';
import { AppConfig } from '../core/config.js';
import { DomainError } from '../core/errors.js';

/** A firmware file as received: where it is staged, its size and its sha256 (computed while it streamed in). */
export type StagedFirmware = { path: string; size: number; sha256: string; originalname: string };

/** Multer storage that streams a part to disk through a sha256: the file is never held whole in memory. */
class HashingDiskStorage implements StorageEngine {
  constructor(private readonly dir: string) {}

  _handleFile(_req: unknown, file: Express.Multer.File, cb: (error?: unknown, info?: Partial<Express.Multer.File> & { sha256?: string }) => void): void {
    const path = join(this.dir, `firmware-${randomBytes(12).toString('hex')}.bin`);
    const hash = createHash('sha256');
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, next) {
        hash.update(chunk);
        size += chunk.length;
        next(null, chunk);
      },
    });
    pipeline(file.stream, tap, createWriteStream(path)).then(
      () => cb(null, { path, size, sha256: hash.digest('hex') }),
      (err: unknown) => void rm(path, { force: true }).finally(() => cb(err)),
    );
  }

  _removeFile(_req: unknown, file: Express.Multer.File, cb: (error: Error | null) => void): void {
    rm(file.path, { force: true }).then(() => cb(null), (e: Error) => cb(e));
  }
}

/**
 * Receives the `file` part of a firmware upload onto disk (UPLOAD_DIR/firmware, a random name) with its sha256, at
 * most FIRMWARE_MAX_BYTES (413 beyond, the partial file removed). Runs after the access guard: a refused call stores
 * nothing. The service removes the staged file once it went to the FTP server (or did not).
 */
@Injectable()
export class FirmwareFileInterceptor implements NestInterceptor {
  private readonly multer: Multer;
  constructor(config: AppConfig) {
    const dir = resolve(config.get('UPLOAD_DIR'), 'firmware');
    mkdirSync(dir, { recursive: true });
    this.multer = multer({
      storage: new HashingDiskStorage(dir),
      limits: { fileSize: config.get('FIRMWARE_MAX_BYTES'), files: 1, fields: 10, fieldSize: 1000, parts: 20 },
      defParamCharset: 'utf8',
    });
  }

  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = ctx.switchToHttp();
    await new Promise<void>((ok, fail) => {
      this.multer.single('file')(http.getRequest(), http.getResponse(), (err: unknown) => {
        if (!err) return ok();
        const e = err as Error & { code?: string; field?: string };
        if (e.code === 'LIMIT_FILE_SIZE') return fail(new DomainError(ErrorCode.PayloadTooLarge));
        if (e.code?.startsWith('LIMIT_')) return fail(new DomainError(ErrorCode.ValidationFailed, [fieldError(e.field ?? 'file', 'uploadLimit', { limit: e.message })]));
        fail(new DomainError(ErrorCode.ValidationFailed, [fieldError('file', 'malformedMultipart')]));
      });
    });
    return next.handle();
  }
}
