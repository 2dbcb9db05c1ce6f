import { PassThrough } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_DEVICE_STATES,
  FIRMWARE_DEVICE_STATES,
  MODEM_DEVICE_STATES,
  MODEM_PROFILES,
  REASON_CODES,
  reasonParams,
  reasonText,
  storedReason,
  type ModemReport,
  type ReasonParams,
} from '@tracker/contract';
import {
  CAMPAIGN_OUTCOME_CSV_COLUMNS,
  campaignOutcomesCsvSql,
  copyCsv,
  FIRMWARE_OUTCOME_CSV_COLUMNS,
  firmwareOutcomesCsvSql,
  guardCell,
  MODEM_CSV_COLUMNS,
  MODEM_OUTCOME_CSV_COLUMNS,
  modemCsvSql,
  modemOutcomesCsvSql,
  reasonTextSql,
  sqlTextCell,
  writeCsv,
  type SqlCsvColumn,
} from '@tracker/server';
// @ts-expect-error plain ESM helper
import { cloneTemplate } from '../../../scripts/test/template-db.mjs';
import { inject } from 'vitest';

// The exports' COPY path (core/exports/copy-csv.ts) builds each CSV line in SQL: its formula guard, phone rule,
// quoting, labels and reason texts must be what the JavaScript writer (writeCsv, guardCell, reasonText) gives, cell
// for cell, so a download is the same whichever path writes it.
let db: { url: string; drop: () => Promise<void> };
let pool: pg.Pool;

