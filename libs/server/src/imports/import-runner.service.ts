import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_LINE_CHARS,
  reason,
  VALUE_RULES,
  type ImportKind,
  type ImportParams,
  type Reason,
} from '@tracker/contract';
import { LOGGER } from '../core/tokens.js';
import { MetricsService } from '../core/metrics/metrics.service.js';
import { detectDelimiter, isBareMassList, lineBatches, splitCsvLine } from './csv-lines.js';
import { ImportRunnerRepository, MAX_VALUE_CHARS, type ImportRunRow } from './import-runner.repository.js';
import { columnDefault } from './import-sql.js';
import { UploadStore } from './upload-store.js';

type HeaderColumn = {
  name: string;
  index: number;
  required: boolean;
  re: RegExp;
  reason: Reason;
  maxLength: number;
  normalise: ((v: string) => string) | null;
  /** The upload form's default for an empty value, or null. */
  fallback: string | null;
};
/** `ignored`: header names that are no column of the kind (noted on the finished import, so a misspelt column is seen). */
type Header = { delimiter: string; columns: HeaderColumn[]; width: number; ignored: string[] };

/** A failure that retrying cannot fix: the import ends FAILED with this reason and a line-1 error (column, value). */
export class ImportRejected extends Error {
  constructor(
    readonly reason: Reason,
    readonly column: string | null = null,
    readonly value: string | null = null,
  ) {
    super(reason.code);
  }
}

export { IMPORT_RUN_LOCK_CLASS } from './import-runner.repository.js';

const PROGRESS = { loaded: 60, checked: 70, inserted: 99 } as const;

/** The note a finished import carries when its header named columns the kind does not know (they were not read). */
export const ignoredNote = (ignored: string[]): Reason | null =>
  ignored.length ? reason('ignoredColumns', { columns: ignored.join(', ').slice(0, 1000) }) : null;

// most values (digits, codes) have nothing to escape: a test is cheaper than a replace on every value (the worker's
// CPU profile of a 1,000,000-row import had the replace at 6 %, beside 6 % for the whole line check)
const COPY_SPECIAL = /[\\\t\n\r]/;
const copyEscape = (v: string) =>
  COPY_SPECIAL.test(v) ? v.replace(/[\\\t\n\r]/g, (m) => (m === '\\' ? '\\\\' : m === '\t' ? '\\t' : m === '\n' ? '\\n' : '\\r')) : v;
const copyValue = (v: string | null) => (v === null ? '\\N' : copyEscape(v));
const clean = (v: string, max = MAX_VALUE_CHARS) => v.replace(/\0/g, '').slice(0, max);

/**
 * Runs one import from its stored file to its rows and errors. Idempotent: whatever state a previous, interrupted
 * run left (stage tables, progress), a run starts over for an import that is not FINISHED or FAILED; rows,
 * errors and the FINISHED status are committed in one transaction, so a kill at any point leaves either nothing
 * or everything, and a rerun after the commit does nothing.
 */
@Injectable()
export class ImportRunner {
  constructor(
    private readonly repo: ImportRunnerRepository,
    private readonly store: UploadStore,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly metrics: MetricsService,
  ) {}

  async run(importId: number): Promise<'done' | 'skipped' | 'failed'> {
    const imp = await this.repo.get(importId);
    if (!imp) {
      this.log.warn({ importId }, 'import job for a missing import: dropped');
      return 'skipped';
    }
    if (imp.status === 'FINISHED' || imp.status === 'FAILED') {
      await this.repo.dropTables(importId);
      return 'skipped';
    }
    // One run per import at a time, across worker processes: a run holds a session advisory lock on the import for
    // as long as it works. A second run (a job taken over from a worker that lost its job lock but is still alive,
    // or a sweep's re-enqueue) skips instead of dropping the first one's stage tables; should the first one die, the
    // sweep queues the import again.
    const out = await this.repo.withRunLock(importId, () => this.runLocked(importId, imp));
    if (out === 'skipped') this.log.warn({ importId }, 'import already being run by another worker: this run skipped');
    return out;
  }

