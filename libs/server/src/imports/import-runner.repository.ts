import { finished } from 'node:stream/promises';
import { once } from 'node:events';
import { Injectable } from '@nestjs/common';
import { from as copyFrom } from 'pg-copy-streams';
import type { ImportKind, ImportParams, MassResult, Reason } from '@tracker/contract';
import { SqlRepository } from '../core/db.js';
import { checkSql, dbCheckSql, IMPORT_LOCK_KEY, insertSql, legacyCheckTable, massResultSql, stageColumns, stageDdl, stageTable } from './import-sql.js';

export type ImportRunRow = { id: number; kind: ImportKind; status: string; file_path: string | null; file_size: string; params: ImportParams | null };

/** Class key of the per-import run lock (pg_try_advisory_lock(class, import id); apart from IMPORT_LOCK_KEY's space). */
export const IMPORT_RUN_LOCK_CLASS = 7311;

/** Longest value kept in the stage table and in import_error: longer ones fail their length check anyway. */
export const MAX_VALUE_CHARS = 200;
const INSERT_CHUNK_LINES = 50_000;
/** Memory for the sorts and hashes of the bulk checks (per import connection, only while it runs). */
const WORK_MEM = '256MB';

/** The stage table's COPY of one run: `write` COPY text lines, then `end`; `abort` on failure (closes the connection). */
export type StageCopy = { write(text: string): Promise<void>; end(): Promise<void>; abort(): void };

const json = (p: Reason['params']) => (p && Object.keys(p).length ? JSON.stringify(p) : null);

/** The SQL of the import runner (worker side): its import row, run lock, stage table, bulk checks and the final commit. */
@Injectable()
export class ImportRunnerRepository extends SqlRepository {
  async get(importId: number): Promise<ImportRunRow | undefined> {
    const r = await this.pool.query<ImportRunRow>(`SELECT id, kind, status, file_path, file_size, params FROM import WHERE id = $1`, [importId]);
    return r.rows[0];
  }