beforeAll(async () => {
  db = await cloneTemplate(inject('template'), 'it');
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const collect = async (write: (out: PassThrough) => Promise<void>) => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await write(out);
  return Buffer.concat(chunks).toString('utf8');
};

const CELLS = [
  '', 'plain', '49', '-12.5', '-3', '-', '+', '=', '@', '+15550100', '+1555', '+155', '+4915112345678901', '+491511234567890',
  '=1+1', '+49 x', '-x', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://evil")', '+1+2', ' =x', 'x,y', 'say "hi"', 'a;b',
  'line\nbreak', 'cr\rin', 'tab\tin', 'back\\slash', '\\n', 'end\\', '-1.', '-.5', '1e5', '-1e5', '="x"', "it's", 'ümlaut, ñ',
  '=a,b', '-"q"', '\n', '\r\n', '"', '""',
];

describe('the COPY path writes what the JavaScript writer writes', () => {
  it('guards, quotes and escapes every cell the same (sqlTextCell = guardCell + csv-stringify)', async () => {
    const rows = await pool.query<{ cell: string }>(
      `SELECT ${sqlTextCell('x')} AS cell FROM unnest($1::text[]) WITH ORDINALITY AS t(x, n) ORDER BY n`,
      [CELLS],
    );
    for (const [i, v] of CELLS.entries()) {
      const js = (await collect((out) => writeCsv([[v]], out))).replace(/\r\n$/, '');
      expect(rows.rows[i]!.cell, JSON.stringify(v)).toBe(js);
    }
    expect(guardCell('+15550100')).toBe('+15550100');
  });

  it("gives a whole export the same bytes: header, labels, numbers, booleans, nulls, CRLF, COPY's escapes undone", async () => {
    const columns: SqlCsvColumn[] = [
      { key: 'text' },
      { key: 'n', type: 'number' },
      { key: 'ok', type: 'boolean' },
      { key: 'code', header: 'status', labels: { 2: 'received', 3: 'error' } },
    ];
    const data = CELLS.map((text, i) => ({ text, n: i % 3 === 0 ? null : i - 20, ok: i % 4 === 0 ? null : i % 2 === 0, code: i % 5 }));
    const sql = `SELECT x->>'text' AS text, (x->>'n')::int AS n, (x->>'ok')::boolean AS ok, (x->>'code')::int AS code
                   FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(x, i) ORDER BY i`;
    const viaCopy = await collect((out) => copyCsv(pool, sql, [JSON.stringify(data)], columns, out));
    const viaJs = await collect((out) =>
      writeCsv(data, out, [
        'text',
        'n',
        'ok',
        { key: 'code', header: 'status', label: (v) => ({ 2: 'received', 3: 'error' })[Number(v)] },
      ]),
    );
    expect(viaCopy).toBe(viaJs);
  });

  it('writes bind values into the COPY statement as literals: quotes, backslashes and $n stay data', async () => {
    const evil = ["x'); DROP TABLE device; --", 'back\\slash \\', 'it has $1 and $2', "'", '%_'];
    const text = await collect((out) => copyCsv(pool, 'SELECT $1::text AS a, $2::text AS b, $3::text AS c, $4::text AS d, $5::text AS e', evil, ['a', 'b', 'c', 'd', 'e'].map((key) => ({ key })), out));
    const js = await collect((out) => writeCsv([Object.fromEntries(evil.map((v, i) => ['abcde'[i]!, v]))], out, ['a', 'b', 'c', 'd', 'e']));
    expect(text).toBe(js);
    expect(Number((await pool.query('SELECT count(*) AS n FROM device')).rows[0].n)).toBeGreaterThan(0);
  });

  it("writes the modem reports as the JavaScript writer wrote them: the task's key and the reason's text", async () => {
    // the seed's processes (done, failed with a coded reason, stopped), and one past its task list and one before it
    await pool.query(`UPDATE modem_update_task SET task_id = task_count + 2 WHERE id = (SELECT min(id) FROM modem_update_task WHERE status = 'DONE')`);
    await pool.query(`UPDATE modem_update_task SET task_id = 0, status = 'RUNNING', finished_at = NULL WHERE id = (SELECT max(id) FROM modem_update_task WHERE status = 'DONE')`);
    let lines = 0;
    for (const report of ['done', 'updating', 'notUpdated'] as ModemReport[]) {
      const viaCopy = await collect((out) => copyCsv(pool, modemCsvSql(report), [], MODEM_CSV_COLUMNS, out));
      const rows = (await pool.query(modemCsvSql(report))).rows;
      lines += rows.length;
      const viaJs = await collect((out) =>
        writeCsv(
          rows.map((r) => {
            const list = (MODEM_PROFILES as Record<string, readonly { key: string }[]>)[r.profile] ?? [];
            const why = r.error_code ? storedReason(r.error_code, r.error_params) : null;
            return { ...r, task: list[Math.min(r.task_id, list.length) - 1]?.key ?? '', reason: why ? reasonText(why.code, why.params) : '' };
          }),
          out,
          MODEM_CSV_COLUMNS.map(({ key, header }) => ({ key, header })),
        ),
      );
      expect(viaCopy, report).toBe(viaJs);
    }
    expect(lines).toBeGreaterThanOrEqual(8);
  });

  it('writes the outcome lists (campaign, firmware request, modem) as the JavaScript writer wrote them: the reason in words', async () => {
    // a campaign with every status, a retry, replies that need the formula guard and quoting, and refusals
    const bulk = '0b9f3c1e-4a57-4a2b-9d7c-1f0e5d2c3b4a';
    await pool.query(`INSERT INTO sms_campaign (bulk_id, command_key, message, device_type_id, created_by, total) VALUES ($1, 'STATUS', 'STATUS#', 1, 1, 6)`, [bulk]);
    const ids = (await pool.query<{ id: number }>('SELECT id FROM device WHERE gsm_number IS NOT NULL ORDER BY id LIMIT 8')).rows.map((r) => r.id);
    for (const [i, [status, code, params]] of ([
      [2, null, null],
      [3, 'smsUndelivered', { status: 'undelivered', code: 30003 }],
      [4, 'smsExpired', { minutes: 60 }],
      [1, null, null],
      [0, null, null],
      [3, 'smsRetried', { reason: 'BUSY', next: 1 }],
    ] as const).entries()) {
      await pool.query(
        `INSERT INTO sms_message (command_key, message, device_id, gsm_number, direction, status, bulk_id, error_code, error_params, sent_at)
         SELECT 'STATUS', 'STATUS#', id, gsm_number, 'OUTBOUND', $2, $3, $4, $5::jsonb, CASE WHEN $2 IN (1, 2, 3) THEN now() END FROM device WHERE id = $1`,
        [ids[i], status, bulk, code, params && JSON.stringify(params)],
      );
    }
    await pool.query(
      `INSERT INTO sms_message (command_key, message, device_id, direction, status, bulk_id, error_code, error_params) VALUES ('STATUS', 'STATUS#', $1, 'OUTBOUND', 3, $2, 'smsDeviceRefused', '{"reason": "=1+1"}')`,
      [ids[5], bulk],
    );
    await pool.query(
      `INSERT INTO sms_message (command_key, message, device_id, direction, status, reply_to, kind)
       SELECT 'STATUS', '=HYPERLINK("http://evil"), "quoted"; 1', device_id, 'INBOUND', 2, id, 'reply' FROM sms_message WHERE bulk_id = $1 AND status = 2`,
      [bulk],
    );
    await pool.query(
      `INSERT INTO command_refusal (batch_kind, batch_id, device_id, named_as, reason_code, reason_params) VALUES
         ('campaign', $1, $2, NULL, 'smsDeviceTerminated', NULL), ('campaign', $1, NULL, '+4915100000', 'smsNoNumber', NULL),
         ('firmware', '1', $3, NULL, 'smsDeviceDisabled', NULL), ('firmware', '1', NULL, '359999999999990', 'invalidImei', NULL),
         ('modem', '1', $3, NULL, 'smsDeviceDisabled', NULL), ('modem', '1', NULL, '359999999999991', 'smsGatewayError', '{"code": 21211, "message": "bad, \\"number\\""}')`,
      [bulk, ids[6], ids[7]],
    );
    const asJs = (rows: Record<string, unknown>[], columns: SqlCsvColumn[]) =>
      collect((out) =>
        writeCsv(
          rows.map((r) => {
            const why = r.error_code ? storedReason(r.error_code as string, r.error_params as ReasonParams | null) : null;
            return { ...r, reason: why ? reasonText(why.code, why.params) : '' };
          }),
          out,
          columns.map(({ key, header }) => ({ key, header })),
        ),
      );
    const lists: [string, string, unknown[], SqlCsvColumn[], number][] = [
      ...CAMPAIGN_DEVICE_STATES.map((s) => ['campaign', campaignOutcomesCsvSql(s), [bulk], CAMPAIGN_OUTCOME_CSV_COLUMNS, s === 'all' ? 8 : 0] as [string, string, unknown[], SqlCsvColumn[], number]),
      ...FIRMWARE_DEVICE_STATES.map((s) => ['firmware', firmwareOutcomesCsvSql(s), [1], FIRMWARE_OUTCOME_CSV_COLUMNS, s === 'all' ? 12 : 0] as [string, string, unknown[], SqlCsvColumn[], number]),
      ...MODEM_DEVICE_STATES.map((s) => ['modem', modemOutcomesCsvSql(s), [], MODEM_OUTCOME_CSV_COLUMNS, s === 'all' ? 10 : 0] as [string, string, unknown[], SqlCsvColumn[], number]),
    ];
    for (const [what, sql, values, columns, least] of lists) {
      const rows = (await pool.query(sql, values)).rows;
      expect(rows.length, what).toBeGreaterThanOrEqual(least);
      expect(await collect((out) => copyCsv(pool, sql, values, columns, out)), `${what}: ${sql.slice(0, 80)}`).toBe(await asJs(rows, columns));
    }
  });

  it("says every stored reason as reasonText does (reasonTextSql), a code no longer declared as it is", async () => {
    const cases: { code: string; params: ReasonParams | null }[] = [{ code: 'noSuchCodeAnyMore', params: null }];
    for (const code of REASON_CODES) {
      const kinds = reasonParams(code);
      const params = Object.fromEntries(Object.entries(kinds).map(([k, kind]) => [k, kind === 'number' ? 7 : kind === 'reason' ? 'invalidImei' : `v'${k}`]));
      cases.push({ code, params }, { code, params: null });
    }
    const r = await pool.query<{ text: string }>(
      `SELECT ${reasonTextSql('c.code', 'c.params')} AS text
         FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (code text, params jsonb)) WITH ORDINALITY AS c(code, params, n) ORDER BY n`,
      [JSON.stringify(cases)],
    );
    for (const [i, c] of cases.entries()) {
      const why = storedReason(c.code, c.params);
      expect(r.rows[i]!.text, c.code).toBe(reasonText(why.code, why.params));
    }
  });
});
