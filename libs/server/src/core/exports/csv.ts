import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { csvDateTimeUtc } from './csv-time.js';

/** Spreadsheet formula triggers (§ security): a text cell starting with one of these must not reach a sheet as is. */
export const FORMULA_PREFIXES = ['=', '+', '-', '@', '\t', '\r'] as const;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const PHONE = /^\+\d{4,15}$/;

/**
 * The formula guard of every exported cell. A plain number ('-12.5', a longitude) is a value, not a formula, and stays
 * as it is. So does a phone number in international form ('+15550100': a '+' and 4 to 15 digits, nothing else): a
 * CSV parser reads the E.164 text, which converts to a number, and a spreadsheet reads the number 15550100 (the '+'
 * is a sign there; 15 digits are exact in a spreadsheet's number). A '+' followed by digits only is a constant, never
 * a call or a reference, so it is as safe as '-12.5'. (It used to be the text formula `="+15550100"`, which a CSV
 * parser reads as that formula and a spreadsheet as text.) Any other cell starting with = + - @ tab or CR gets a
 * leading apostrophe.
 */
export function guardCell(v: string): string {
  if (!v || !(FORMULA_PREFIXES as readonly string[]).includes(v[0]!)) return v;
  if (PLAIN_NUMBER.test(v) || PHONE.test(v)) return v;
  return `'${v}`;
}

/**
 * The formula guard and the quoting of one text cell as an SQL expression over the text column `x` (the COPY path,
 * copy-csv.ts): the rules of guardCell and of the writer below (quoted when the cell holds , " ; CR or LF, quotes
 * doubled); NULL is an empty cell. `x` is read several times: pass a column, not a computation. csv.spec.ts checks it
 * against guardCell and the writer, cell by cell.
 */
export function sqlTextCell(x: string): string {
  // the common cell costs a first-character test and byte searches; regular expressions (PostgreSQL widens the text
  // for every match) run only on cells that start with a formula character
  const special = `(strpos(${x}, ',') > 0 OR strpos(${x}, '"') > 0 OR strpos(${x}, ';') > 0 OR strpos(${x}, chr(10)) > 0 OR strpos(${x}, chr(13)) > 0)`;
  const quoted = (prefix: string) => `'"${prefix}' || replace(${x}, '"', '""') || '"'`;
  return `CASE WHEN ${x} IS NULL THEN ''
    WHEN ascii(${x}) IN (61, 43, 45, 64, 9, 13) THEN CASE
      WHEN ${x} ~ '^\\+[0-9]{4,15}$' THEN ${x}
      WHEN ${x} ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN ${x}
      WHEN ${special} THEN ${quoted("''")}
      ELSE '''' || ${x} END
    WHEN ${special} THEN ${quoted('')}
    ELSE ${x} END`;
}

export type CsvRow = Record<string, unknown> | unknown[];
/** A column: its key in the row (or its index for array rows), its header, and an optional label for coded values. */
export interface CsvColumn {
  key: string;
  header?: string;
  /** Turns a stored code (a reason, a source, a status) into its label; unknown codes stay as they are. */
  label?: (v: unknown) => string | null | undefined;
}

/**
 * The one CSV writer of the system: a csv-stringify transform (RFC 4180 quoting, CRLF) with the formula guard on every
 * text cell. Objects are read by column key; arrays are written as they are (no header unless columns are given).
 */
function csvWriter(columns?: readonly (CsvColumn | string)[]) {
  const cols = columns?.map((c) => (typeof c === 'string' ? { key: c } : c));
  return stringify({
    header: !!cols,
    columns: cols?.map((c) => ({ key: c.key, header: c.header ?? c.key })),
    record_delimiter: 'windows',
    // a ';' is quoted too: spreadsheets in many locales split on it
    quoted_match: ';',
    // a lone CR or LF in a cell is quoted too (with a record delimiter given, csv-stringify would quote only CRLF)
    quote_record_delimiter: true,
    cast: {
      string: (v) => guardCell(v),
      boolean: (v) => (v ? 'true' : 'false'),
      date: (v) => csvDateTimeUtc(v),
    },
  });
}

async function* labelled(rows: AsyncIterable<CsvRow> | Iterable<CsvRow>, columns: CsvColumn[]) {
  for await (const row of rows) {
    if (Array.isArray(row)) {
      yield row;
      continue;
    }
    const out: Record<string, unknown> = { ...row };
    for (const c of columns) {
      const v = out[c.key];
      if (v !== null && v !== undefined) out[c.key] = c.label!(v) ?? v;
    }
    yield out;
  }
}

/**
 * Streams `rows` (a pg cursor, an async generator, an array) as CSV into `out`, coded columns written as their labels:
 * constant memory whatever the row count.
 */
export async function writeCsv(
  rows: AsyncIterable<CsvRow> | Iterable<CsvRow>,
  out: Writable,
  columns?: readonly (CsvColumn | string)[],
): Promise<void> {
  const coded = (columns ?? []).filter((c): c is CsvColumn => typeof c !== 'string' && !!c.label);
  const source = Readable.from(coded.length ? labelled(rows, coded) : rows, { objectMode: true });
  await pipeline(source, csvWriter(columns), out);
}
