import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  canUseOldDeviceImport,
  codedIssues,
  ErrorCode,
  fieldError,
  issueFieldError,
  UNKNOWN_REF,
  type RefTable,
  importUploadForm,
  massUploadForm,
  type DeviceAndSimRecord,
  type DeviceRecord,
  type FactoryDeviceRecord,
  type FieldError,
  type ImportKind,
  type ImportParams,
  type SimRecord,
  IMPORT_MAX_LINE_CHARS,
} from '@tracker/contract';
import type { z } from 'zod';
import { DomainError } from '../core/errors.js';
import { LOGGER } from '../core/tokens.js';
import type { SessionUser } from '../access/session-user.js';
import { detectDelimiter, isBareMassList, lineBatches, sniffFile, splitCsvLine } from './csv-lines.js';
import { JobName, JobQueue } from '../core/jobs/index.js';
import { ExportStore, writeCsv } from '../core/exports/index.js';
import { AuditService } from '../core/audit.service.js';
import { ImportsRepository, type Recorder } from './imports.repository.js';
import { UploadStore } from './upload-store.js';

export type UploadedFile = { path: string; originalname: string; size: number };
export type MemoryFile = { buffer: Buffer; originalname: string; mimetype: string; size: number };

/** Seconds an import report hash stays valid. */
const REPORT_TTL_SECONDS = 60 * 60;
const REPORT_KIND = 'import';


/** Rules of the imports: who may import what, what an upload must be, and the outcome of single records. */
@Injectable()
export class ImportsService {
  constructor(
    private readonly repo: ImportsRepository,
    private readonly jobs: JobQueue,
    private readonly exports: ExportStore,
    private readonly store: UploadStore,
    private readonly audit: AuditService,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /** Records the api call in the transaction of the row it makes (`entity` with the new id). */
  private recorder(entity: string): Recorder {
    return (c, id) => this.audit.recordCall(c, { entity, entityId: id, result: { id } });
  }

  // -------------------------------------------------------------------------------------------- single records

  /** Each given id must exist in its table (400 naming every unknown one). */
  private async checkRefs(refs: [field: string, table: RefTable | 'ftp_server' | 'voip_central', id: number | undefined][]) {
    const errors: FieldError[] = [];
    for (const [field, table, id] of refs) {
      if (id !== undefined && !(await this.repo.exists(table, id))) errors.push(fieldError(field, UNKNOWN_REF[table]));
    }
    if (errors.length) throw new DomainError(ErrorCode.ValidationFailed, errors);
  }

  private outcome(r: { id: number } | { duplicate: string } | { invalid: FieldError }) {
    if ('duplicate' in r) throw new DomainError(ErrorCode.Duplicate, [fieldError(r.duplicate, 'duplicate')]);
    if ('invalid' in r) throw new DomainError(ErrorCode.ValidationFailed, [r.invalid]);
    return { model: { id: r.id } };
  }

  async sim(r: SimRecord) {
    await this.checkRefs([['operator_id', 'operator', r.operator_id]]);
    return this.outcome(await this.repo.insertSim(r, this.recorder('sim_card')));
  }

  async device(s: SessionUser, r: DeviceRecord) {
    if (!canUseOldDeviceImport(s)) throw new DomainError(ErrorCode.ImportOperatorRequired);
    await this.checkRefs([['device_type_id', 'device_type', r.device_type_id]]);
    return this.outcome(await this.repo.insertDevice(r, this.recorder('device')));
  }

  async deviceAndSim(r: DeviceAndSimRecord) {
    await this.checkRefs([['device_type_id', 'device_type', r.device_type_id]]);
    return this.outcome(await this.repo.insertDeviceAndSim(r, this.recorder('device')));
  }

  async factoryDevice(r: FactoryDeviceRecord) {
    await this.checkRefs([
      ['device_type_id', 'device_type', r.device_type_id],
      ['white_label_deployment_id', 'white_label_deployment', r.white_label_deployment_id],
    ]);
    return this.outcome(await this.repo.insertFactoryDevice(r, this.recorder('factory_device')));
  }

  // -------------------------------------------------------------------------------------------- uploads

  /**
   * Registers an uploaded file as an import and queues it. The file must look like CSV text (not empty, no archive
   * or document signature, no NUL bytes, UTF-8); anything else is refused and removed. Answers at once.
   */
  async upload(s: SessionUser, file: UploadedFile | undefined, body: unknown, mass: boolean) {
    try {
      const form = this.parseForm(mass ? massUploadForm : importUploadForm, body);
      if (!file) throw new DomainError(ErrorCode.ImportFileMissing);
      const kind: ImportKind = mass ? 'MASS' : (form as z.infer<typeof importUploadForm>).kind;
      if (kind === 'DEVICE' && !canUseOldDeviceImport(s)) throw new DomainError(ErrorCode.ImportOperatorRequired);
      const params: ImportParams = Object.fromEntries(Object.entries(form).filter(([k, v]) => k !== 'kind' && v !== undefined));
      await this.checkUploadRefs(params);
      const sniff = await sniffFile(file.path);
      if (!sniff.ok) {
        throw new DomainError(
          sniff.reason === 'empty' ? ErrorCode.ImportFileEmpty : sniff.reason === 'binary' ? ErrorCode.ImportFileNotCsv : ErrorCode.ImportFileEncoding,
        );
      }
      const name = file.originalname || 'upload.csv';
      const id = await this.repo.create(kind, name, this.store.relative(file.path), file.size, params, s.userId, this.recorder('import'));
      try {
        await this.jobs.enqueue(JobName.ImportRun, { importId: id });
      } catch (e) {
        // Postgres holds the import: the worker's sweep queues it once Redis answers again
        this.log.warn({ err: e, importId: id }, 'import not queued now; the sweep will');
      }
      return { model: { id, status: 'QUEUED' as const } };
    } catch (e) {
      if (file) await this.store.remove(file.path);
      throw e;
    }
  }

  private parseForm<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
    const r = schema.safeParse(body ?? {}, { error: codedIssues });
    if (!r.success) {
      throw new DomainError(
        ErrorCode.ValidationFailed,
        r.error.issues.map((i) => issueFieldError(i, 'body')),
      );
    }
    return r.data;
  }

