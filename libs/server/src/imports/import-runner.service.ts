import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { from as copyFrom } from 'pg-copy-streams';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_LINE_CHARS,
  VALUE_RULES,
  type ImportKind,
  type ImportParams,
} from '@tracker/contract';
import { PgPool } from '../core/db.js';
import { LOGGER } from '../core/tokens.js';
import { detectDelimiter, isBareMassList, lineBatches, splitCsvLine } from './csv-lines.js';
import { checkSql, checkTable, dbCheckSql, IMPORT_LOCK_KEY, insertSql, massResultSql, stageColumns, stageDdl, stageTable } from './import-sql.js';
import { UploadStore } from './upload-store.js';

type HeaderColumn = {
  name: string;
  index: number;
  required: boolean;
  re: RegExp;
  message: string;
  maxLength: number;
  normalise: ((v: string) => string) | null;
};
/** `ignored`: header names that are no column of the kind (noted on the finished import, so a misspelt column is seen). */
type Header = { delimiter: string; columns: HeaderColumn[]; width: number; ignored: string[] };

type ImportRow = { id: number; kind: ImportKind; status: string; file_path: string | null; file_size: string; params: ImportParams | null };

/** A failure that retrying cannot fix: the import ends FAILED with this message (and line 1 error if given). */
export class ImportRejected extends Error {
  constructor(
    message: string,
    readonly column: string | null = null,
    readonly value: string | null = null,
  ) {
    super(message);
  }
}

/** Class key of the per-import run lock (pg_try_advisory_lock(class, import id); apart from IMPORT_LOCK_KEY's space). */
export const IMPORT_RUN_LOCK_CLASS = 7311;

const PROGRESS = { loaded: 60, checked: 70, inserted: 99 } as const;
const INSERT_CHUNK_LINES = 50_000;
/** Longest value kept in the stage table: longer ones fail their length check anyway. */
const MAX_VALUE_CHARS = 200;
/** Memory for the sorts and hashes of the bulk checks (per import connection, only while it runs). */
const WORK_MEM = '256MB';

/** The note a finished import carries when its header named columns the kind does not know (they were not read). */
export const ignoredNote = (ignored: string[]) =>
  ignored.length ? `Columns ignored (not columns of this kind): ${ignored.join(', ')}`.slice(0, 1000) : null;

