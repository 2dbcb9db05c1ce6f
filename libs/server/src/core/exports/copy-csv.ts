import { Transform, type TransformCallback, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { sqlTextCell } from './csv.js';

/**
 * A column of an SQL export (copyCsv): `key` is the column of the query's rows (or the name of `sql`'s result), the
 * header defaults to it. `type` says how the value is written: `text` (default) through the formula guard and the
 * quoting, `number` as it is, `boolean` as true / false. `labels` turns stored codes into their labels (other values
 * stay as they are, as the `label` of writeCsv's columns); `sql` computes the value from the row `r` instead of reading
 * `r.<key>` (a reason's text, sql-labels.ts).
 */
export interface SqlCsvColumn {
  key: string;
  header?: string;
  type?: 'text' | 'number' | 'boolean';
  labels?: Readonly<Record<string | number, string>>;
  sql?: string;
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** A code-to-label CASE over `x` (text); codes without a label stay as they are. */
export function labelsSql(x: string, labels: Readonly<Record<string | number, string>>): string {
  const whens = Object.entries(labels).map(([code, label]) => `WHEN ${literal(code)} THEN ${literal(label)}`);
  return whens.length ? `CASE ${x}::text ${whens.join(' ')} ELSE ${x}::text END` : `${x}::text`;
}

/**
 * A query's bind values written into its text, for COPY (which takes no parameters): numbers, strings, booleans,
 * null and arrays of those as SQL literals (strings quoted, quotes doubled; standard_conforming_strings is on since
 * PostgreSQL 9.1, so a backslash is a plain character). One pass over the text: `$10` is the tenth value, and a value
 * holding `$1` is never read again.
 */
export function inlineValues(sql: string, values: readonly unknown[]): string {
  const lit = (v: unknown): string => {
    if (v === null || v === undefined) return 'NULL';
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error('inlineValues: not a finite number');
      return String(v);
    }
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v === 'string') return literal(v);
    if (v instanceof Date) return literal(v.toISOString());
    if (Array.isArray(v)) return literal(`{${v.map((x) => (x === null ? 'NULL' : `"${String(x).replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`);
    throw new Error('inlineValues: unsupported value');
  };
  return sql.replace(/\$([0-9]+)/g, (_, n: string) => {
    const i = Number(n);
    if (i < 1 || i > values.length) throw new Error(`inlineValues: no value for $${n}`);
    return lit(values[i - 1]);
  });
}

/** The SQL of one cell of a row `v` (the value columns c0, c1, ...). */
function cellSql(c: SqlCsvColumn, i: number): string {
  const x = `v.c${i}`;
  if (c.type === 'number' && !c.labels) return `coalesce(${x}::text, '')`;
  if (c.type === 'boolean') return `CASE WHEN ${x} THEN 'true' WHEN NOT ${x} THEN 'false' ELSE '' END`;
  return sqlTextCell(x);
}

/**
 * The COPY statement of an export: each row of `sql` becomes one CSV line built by PostgreSQL (values, labels, the
 * formula guard and the quoting in SQL, copy-csv's columns), written out in COPY's text format (one column).
 */
export function copyCsvSql(sql: string, values: readonly unknown[], columns: readonly SqlCsvColumn[]): string {
  const value = (c: SqlCsvColumn, i: number) => {
    const raw = c.sql ?? `r.${ident(c.key)}`;
    return `${c.labels ? labelsSql(raw, c.labels) : raw} AS c${i}`;
  };
  // OFFSET 0 keeps the values computed once per row (the cell expressions read each several times)
  const rows = `SELECT ${columns.map(value).join(', ')} FROM (${inlineValues(sql, values)}) r OFFSET 0`;
  return `COPY (SELECT ${columns.map(cellSql).join(` || ',' || `)} FROM (${rows}) v) TO STDOUT`;
}

const BACKSLASH = 0x5c;
const LF = 0x0a;
const CR = 0x0d;
const UNESCAPE: Record<number, number> = { 0x5c: 0x5c, 0x6e: LF, 0x72: CR, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c, 0x76: 0x0b };

/**
 * COPY's text format (one column) to CSV lines: a row ends with LF, which becomes the CSV's CRLF; the escapes COPY
 * writes for a backslash, LF, CR, tab, backspace, form feed and vertical tab inside a value (quoted already by the
 * SQL) become those characters again. A chunk without a backslash is only copied around its LFs.
 */
export class CopyTextToCsv extends Transform {
  private pendingBackslash = false;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    if (!this.pendingBackslash && chunk.indexOf(BACKSLASH) < 0) {
      done(null, crlf(chunk));
      return;
    }
    const out = Buffer.allocUnsafe(chunk.length * 2 + 1);
    let n = 0;
    let i = 0;
    if (this.pendingBackslash) {
      this.pendingBackslash = false;
      out[n++] = UNESCAPE[chunk[i]!] ?? chunk[i]!;
      i++;
    }
    for (; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (b === BACKSLASH) {
        if (i + 1 === chunk.length) {
          this.pendingBackslash = true;
          break;
        }
        i++;
        out[n++] = UNESCAPE[chunk[i]!] ?? chunk[i]!;
      } else if (b === LF) {
        out[n++] = CR;
        out[n++] = LF;
      } else {
        out[n++] = b;
      }
    }
    done(null, out.subarray(0, n));
  }
}

function crlf(chunk: Buffer): Buffer {
  let count = 0;
  for (let i = chunk.indexOf(LF); i >= 0; i = chunk.indexOf(LF, i + 1)) count++;
  if (!count) return chunk;
  const out = Buffer.allocUnsafe(chunk.length + count);
  let from = 0;
  let n = 0;
  for (let i = chunk.indexOf(LF); i >= 0; i = chunk.indexOf(LF, i + 1)) {
    n += chunk.copy(out, n, from, i);
    out[n++] = CR;
    out[n++] = LF;
    from = i + 1;
  }
  chunk.copy(out, n, from);
  return out;
}

/**
 * The fast path of the one export mechanism: streams the rows of `sql` as CSV into `out` (a header line, then
 * PostgreSQL's COPY ... TO STDOUT through CopyTextToCsv), with backpressure from `out` to the database and flat memory
 * whatever the row count. The cells follow the rules of writeCsv (formula guard, phone numbers, labels, quoting, CRLF).
 * A failure (the client went away) destroys the connection instead of returning it to the pool mid-COPY.
 */
export async function copyCsv(pool: pg.Pool, sql: string, values: readonly unknown[], columns: readonly SqlCsvColumn[], out: Writable): Promise<void> {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    out.write(`${columns.map((c) => c.header ?? c.key).join(',')}\r\n`);
    await pipeline(client.query(copyTo(copyCsvSql(sql, values, columns))), new CopyTextToCsv(), out);
  } catch (e) {
    failed = e as Error;
    throw e;
  } finally {
    client.release(failed);
  }
}