  private async runLocked(importId: number, imp: ImportRunRow): Promise<'done' | 'skipped' | 'failed'> {
    if (!(await this.repo.claim(importId))) return 'skipped';
    const started = Date.now();
    try {
      if (!imp.file_path) throw new ImportRejected(reason('noFile'));
      const path = this.store.resolve(imp.file_path);
      try {
        await access(path);
      } catch {
        throw new ImportRejected(reason('fileGone'));
      }
      await this.repo.dropTables(importId);
      const params = imp.params ?? {};
      const { count, lastLine, ignored } = await this.load(imp, path, Number(imp.file_size), params);
      if (count === 0) throw new ImportRejected(reason('noDataRows'));
      const loaded = Date.now();
      await this.repo.check(imp.kind, importId);
      await this.repo.progress(importId, PROGRESS.checked, count);
      const checked = Date.now();
      const span = PROGRESS.inserted - PROGRESS.checked;
      const committed = await this.repo.commit(imp, params, { count, lastLine }, ignoredNote(ignored), (share, imported) =>
        this.repo.progress(importId, PROGRESS.checked + span * share, count, imported),
      );
      if (!committed) {
        this.log.warn({ importId }, 'import committed by another run: this one dropped');
        return 'skipped';
      }
      this.metrics.importRows.inc({ kind: imp.kind, outcome: 'imported' }, committed.imported);
      this.metrics.importRows.inc({ kind: imp.kind, outcome: 'failed' }, committed.failed);
      const ms = { load: loaded - started, check: checked - loaded, commit: Date.now() - checked };
      this.log.info({ importId, kind: imp.kind, count, ms }, 'import finished');
      return 'done';
    } catch (e) {
      if (e instanceof ImportRejected) {
        await this.fail(importId, e);
        return 'failed';
      }
      throw e;
    } finally {
      await this.repo.dropTables(importId).catch(() => undefined);
    }
  }

  /**
   * Marks an import FAILED for good: a file it cannot read (ImportRejected, with its line-1 error), or any other
   * failure after the last attempt (`importFailed` with the error's message).
   */
  async fail(importId: number, e: ImportRejected | Error): Promise<void> {
    if (e instanceof ImportRejected) {
      return this.repo.fail(importId, e.reason, { column: e.column, value: e.value === null ? null : clean(e.value) });
    }
    return this.repo.fail(importId, reason('importFailed', { message: e.message.slice(0, 1000) }), null);
  }

  /**
   * Streams the file into the stage table with COPY: one row per data line. Returns the number of data lines and the
   * number of the last one.
   */
  private async load(
    imp: ImportRunRow,
    path: string,
    size: number,
    params: ImportParams,
  ): Promise<{ count: number; lastLine: number; ignored: string[] }> {
    const kind = imp.kind;
    let bytes = 0;
    let count = 0;
    let lastLine = 0;
    let lastTick = Date.now();
    let pending: Promise<unknown> = Promise.resolve();
    const copy = await this.repo.openStage(kind, imp.id);
    try {
      const counted = async function* (src: AsyncIterable<Buffer>) {
        for await (const chunk of src) {
          bytes += chunk.length;
          yield chunk;
        }
      };
      let header: Header | null = null;
      // 64 KB reads (Node's default): a batch's lines and COPY text die young. 1 MB reads made no faster import and
      // grew the worker 88 MB over idle against 59-71 at 1,000,000 rows (docs/benchmarks.md "Import")
      for await (const batch of lineBatches(counted(createReadStream(path, { highWaterMark: 1 << 16 })), IMPORT_MAX_LINE_CHARS * 4)) {
        let out = '';
        for (const line of batch) {
          if (line.text.trim() === '') continue;
          if (!header) {
            header = this.header(kind, line.text, params);
            if (header.width !== -1) continue;
            header.width = 1; // a bare IMEI list (mass import): the first line is data
          }
          count++;
          lastLine = line.no;
          out += this.stageRow(line.no, line.text, line.overlong, header);
        }
        if (out) await copy.write(out);
        if (Date.now() - lastTick > 250) {
          lastTick = Date.now();
          const pct = size > 0 ? (bytes / size) * PROGRESS.loaded : 0;
          pending = pending.then(() => this.repo.progress(imp.id, pct, count)).catch(() => undefined);
        }
      }
      if (!header) throw new ImportRejected(reason('fileEmpty'));
      await copy.end();
      await pending;
      await this.repo.progress(imp.id, PROGRESS.loaded, count);
      return { count, lastLine, ignored: header.ignored };
    } catch (e) {
      copy.abort();
      throw e;
    }
  }