const copyEscape = (v: string) => v.replace(/[\\\t\n\r]/g, (m) => (m === '\\' ? '\\\\' : m === '\t' ? '\\t' : m === '\n' ? '\\n' : '\\r'));
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
    private readonly pool: PgPool,
    private readonly store: UploadStore,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async run(importId: number): Promise<'done' | 'skipped' | 'failed'> {
    const imp = (
      await this.pool.query<ImportRow>(`SELECT id, kind, status, file_path, file_size, params FROM import WHERE id = $1`, [importId])
    ).rows[0];
    if (!imp) {
      this.log.warn({ importId }, 'import job for a missing import: dropped');
      return 'skipped';
    }
    if (imp.status === 'FINISHED' || imp.status === 'FAILED') {
      await this.dropTables(importId);
      return 'skipped';
    }
    // One run per import at a time, across worker processes: a run holds a session advisory lock on the import for
    // as long as it works (released when its connection closes, so a killed worker frees it). A second run (a job
    // taken over from a worker that lost its job lock but is still alive, or a sweep's re-enqueue) skips instead of
    // dropping the first one's stage tables; should the first one die, the sweep queues the import again.
    const guard = await this.pool.connect();
    let locked = false;
    try {
      // a worker whose host vanished (no TCP close) frees the lock once Postgres's keepalive gives up (~1 min), not
      // after the system default of hours
      await guard.query(`SET tcp_keepalives_idle = 30; SET tcp_keepalives_interval = 10; SET tcp_keepalives_count = 3`);
      locked = (await guard.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock($1, $2) AS ok`, [IMPORT_RUN_LOCK_CLASS, importId])).rows[0]!.ok;
      if (!locked) {
        this.log.warn({ importId }, 'import already being run by another worker: this run skipped');
        return 'skipped';
      }
      return await this.runLocked(importId, imp);
    } finally {
      let broken = false;
      if (locked) {
        broken = await guard
          .query(`SELECT pg_advisory_unlock($1, $2)`, [IMPORT_RUN_LOCK_CLASS, importId])
          .then(() => false, () => true);
      }
      // a connection whose unlock failed is closed, which releases the lock
      guard.release(broken);
    }
  }

  private async runLocked(importId: number, imp: ImportRow): Promise<'done' | 'skipped' | 'failed'> {
    const claimed = await this.pool.query(
      `UPDATE import SET status = 'RUNNING', started_at = coalesce(started_at, now()), progress = 0, imported = 0, failed = 0,
              count = 0, error = NULL, result = NULL WHERE id = $1 AND status IN ('QUEUED', 'RUNNING')`,
      [importId],
    );
    if (claimed.rowCount === 0) return 'skipped';
    const started = Date.now();
    try {
      if (!imp.file_path) throw new ImportRejected('The import has no file');
      const path = this.store.resolve(imp.file_path);
      try {
        await access(path);
      } catch {
        throw new ImportRejected('The uploaded file is gone');
      }
      await this.dropTables(importId);
      const params = imp.params ?? {};
      const { count, ignored } = await this.load(imp, path, Number(imp.file_size), params);
      if (count === 0) throw new ImportRejected('The file has a header but no data rows');
      const loaded = Date.now();
      await this.check(imp.kind, importId, params);
      await this.progress(importId, PROGRESS.checked, count);
      const checked = Date.now();
      if (!(await this.commit(imp, params, count, ignored))) {
        this.log.warn({ importId }, 'import committed by another run: this one dropped');
        return 'skipped';
      }
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
      await this.dropTables(importId).catch(() => undefined);
    }
  }

  /** Marks an import FAILED for good (after its last attempt, or for a file it cannot read). */
  async fail(importId: number, e: ImportRejected | Error): Promise<void> {
    return this.pool.transaction(async (c) => {
      // a FINISHED import keeps its rows and errors (a late failure of another run must not touch them)
      const now = await c.query<{ status: string }>(`SELECT status::text AS status FROM import WHERE id = $1 FOR UPDATE`, [importId]);
      if (!now.rows[0] || now.rows[0].status === 'FINISHED') {
        return;
      }
      await c.query(`DELETE FROM import_error WHERE import_id = $1`, [importId]);
      const line = e instanceof ImportRejected ? 1 : null;
      if (line !== null) {
        const r = e as ImportRejected;
        await c.query(`INSERT INTO import_error (import_id, line, "column", value, reason) VALUES ($1, 1, $2, $3, $4)`, [
          importId,
          r.column,
          r.value === null ? null : clean(r.value),
          r.message,
        ]);
      }
      await c.query(
        `UPDATE import SET status = 'FAILED', error = $2, failed = $3, imported = 0, progress = 100, finished_at = now()
          WHERE id = $1`,
        [importId, e.message.slice(0, 1000), line === null ? 0 : 1],
      );
    });
  }

  private async dropTables(importId: number) {
    await this.pool.query(`DROP TABLE IF EXISTS ${stageTable(importId)}, ${checkTable(importId)}`);
  }

  private async progress(importId: number, percent: number, count?: number, imported?: number) {
    await this.pool.query(
      `UPDATE import SET progress = $2, count = coalesce($3, count), imported = coalesce($4, imported), updated_at = now()
        WHERE id = $1 AND status = 'RUNNING'`,
      [importId, Math.min(99, Math.floor(percent)), count ?? null, imported ?? null],
    );
  }

  /** Streams the file into the stage table with COPY: one row per data line. Returns the number of data lines. */
  private async load(imp: ImportRow, path: string, size: number, params: ImportParams): Promise<{ count: number; ignored: string[] }> {
    const kind = imp.kind;
    const client = await this.pool.connect();
    let bytes = 0;
    let count = 0;
    let lastTick = Date.now();
    let pending: Promise<unknown> = Promise.resolve();
    let broken = false;
    try {
      await client.query(stageDdl(kind, imp.id));
      const copy = client.query(copyFrom(`COPY ${stageTable(imp.id)} (${stageColumns(kind).map((c) => `"${c}"`).join(', ')}) FROM STDIN`));
      const copyDone = finished(copy);
      copyDone.catch(() => undefined);
      const counted = async function* (src: AsyncIterable<Buffer>) {
        for await (const chunk of src) {
          bytes += chunk.length;
          yield chunk;
        }
      };
      let header: Header | null = null;
      for await (const batch of lineBatches(counted(createReadStream(path, { highWaterMark: 1 << 20 })), IMPORT_MAX_LINE_CHARS * 4)) {
        let out = '';
        for (const line of batch) {
          if (line.text.trim() === '') continue;
          if (!header) {
            header = this.header(kind, line.text, params);
            if (header.width !== -1) continue;
            header.width = 1; // a bare IMEI list (mass import): the first line is data
          }
          count++;
          out += this.stageRow(line.no, line.text, line.overlong, header);
        }
        if (out && !copy.write(out)) await once(copy, 'drain');
        if (Date.now() - lastTick > 250) {
          lastTick = Date.now();
          const pct = size > 0 ? (bytes / size) * PROGRESS.loaded : 0;
          pending = pending.then(() => this.progress(imp.id, pct, count)).catch(() => undefined);
        }
      }
      if (!header) throw new ImportRejected('The file is empty');
      copy.end();
      await copyDone;
      await pending;
      await this.progress(imp.id, PROGRESS.loaded, count);
      return { count, ignored: header.ignored };
    } catch (e) {
      broken = true;
      throw e;
    } finally {
      // a half-sent COPY leaves the connection unusable: close it instead of returning it to the pool
      client.release(broken);
    }
  }

  /** Maps header names to the kind's columns; width -1 marks a headerless mass file. */
  private header(kind: ImportKind, text: string, params: ImportParams): Header {
    const delimiter = detectDelimiter(text);
    const split = splitCsvLine(text, delimiter);
    if ('error' in split) throw new ImportRejected(`The header line cannot be read: ${split.error}`, null, text);
    const names = split.fields.map((f) => f.toLowerCase());
    const columns = IMPORT_COLUMNS[kind].map((c) => ({
      name: c.name,
      index: names.indexOf(c.name),
      // device kinds need a type: from the line, or the upload form's default
      required: !!c.required || (c.name === 'device_type_id' && (kind === 'DEVICE' || kind === 'DEVICE_AND_SIM') && !params.device_type_id),
      re: new RegExp(VALUE_RULES[c.rule].pattern),
      message: VALUE_RULES[c.rule].message,
      maxLength: VALUE_RULES[c.rule].maxLength,
      normalise: c.rule === 'carrierStatus' ? (v: string) => v.toUpperCase() : c.rule === 'bool' ? (v: string) => v.toLowerCase() : null,
    }));
    if (kind === 'MASS' && isBareMassList(names)) {
      return { delimiter, columns: [{ ...columns[0]!, index: 0 }], width: -1, ignored: [] };
    }
    const seen = new Set<string>();
    for (const n of names) {
      if (n && seen.has(n)) throw new ImportRejected(`Column ${n} appears twice in the header`, n, text);
      seen.add(n);
    }
    const missing = columns.filter((c) => c.index === -1 && c.required);
    if (missing.length) {
      throw new ImportRejected(`Missing column: ${missing.map((m) => m.name).join(', ')}`, missing[0]!.name, text);
    }
    const known = new Set(columns.map((c) => c.name));
    return { delimiter, columns, width: names.length, ignored: names.filter((n) => n !== '' && !known.has(n)) };
  }

  /**
   * One COPY text line: line number, its first problem (column, value), then the kind's columns. Values are checked
   * here, in column order, against the contract's rules: cheap in JavaScript, and it runs beside the COPY.
   */
  private stageRow(no: number, text: string, overlong: boolean, h: Header): string {
    const n = h.columns.length;
    const problem = (reason: string, column: string | null = null, value: string = text) =>
      `${no}\t${copyValue(reason)}\t${copyValue(column)}\t${copyValue(value === '' ? null : clean(value, 100))}${'\t\\N'.repeat(n)}\n`;
    if (overlong || text.length > IMPORT_MAX_LINE_CHARS) return problem(`Line is too long (more than ${IMPORT_MAX_LINE_CHARS} characters)`);
    if (text.includes('\uFFFD')) return problem('Line is not valid UTF-8 text');
    if (text.includes('\0')) return problem('Line contains NUL bytes');
    const split = splitCsvLine(text, h.delimiter);
    if ('error' in split) return problem(split.error);
    const f = split.fields;
    if (f.length !== h.width) return problem(`Line has ${f.length} fields, the header has ${h.width}`);
    let row = '';
    for (const c of h.columns) {
      let v = c.index === -1 ? '' : (f[c.index] ?? '');
      if (v === '') {
        if (c.required) return problem(`${c.name} is required`, c.name, '');
        row += '\t\\N';
        continue;
      }
      if (v.length > c.maxLength) return problem(`${c.name} is too long (at most ${c.maxLength} characters)`, c.name, clean(v));
      if (c.normalise) v = c.normalise(v);
      if (!c.re.test(v)) return problem(c.message, c.name, v);
      row += `\t${copyEscape(v)}`;
    }
    return `${no}\t\\N\t\\N\t\\N${row}\n`;
  }

  /** Builds the check table (sorts for the in-file duplicates need memory) and indexes it by line for the chunks. */
  private async check(kind: ImportKind, importId: number, params: ImportParams) {
    return this.pool.transaction(async (c) => {
      await c.query(`SET LOCAL work_mem = '${WORK_MEM}'`);
      await c.query('SET LOCAL jit = off');
      await c.query(checkSql(kind, importId, params));
      await c.query(`CREATE INDEX ON ${checkTable(importId)} (line)`);
      await c.query(`ANALYZE ${checkTable(importId)}`);
    });
  }

  /** The checks against the database, the error rows, the new rows and FINISHED: one transaction. */
  private async commit(imp: ImportRow, params: ImportParams, count: number, ignored: string[]): Promise<boolean> {
    const id = imp.id;
    return this.pool.transaction(async (c) => {
      await c.query(`SET LOCAL work_mem = '${WORK_MEM}'`);
      await c.query('SET LOCAL jit = off');
      await c.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK_KEY]);
      // a run that lost its job lock while still alive may meet a second run of the same import: commits are
      // serialised by the lock, and only the first one counts
      const now = await c.query<{ status: string }>(`SELECT status::text AS status FROM import WHERE id = $1`, [id]);
      if (now.rows[0]?.status !== 'RUNNING') {
        return false;
      }
      for (const sql of dbCheckSql(imp.kind, id)) await c.query(sql);
      await c.query(`DELETE FROM import_error WHERE import_id = $1`, [id]);
      const errors = await c.query(
        `INSERT INTO import_error (import_id, line, "column", value, reason)
         SELECT $1, line, e[1], left(e[2], ${MAX_VALUE_CHARS}), e[3] FROM ${checkTable(id)} WHERE e IS NOT NULL`,
        [id],
      );
      const maxLine = (await c.query<{ m: number }>(`SELECT coalesce(max(line), 0)::int AS m FROM ${checkTable(id)}`)).rows[0]!.m;
      const statements = insertSql(imp.kind, id, params);
      let imported = 0;
      for (let from = 1; from <= maxLine; from += INSERT_CHUNK_LINES) {
        const to = from + INSERT_CHUNK_LINES - 1;
        let last = 0;
        for (const sql of statements) last = (await c.query(sql, [from, to, id])).rowCount ?? 0;
        imported += last; // the last statement inserts the row the import is about (the device of a device+SIM)
        const pct = PROGRESS.checked + ((PROGRESS.inserted - PROGRESS.checked) * Math.min(to, maxLine)) / maxLine;
        await this.progress(id, pct, count, imported);
      }
      const result = imp.kind === 'MASS' ? (await c.query(massResultSql(id))).rows[0] : null;
      await c.query(
        `UPDATE import SET status = 'FINISHED', count = $2, imported = $3, failed = $4, progress = 100, result = $5,
                error = $6, finished_at = clock_timestamp() WHERE id = $1`,
        [id, count, imported, errors.rowCount ?? 0, result ? JSON.stringify(result) : null, ignoredNote(ignored)],
      );
      return true;
    });
  }
}