  /**
   * Runs `fn` holding the import's session advisory lock (released when its connection closes, so a killed worker
   * frees it); 'skipped' when another run holds it.
   */
  async withRunLock<T>(importId: number, fn: () => Promise<T>): Promise<T | 'skipped'> {
    const guard = await this.pool.connect();
    let locked = false;
    try {
      // a worker whose host vanished (no TCP close) frees the lock once Postgres's keepalive gives up (~1 min), not
      // after the system default of hours
      await guard.query(`SET tcp_keepalives_idle = 30; SET tcp_keepalives_interval = 10; SET tcp_keepalives_count = 3`);
      locked = (await guard.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock($1, $2) AS ok`, [IMPORT_RUN_LOCK_CLASS, importId])).rows[0]!.ok;
      if (!locked) return 'skipped';
      return await fn();
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

  /** Sets the import RUNNING from the start; false when it is no longer QUEUED or RUNNING. */
  async claim(importId: number): Promise<boolean> {
    const r = await this.pool.query(
      `UPDATE import SET status = 'RUNNING', started_at = coalesce(started_at, now()), progress = 0, imported = 0, failed = 0,
              count = 0, error_code = NULL, error_params = NULL, result = NULL WHERE id = $1 AND status IN ('QUEUED', 'RUNNING')`,
      [importId],
    );
    return (r.rowCount ?? 0) > 0;
  }

  /** Marks an import FAILED with its reason (and a line-1 error when given); a FINISHED import is left alone. */
  async fail(importId: number, why: Reason, line1: { column: string | null; value: string | null } | null): Promise<void> {
    return this.pool.transaction(async (c) => {
      const now = await c.query<{ status: string }>(`SELECT status::text AS status FROM import WHERE id = $1 FOR UPDATE`, [importId]);
      if (!now.rows[0] || now.rows[0].status === 'FINISHED') return;
      await c.query(`DELETE FROM import_error WHERE import_id = $1`, [importId]);
      if (line1) {
        await c.query(`INSERT INTO import_error (import_id, line, "column", value, reason_code, reason_params) VALUES ($1, 1, $2, $3, $4, $5)`, [
          importId,
          line1.column,
          line1.value === null ? null : line1.value.slice(0, MAX_VALUE_CHARS),
          why.code,
          json(why.params),
        ]);
      }
      await c.query(
        `UPDATE import SET status = 'FAILED', error_code = $2, error_params = $3, failed = $4, imported = 0, progress = 100,
                finished_at = now() WHERE id = $1`,
        [importId, why.code, json(why.params), line1 ? 1 : 0],
      );
    });
  }

  async dropTables(importId: number): Promise<void> {
    await this.pool.query(`DROP TABLE IF EXISTS ${stageTable(importId)}, ${legacyCheckTable(importId)}`);
  }

  async progress(importId: number, percent: number, count?: number, imported?: number): Promise<void> {
    await this.pool.query(
      `UPDATE import SET progress = $2, count = coalesce($3, count), imported = coalesce($4, imported), updated_at = now()
        WHERE id = $1 AND status = 'RUNNING'`,
      [importId, Math.min(99, Math.floor(percent)), count ?? null, imported ?? null],
    );
  }

  /** Creates the stage table and opens a COPY into it on a connection of its own. */
  async openStage(kind: ImportKind, importId: number): Promise<StageCopy> {
    const client = await this.pool.connect();
    try {
      await client.query(stageDdl(kind, importId));
      const copy = client.query(copyFrom(`COPY ${stageTable(importId)} (${stageColumns(kind).map((c) => `"${c}"`).join(', ')}) FROM STDIN`));
      const done = finished(copy);
      done.catch(() => undefined);
      return {
        write: async (text) => {
          if (!copy.write(text)) await once(copy, 'drain');
        },
        end: async () => {
          copy.end();
          await done;
          client.release();
        },
        // a half-sent COPY leaves the connection unusable: close it instead of returning it to the pool
        abort: () => client.release(true),
      };
    } catch (e) {
      client.release(true);
      throw e;
    }
  }

  /**
   * The bulk checks on the loaded stage table (hashes for the in-file duplicates need memory), after its statistics,
   * then a BRIN index by line for the insert chunks (COPY wrote the lines in order).
   */
  async check(kind: ImportKind, importId: number): Promise<void> {
    const t = stageTable(importId);
    return this.pool.transaction(async (c) => {
      await c.query(`SET LOCAL work_mem = '${WORK_MEM}'`);
      await c.query('SET LOCAL jit = off');
      await c.query(`ANALYZE ${t}`);
      for (const sql of checkSql(kind, importId)) await c.query(sql);
      await c.query(`CREATE INDEX ON ${t} USING brin (line)`);
    });
  }

  /**
   * The checks against the database, the error rows, the new rows and FINISHED: one transaction. `lines`: the data
   * lines loaded and the number of the last one (the insert chunks go up to it). `onChunk` gets the share of lines
   * inserted (0-1) and the rows so far after each chunk. False when another run committed first.
   */
  async commit(
    imp: { id: number; kind: ImportKind },
    params: ImportParams,
    lines: { count: number; lastLine: number },
    note: Reason | null,
    onChunk: (share: number, imported: number) => Promise<void>,
  ): Promise<{ imported: number; failed: number } | false> {
    const id = imp.id;
    return this.pool.transaction(async (c) => {
      await c.query(`SET LOCAL work_mem = '${WORK_MEM}'`);
      await c.query('SET LOCAL jit = off');
      await c.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK_KEY]);
      // a run that lost its job lock while still alive may meet a second run of the same import: commits are
      // serialised by the lock, and only the first one counts
      const now = await c.query<{ status: string }>(`SELECT status::text AS status FROM import WHERE id = $1`, [id]);
      if (now.rows[0]?.status !== 'RUNNING') return false;
      for (const sql of dbCheckSql(imp.kind, id)) await c.query(sql);
      await c.query(`DELETE FROM import_error WHERE import_id = $1`, [id]);
      const errors = await c.query(
        `INSERT INTO import_error (import_id, line, "column", value, reason_code, reason_params)
         SELECT $1, line, problem_column, left(problem_value, ${MAX_VALUE_CHARS}), problem, problem_params::jsonb
           FROM ${stageTable(id)} WHERE problem IS NOT NULL`,
        [id],
      );
      const maxLine = lines.lastLine;
      const statements = insertSql(imp.kind, id, params);
      let imported = 0;
      for (let from = 1; from <= maxLine; from += INSERT_CHUNK_LINES) {
        const to = from + INSERT_CHUNK_LINES - 1;
        let last = 0;
        for (const sql of statements) last = (await c.query(sql, [from, to, id])).rowCount ?? 0;
        imported += last; // the last statement inserts the row the import is about (the device of a device+SIM)
        await onChunk(Math.min(to, maxLine) / maxLine, imported);
      }
      const result = imp.kind === 'MASS' ? (await c.query<MassResult>(massResultSql(id))).rows[0] : null;
      await c.query(
        `UPDATE import SET status = 'FINISHED', count = $2, imported = $3, failed = $4, progress = 100, result = $5,
                error_code = $6, error_params = $7, finished_at = clock_timestamp() WHERE id = $1`,
        [id, lines.count, imported, errors.rowCount ?? 0, result ? JSON.stringify(result) : null, note?.code ?? null, json(note?.params)],
      );
      return { imported, failed: errors.rowCount ?? 0 };
    });
  }
}