  /** Maps header names to the kind's columns; width -1 marks a headerless mass file. */
  private header(kind: ImportKind, text: string, params: ImportParams): Header {
    const delimiter = detectDelimiter(text);
    const split = splitCsvLine(text, delimiter);
    if ('error' in split) throw new ImportRejected(reason('headerUnreadable', { reason: split.error }), null, text);
    const names = split.fields.map((f) => f.toLowerCase());
    const columns = IMPORT_COLUMNS[kind].map((c) => ({
      name: c.name,
      index: names.indexOf(c.name),
      // device kinds need a type: from the line, or the upload form's default
      required: !!c.required || (c.name === 'device_type_id' && (kind === 'DEVICE' || kind === 'DEVICE_AND_SIM') && !params.device_type_id),
      re: new RegExp(VALUE_RULES[c.rule].pattern),
      reason: VALUE_RULES[c.rule].reason,
      maxLength: VALUE_RULES[c.rule].maxLength,
      normalise: c.rule === 'carrierStatus' ? (v: string) => v.toUpperCase() : c.rule === 'bool' ? (v: string) => v.toLowerCase() : null,
      fallback: columnDefault(c, params),
    }));
    if (kind === 'MASS' && isBareMassList(names)) {
      return { delimiter, columns: [{ ...columns[0]!, index: 0 }], width: -1, ignored: [] };
    }
    const seen = new Set<string>();
    for (const n of names) {
      if (n && seen.has(n)) throw new ImportRejected(reason('columnTwice', { column: n }), n, text);
      seen.add(n);
    }
    const missing = columns.filter((c) => c.index === -1 && c.required);
    if (missing.length) {
      throw new ImportRejected(reason('missingColumn', { columns: missing.map((m) => m.name).join(', ') }), missing[0]!.name, text);
    }
    const known = new Set(columns.map((c) => c.name));
    return { delimiter, columns, width: names.length, ignored: names.filter((n) => n !== '' && !known.has(n)) };
  }

  /**
   * One COPY text line: line number, its first problem (reason code and parameters, column, value), then the kind's
   * columns, normalised, with the upload form's defaults for empty ones. Values are checked here, in column order,
   * against the contract's rules: cheap in JavaScript, and it runs beside the COPY.
   */
  private stageRow(no: number, text: string, overlong: boolean, h: Header): string {
    const n = h.columns.length;
    const problem = (why: Reason, column: string | null = null, value: string = text) =>
      `${no}\t${copyValue(why.code)}\t${copyValue(why.params ? JSON.stringify(why.params) : null)}\t${copyValue(column)}\t` +
      `${copyValue(value === '' ? null : clean(value, 100))}${'\t\\N'.repeat(n)}\n`;
    if (overlong || text.length > IMPORT_MAX_LINE_CHARS) return problem(reason('lineTooLong', { max: IMPORT_MAX_LINE_CHARS }));
    if (text.includes('\uFFFD')) return problem(reason('notUtf8'));
    if (text.includes('\0')) return problem(reason('nulBytes'));
    const split = splitCsvLine(text, h.delimiter);
    if ('error' in split) return problem(reason(split.error));
    const f = split.fields;
    if (f.length !== h.width) return problem(reason('fieldCount', { fields: f.length, header: h.width }));
    let row = '';
    for (const c of h.columns) {
      let v = c.index === -1 ? '' : (f[c.index] ?? '');
      if (v === '') {
        if (c.required) return problem(reason('required', { field: c.name }), c.name, '');
        row += c.fallback === null ? '\t\\N' : `\t${copyEscape(c.fallback)}`;
        continue;
      }
      if (v.length > c.maxLength) return problem(reason('tooLong', { field: c.name, max: c.maxLength }), c.name, clean(v));
      if (c.normalise) v = c.normalise(v);
      if (!c.re.test(v)) return problem(c.reason, c.name, v);
      row += `\t${copyEscape(v)}`;
    }
    return `${no}\t\\N\t\\N\t\\N\t\\N${row}\n`;
  }
}