  private checkUploadRefs(p: ImportParams) {
    return this.checkRefs([
      ['device_type_id', 'device_type', p.device_type_id],
      ['white_label_deployment_id', 'white_label_deployment', p.white_label_deployment_id],
      ['server_id', 'ftp_server', p.server_id],
      ['voip_central_id', 'voip_central', p.voip_central_id],
    ]);
  }

  // -------------------------------------------------------------------------------------------- list, errors

  async list(page: number, date: string | undefined, id?: number, tz?: string) {
    return { model: await this.repo.list(page, date, id, tz) };
  }

  private async mustGet(id: number) {
    const imp = await this.repo.get(id);
    if (!imp) throw new DomainError(ErrorCode.ImportNotFound);
    return imp;
  }

  async errors(id: number, page: number) {
    await this.mustGet(id);
    return { model: await this.repo.errors(id, page) };
  }

  // -------------------------------------------------------------------------------------------- report CSV

  async generateReport(s: SessionUser, importId: number) {
    await this.mustGet(importId);
    return { model: await this.exports.create(s.userId, REPORT_KIND, { import_id: importId }, REPORT_TTL_SECONDS) };
  }

  /**
   * The import's file name and a writer of its CSV: every line as uploaded plus an `error` column. The hash is
   * good for the user who generated it, until it expires (REPORT_TTL_SECONDS); otherwise 404.
   */
  async report(s: SessionUser, hash: string) {
    const exp = await this.exports.resolve<{ import_id: number }>(s.userId, REPORT_KIND, hash, ErrorCode.NotFound);
    const imp = await this.mustGet(exp.import_id);
    const path = imp.file_path ? this.store.resolve(imp.file_path) : null;
    if (path) {
      try {
        await access(path);
      } catch {
        throw new DomainError(ErrorCode.NotFound);
      }
    }
    const name = `${imp.file_name.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '_')}-report.csv`;
    const repo = this.repo;
    /** The report's rows: every line of the file as uploaded, with its reasons in a last `error` column. */
    async function* rows(): AsyncGenerator<string[]> {
      let pending: { line: number; reason: string }[] = [];
      let lastLine = 0;
      let exhausted = false;
      const errorOf = async (line: number): Promise<string | null> => {
        const reasons: string[] = [];
        for (;;) {
          while (pending.length && pending[0]!.line < line) pending.shift();
          while (pending.length && pending[0]!.line === line) reasons.push(pending.shift()!.reason);
          if (pending.length || exhausted) break;
          const next = await repo.errorsFrom(imp.id, lastLine, 5000);
          if (next.length === 0) exhausted = true;
          else lastLine = next[next.length - 1]!.line;
          pending = next;
        }
        return reasons.length ? reasons.join('; ') : null;
      };
      if (!path) {
        yield ['line', 'error'];
        for (;;) {
          const next = await repo.errorsFrom(imp.id, lastLine, 5000);
          if (!next.length) break;
          for (const e of next) yield [String(e.line), e.reason];
          lastLine = next[next.length - 1]!.line;
        }
        return;
      }
      let delimiter: string | null = null;
      let headerDone = false;
      let width = 1;
      for await (const batch of lineBatches(createReadStream(path, { highWaterMark: 1 << 20 }), IMPORT_MAX_LINE_CHARS * 4)) {
        for (const l of batch) {
          if (l.text.trim() === '') continue;
          const split = splitCsvLine(l.text, (delimiter ??= detectDelimiter(l.text)));
          // a line that cannot be split is repeated whole in its first cell, so it can be mended from the report
          const fields = 'error' in split ? [l.text] : split.fields;
          const err = await errorOf(l.no);
          if (!headerDone) {
            headerDone = true;
            const bareImei = imp.kind === 'MASS' && isBareMassList(fields);
            if (!bareImei) {
              // the header row; a file that failed as a whole has its reason here
              width = fields.length;
              yield [...fields, 'error'];
              if (err) yield [...fields.map(() => ''), err];
              continue;
            }
            yield ['imei', 'error'];
          }
          // short lines are padded so that the reason stays in the error column
          const pad = fields.length < width ? Array<string>(width - fields.length).fill('') : [];
          yield [...fields, ...pad, err ?? ''];
        }
      }
    }
    const write = (out: Writable) => writeCsv(rows(), out);
    return { name, write };
  }

  // -------------------------------------------------------------------------------------------- help file

  async help() {
    return { model: await this.repo.latestHelpFile() };
  }

  async uploadHelp(s: SessionUser, file: MemoryFile | undefined) {
    if (!file || file.size === 0) throw new DomainError(ErrorCode.ValidationFailed, [fieldError('file', 'chooseFile')]);
    const type = file.mimetype || 'application/octet-stream';
    const id = await this.repo.insertHelpFile(file.originalname || 'help', type, file.buffer, s.userId, this.recorder('help_file'));
    return { model: { id } };
  }

  async helpFile(id: number) {
    const f = await this.repo.helpFile(id);
    if (!f) throw new DomainError(ErrorCode.HelpFileNotFound);
    return f;
  }
}
