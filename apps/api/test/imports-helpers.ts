import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reasonText, type ReasonCode, type ReasonParams } from '@tracker/contract';
import { eventually, type TestApi } from './harness.js';

/** A fresh upload folder per test file (import ids repeat across the databases of parallel files). */
export const uploadDir = () => mkdtempSync(join(tmpdir(), 'imports-'));

export function csvForm(content: string | Buffer, fields: Record<string, string> = {}, name = 'upload.csv') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([content], { type: 'text/csv' }), name);
  return form;
}

export async function uploadCsv(api: TestApi, token: string, path: '/import/upload' | '/import/upload/mass', content: string | Buffer, fields: Record<string, string>, name?: string) {
  return api.call('POST', path, { token, form: csvForm(content, fields, name) });
}

export type ImportRow = {
  id: number;
  status: string;
  count: number;
  imported: number;
  failed: number;
  progress: number;
  error_code: ReasonCode | null;
  error_params: ReasonParams | null;
  /** the English text of error_code (what the api answers) */
  error: string | null;
  result: { found: number; in_database: number } | null;
};

export async function importRow(api: TestApi, id: number): Promise<ImportRow> {
  const r = (await api.pool.query(`SELECT id, status::text, count, imported, failed, progress, error_code, error_params, result FROM import WHERE id = $1`, [id]))
    .rows[0] as Omit<ImportRow, 'error'>;
  return { ...r, error: r.error_code ? reasonText(r.error_code, r.error_params ?? {}) : null };
}

/** Polls Postgres until the import is FINISHED or FAILED. */
export function waitDone(api: TestApi, id: number, ms = 30_000): Promise<ImportRow> {
  return eventually(() => importRow(api, id), { what: `import ${id} FINISHED or FAILED`, deadline: ms, interval: 100, until: (r) => r.status === 'FINISHED' || r.status === 'FAILED' });
}

/** An import's stored errors, each with its reason as stored (code and parameters). */
export async function storedErrorsOf(api: TestApi, id: number) {
  return (
    await api.pool.query<{ line: number; column: string | null; value: string | null; reason_code: ReasonCode; reason_params: ReasonParams | null }>(
      `SELECT line, "column", value, reason_code, reason_params FROM import_error WHERE import_id = $1 ORDER BY line`,
      [id],
    )
  ).rows;
}

/** An import's stored errors with the English text of their stored code (what the api and the report say). */
export async function errorsOf(api: TestApi, id: number) {
  return (await storedErrorsOf(api, id)).map(({ reason_code, reason_params, ...e }) => ({ ...e, reason: reasonText(reason_code, reason_params ?? {}) }));
}

let seq = 0;
/** Unique 15-digit numbers per test run (never in the seeded fleet: its IMEIs start with 35, IMSIs with operator starts). */
export function uniqueDigits(prefix: string): string {
  seq++;
  const n = `${Date.now() % 1e9}${String(seq).padStart(5, '0')}`.padStart(15, '0');
  return prefix + n.slice(-(15 - prefix.length));
}
