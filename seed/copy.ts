// Bulk writes for the seed: COPY ... FROM STDIN (text format) fed by a row generator, so a table of millions
// of rows streams through in chunks and never sits in memory.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export type Cell = string | number | bigint | boolean | null | undefined | Date | Buffer | readonly (string | number)[] | object;
export type Row = readonly Cell[];

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const escapeText = (s: string) =>
  NEEDS_ESCAPE.test(s) ? s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : s;

function arrayLiteral(items: readonly (string | number)[]): string {
  const parts = items.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`));
  return `{${parts.join(',')}}`;
}

/** One value in COPY text format. */
export function cell(v: Cell): string {
  if (v === null || v === undefined) return '\\N';
  switch (typeof v) {
    case 'string':
      return escapeText(v);
    case 'number':
    case 'bigint':
      return String(v);
    case 'boolean':
      return v ? 't' : 'f';
  }
  if (v instanceof Date) return v.toISOString();
  if (Buffer.isBuffer(v)) return `\\\\x${v.toString('hex')}`;
  if (Array.isArray(v)) return escapeText(arrayLiteral(v));
  return escapeText(JSON.stringify(v));
}

function* chunks(rows: Iterable<Row>, counter: { n: number }): Generator<string> {
  let buf = '';
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < row.length; i++) line += (i ? '\t' : '') + cell(row[i]);
    buf += `${line}\n`;
    counter.n++;
    if (buf.length > 1 << 16) {
      yield buf;
      buf = '';
    }
  }
  if (buf) yield buf;
}

/** COPY `rows` into `table (columns)`; returns the number of rows written. */
export async function copyRows(client: pg.ClientBase, table: string, columns: readonly string[], rows: Iterable<Row>): Promise<number> {
  const counter = { n: 0 };
  const cols = columns.map((c) => `"${c}"`).join(', ');
  const sink = client.query(copyFrom(`COPY "${table}" (${cols}) FROM STDIN`));
  await pipeline(Readable.from(chunks(rows, counter), { objectMode: false }), sink);
  return counter.n;
}

/** Plain multi-row INSERT for small tables (reference data). */
export async function insertRows(client: pg.ClientBase, table: string, columns: readonly string[], rows: readonly Row[]): Promise<number> {
  const per = Math.max(1, Math.floor(30000 / columns.length));
  for (let i = 0; i < rows.length; i += per) {
    const slice = rows.slice(i, i + per);
    const params: unknown[] = [];
    const values = slice.map((r) => `(${r.map((v) => {
      params.push(v instanceof Date || Buffer.isBuffer(v) || v === null || v === undefined || typeof v !== 'object' || Array.isArray(v) ? v ?? null : JSON.stringify(v));
      return `$${params.length}`;
    }).join(', ')})`);
    await client.query(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${values.join(', ')}`, params);
  }
  return rows.length;
}
