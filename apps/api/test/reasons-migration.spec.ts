import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_LINE_CHARS, reason, reasonText, VALUE_RULES, type Reason } from '@tracker/contract';
import { startApi, type TestApi } from './harness.js';

/**
 * Migration reasons_as_codes turns stored English sentences into codes. Its conversion function is run here (in a
 * clone of the migrated database) on every sentence the old worker and api could store, written by the contract's
 * own English texts, and on old rows inserted the old way.
 */
const MIGRATIONS = join(import.meta.dirname, '../../../prisma/migrations');
const dir = readdirSync(MIGRATIONS).find((d) => d.endsWith('_reasons_as_codes'))!;
const sql = readFileSync(join(MIGRATIONS, dir, 'migration.sql'), 'utf8');
const fn = sql.slice(sql.indexOf('-- BEGIN _import_reason'), sql.indexOf('-- END _import_reason'));

/** Everything the old code could store in import_error.reason or import.error, as the reason it now is. */
const OLD: Reason[] = [
  ...Object.values(VALUE_RULES).map((r) => r.reason as Reason),
  reason('duplicate'),
  reason('duplicateOfLine', { line: 12 }),
  reason('lineTooLong', { max: IMPORT_MAX_LINE_CHARS }),
  reason('notUtf8'),
  reason('nulBytes'),
  reason('quoteNotClosed'),
  reason('textAfterQuote'),
  reason('quoteInValue'),
  reason('fieldCount', { fields: 3, header: 4 }),
  reason('tooLong', { field: 'imsi', max: 15 }),
  reason('required', { field: 'device_type_id' }),
  reason('unknownDeviceType'),
  reason('unknownOperator'),
  reason('unknownDeployment'),
  reason('noSim'),
  reason('simInUse'),
  reason('missingColumn', { columns: 'imsi, iccid' }),
  reason('columnTwice', { column: 'imsi' }),
  reason('headerUnreadable', { reason: 'textAfterQuote' }),
  reason('noDataRows'),
  reason('fileEmpty'),
  reason('fileGone'),
  reason('noFile'),
  reason('ignoredColumns', { columns: 'notes, iccd' }),
  reason('importFailed', { message: 'connect ECONNREFUSED 127.0.0.1:5432' }),
];

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
  await api.pool.query(fn);
});
afterAll(async () => {
  await api?.pool.query('DROP FUNCTION IF EXISTS _import_reason(text)');
  await api?.close();
});

const convert = async (text: string) => (await api.pool.query<{ r: Reason }>('SELECT _import_reason($1) AS r', [text])).rows[0]!.r;

describe('migration reasons_as_codes', () => {
  it('turns every sentence the old code could store into its code and parameters', async () => {
    for (const r of OLD) expect(await convert(reasonText(r.code, r.params)), reasonText(r.code, r.params)).toEqual(r);
  });

  it('keeps any other text whole under the generic code', async () => {
    for (const text of ['Phone must have 8 to 15 characters', 'The header line cannot be read: something else', '']) {
      expect(await convert(text)).toEqual({ code: 'text', params: { text } });
    }
  });

  it('converts a column of old reasons in one set-based statement, as the migration does', async () => {
    const old = ['Duplicate entry: same as line 2', 'imsi is required', 'Something an operator typed'];
    const rows = await api.pool.query<{ code: string; params: unknown }>(
      `SELECT r ->> 'code' AS code, r -> 'params' AS params FROM unnest($1::text[]) WITH ORDINALITY AS o(reason, n),
              LATERAL _import_reason(o.reason) r ORDER BY n`,
      [old],
    );
    expect(rows.rows).toEqual([
      { code: 'duplicateOfLine', params: { line: 2 } },
      { code: 'required', params: { field: 'imsi' } },
      { code: 'text', params: { text: 'Something an operator typed' } },
    ]);
  });
});
