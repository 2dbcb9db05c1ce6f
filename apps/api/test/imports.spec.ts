import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportRunner, ImportSweep } from '@tracker/server';
import { WorkerModule } from '../../worker/src/worker.module.js';
import { startApi, type TestApi } from './harness.js';
import { errorsOf, storedErrorsOf, uniqueDigits, uploadCsv, uploadDir, waitDone, csvForm } from './imports-helpers.js';

let api: TestApi;
let worker: INestApplicationContext;
let admin: string;
let seededImsi: string;
let seededImei: string;
const uploads = uploadDir();

beforeAll(async () => {
  api = await startApi({ UPLOAD_DIR: uploads, UPLOAD_MAX_BYTES: String(256 * 1024) });
  worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
  admin = await api.signIn('admin');
  seededImsi = (await api.pool.query(`SELECT imsi FROM sim_card ORDER BY id LIMIT 1`)).rows[0].imsi;
  seededImei = (await api.pool.query(`SELECT imei FROM device ORDER BY id LIMIT 1`)).rows[0].imei;
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
  rmSync(uploads, { recursive: true, force: true });
});

async function runUpload(content: string | Buffer, fields: Record<string, string>, mass = false) {
  const r = await uploadCsv(api, admin, mass ? '/import/upload/mass' : '/import/upload', content, fields);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.model.status).toBe('QUEUED');
  return waitDone(api, r.body.model.id);
}

const count = async (sql: string, params: unknown[]) => (await api.pool.query(sql, params)).rows[0].n as number;

describe('SIM import', () => {
  it('imports a good file: BOM, semicolons, columns in any order, defaults, operator from the IMSI', async () => {
    const a = uniqueDigits('26201');
    const b = uniqueDigits('31041');
    const file = `\uFEFFgsm_number;IMSI;status;carrier_status\r\n4915112345678;${a};1;active\r\n;${b};;\r\n`;
    const imp = await runUpload(file, { kind: 'SIM' });
    expect(imp).toMatchObject({ status: 'FINISHED', count: 2, imported: 2, failed: 0, progress: 100, error: null });
    const rows = (
      await api.pool.query(`SELECT imsi, gsm_number, status, carrier_status::text, operator_id FROM sim_card WHERE import_id = $1 ORDER BY imsi`, [imp.id])
    ).rows;
    expect(rows).toEqual(
      [
        { imsi: a, gsm_number: '+4915112345678', status: 1, carrier_status: 'ACTIVE', operator_id: 1 },
        { imsi: b, gsm_number: null, status: 0, carrier_status: 'INACTIVE', operator_id: 4 },
      ].sort((x, y) => x.imsi.localeCompare(y.imsi)),
    );
  });

  it('imports the good lines of a mixed file and reports every bad line with its reason', async () => {
    const good = [uniqueDigits('99001'), uniqueDigits('99001'), uniqueDigits('99001')];
    const lines = [
      'imsi,iccid,gsm_number,status',
      `${good[0]},,,0`, // 2 ok
      '12345,,,0', // 3 short IMSI
      `${good[1]},,=1+2,0`, // 4 formula in a phone cell
      `${good[2]},,,7`, // 5 bad status
      `${good[0]},,,1`, // 6 duplicate of line 2
      `${seededImsi},,,0`, // 7 already in the database
      `"${uniqueDigits('99001')},,,0`, // 8 unclosed quote
      `${uniqueDigits('99001')},,`, // 9 too few fields
      `${'9'.repeat(30)},,,0`, // 10 too long
      ',,,0', // 11 missing IMSI
      `${'1'.repeat(5000)},,,0`, // 12 overlong line
    ];
    const imp = await runUpload(lines.join('\n') + '\n', { kind: 'SIM' });
    expect(imp).toMatchObject({ status: 'FINISHED', count: 11, imported: 1, failed: 10 });
    // stored as codes with their parameters (libs/contract/src/reasons.ts), not as sentences
    expect(await storedErrorsOf(api, imp.id)).toEqual([
      { line: 3, column: 'imsi', value: '12345', reason_code: 'invalidImsi', reason_params: null },
      { line: 4, column: 'gsm_number', value: '=1+2', reason_code: 'invalidPhone', reason_params: null },
      { line: 5, column: 'status', value: '7', reason_code: 'invalidSimStatus', reason_params: null },
      { line: 6, column: 'imsi', value: good[0], reason_code: 'duplicateOfLine', reason_params: { line: 2 } },
      { line: 7, column: 'imsi', value: seededImsi, reason_code: 'duplicate', reason_params: null },
      { line: 8, column: null, value: expect.stringContaining('"'), reason_code: 'quoteNotClosed', reason_params: null },
      { line: 9, column: null, value: expect.any(String), reason_code: 'fieldCount', reason_params: { fields: 3, header: 4 } },
      { line: 10, column: 'imsi', value: '9'.repeat(30), reason_code: 'tooLong', reason_params: { field: 'imsi', max: 15 } },
      { line: 11, column: 'imsi', value: null, reason_code: 'required', reason_params: { field: 'imsi' } },
      { line: 12, column: null, value: '1'.repeat(100), reason_code: 'lineTooLong', reason_params: { max: 4096 } },
    ]);
    // the api and the report say them in English, as before
    expect((await errorsOf(api, imp.id)).map((e) => e.reason)).toEqual([
      'IMSI must have 15 digits',
      'Phone must have 8 to 15 digits',
      'SIM status must be 0, 1 or 2',
      'Duplicate entry: same as line 2',
      'Duplicate entry',
      'A quoted value is not closed',
      'Line has 3 fields, the header has 4',
      'imsi is too long (at most 15 characters)',
      'imsi is required',
      'Line is too long (more than 4096 characters)',
    ]);
    expect(await count(`SELECT count(*)::int AS n FROM sim_card WHERE import_id = $1`, [imp.id])).toBe(1);
  });

  it('reports an in-file duplicate against the first line without an earlier problem, the first unique column first', async () => {
    const [a, b, c, d] = [0, 1, 2, 3].map(() => uniqueDigits('99002'));
    const [x, y, z, w, v] = [0, 1, 2, 3, 4].map(() => `${uniqueDigits('8949')}0000`);
    const lines = [
      'imsi,iccid,operator_id',
      `${a},${x},`, // 2 ok
      `${a},${y},`, // 3 imsi as line 2
      `${b},${y},`, // 4 iccid as line 3 (itself a duplicate, but it had no problem before this check)
      `${c},${z},99`, // 5 unknown operator: no first line for the duplicates
      `${c},${z},`, // 6 ok
      `${seededImsi},${w},`, // 7 already in the database
      `${seededImsi},${v},`, // 8 imsi as line 7 (in the file first, the database after)
      `${d},${x},`, // 9 iccid as line 2
    ];
    const imp = await runUpload(lines.join('\n') + '\n', { kind: 'SIM' });
    expect(imp).toMatchObject({ status: 'FINISHED', count: 8, imported: 2, failed: 6 });
    expect(await storedErrorsOf(api, imp.id)).toEqual([
      { line: 3, column: 'imsi', value: a, reason_code: 'duplicateOfLine', reason_params: { line: 2 } },
      { line: 4, column: 'iccid', value: y, reason_code: 'duplicateOfLine', reason_params: { line: 3 } },
      { line: 5, column: 'operator_id', value: '99', reason_code: 'unknownOperator', reason_params: null },
      { line: 7, column: 'imsi', value: seededImsi, reason_code: 'duplicate', reason_params: null },
      { line: 8, column: 'imsi', value: seededImsi, reason_code: 'duplicateOfLine', reason_params: { line: 7 } },
      { line: 9, column: 'iccid', value: x, reason_code: 'duplicateOfLine', reason_params: { line: 2 } },
    ]);
    const rows = (await api.pool.query(`SELECT imsi, iccid FROM sim_card WHERE import_id = $1 ORDER BY imsi`, [imp.id])).rows;
    expect(rows).toEqual([{ imsi: a, iccid: x }, { imsi: c, iccid: z }].sort((p, q) => p.imsi.localeCompare(q.imsi)));
  });

  it('notes header columns it does not know (a misspelt column is seen, not silently lost)', async () => {
    const imsi = uniqueDigits('99010');
    const imp = await runUpload(`imsi;ICCD;notes\n${imsi};8949019876543210001;first batch\n`, { kind: 'SIM' });
    expect(imp).toMatchObject({ status: 'FINISHED', count: 1, imported: 1, failed: 0, error: 'Columns ignored (not columns of this kind): iccd, notes' });
    expect(imp).toMatchObject({ error_code: 'ignoredColumns', error_params: { columns: 'iccd, notes' } });
    expect((await api.pool.query(`SELECT iccid FROM sim_card WHERE imsi = $1`, [imsi])).rows).toEqual([{ iccid: null }]);
  });

  it('reports a line that is not UTF-8 beyond the sniffed start of the file, and imports the rest', async () => {
    const good = Array.from({ length: 5000 }, (_, i) => `99007${String(i).padStart(10, '0')}`).join('\n');
    const bytes = Buffer.concat([Buffer.from(`imsi\n${good}\n`), Buffer.from([0x39, 0x39, 0xe9, 0x0a])]);
    const imp = await runUpload(bytes, { kind: 'SIM' });
    expect(imp).toMatchObject({ status: 'FINISHED', count: 5001, imported: 5000, failed: 1 });
    expect(await errorsOf(api, imp.id)).toEqual([{ line: 5002, column: null, value: '99\uFFFD', reason: 'Line is not valid UTF-8 text' }]);
  });

  it('reports every line of a re-uploaded file as a duplicate and imports nothing twice', async () => {
    const file = `imsi\n${uniqueDigits('99002')}\n${uniqueDigits('99002')}\n${uniqueDigits('99002')}\n`;
    const first = await runUpload(file, { kind: 'SIM' });
    expect(first).toMatchObject({ imported: 3, failed: 0 });
    const again = await runUpload(file, { kind: 'SIM' });
    expect(again).toMatchObject({ status: 'FINISHED', count: 3, imported: 0, failed: 3 });
    expect((await errorsOf(api, again.id)).map((e) => e.reason)).toEqual(['Duplicate entry', 'Duplicate entry', 'Duplicate entry']);
  });

  it('fails a file without data rows or without a required column, with the reason', async () => {
    const headerOnly = await runUpload('imsi,iccid\n', { kind: 'SIM' });
    expect(headerOnly).toMatchObject({ status: 'FAILED', error: 'The file has a header but no data rows' });
    const missing = await runUpload('iccid;gsm_number\n8949019876543210001;+4915112345678\n', { kind: 'SIM' });
    expect(missing).toMatchObject({ status: 'FAILED', error: 'Missing column: imsi', failed: 1 });
    expect(await errorsOf(api, missing.id)).toEqual([{ line: 1, column: 'imsi', value: 'iccid;gsm_number', reason: 'Missing column: imsi' }]);
  });
});

describe('device imports', () => {
  it('imports devices linked to their SIM cards and reports bad lines', async () => {
    const freeSim = uniqueDigits('99003');
    await api.post('/import/sim', { imsi: freeSim, gsm_number: '+4915100000001' }, admin);
    const [i1, i2, i3] = [uniqueDigits('86001'), uniqueDigits('86001'), uniqueDigits('86001')];
    const file = [
      'imei,device_type_id,imsi,device_status,activation_code,firmware',
      `${i1},2,${freeSim},1,,W1.0`, // 2 ok, linked
      `${i2},,,,,`, // 3 ok, type from the form
      `${i3},9,,,,`, // 4 unknown type
      `${uniqueDigits('86001')},1,${uniqueDigits('99004')},,,`, // 5 SIM not found
      `${seededImei},1,,,,`, // 6 IMEI taken
      `${uniqueDigits('86001')},1,,,,@SUM(A1)`, // 7 formula-like firmware
    ].join('\n');
    const imp = await runUpload(file, { kind: 'DEVICE', device_type_id: '1' });
    expect(imp).toMatchObject({ status: 'FINISHED', count: 6, imported: 2, failed: 4 });
    expect((await errorsOf(api, imp.id)).map((e) => [e.line, e.column, e.reason])).toEqual([
      [4, 'device_type_id', 'Unknown device type'],
      [5, 'imsi', 'No SIM card with this IMSI'],
      [6, 'imei', 'Duplicate entry'],
      [7, 'firmware', 'Must not start with =, +, -, @, tab or CR (spreadsheet formula)'],
    ]);
    const rows = (
      await api.pool.query(
        `SELECT d.imei, d.device_type_id, d.device_status, d.gsm_number, s.imsi FROM device d LEFT JOIN sim_card s ON s.id = d.sim_id
          WHERE d.import_id = $1 ORDER BY d.imei`,
        [imp.id],
      )
    ).rows;
    expect(rows).toEqual(
      [
        { imei: i1, device_type_id: 2, device_status: 1, gsm_number: '+4915100000001', imsi: freeSim },
        { imei: i2, device_type_id: 1, device_status: 0, gsm_number: null, imsi: null },
      ].sort((a, b) => a.imei.localeCompare(b.imei)),
    );
  });

  it('imports AT&T-style devices with their new SIM cards', async () => {
    const [imei, imsi] = [uniqueDigits('86002'), uniqueDigits('31041')];
    const file = [
      'imei;imsi;iccid;gsm_number;device_type_id;sim_status;carrier_status',
      `${imei};${imsi};8901410000000000001;+12145550123;1;1;ACTIVATING`,
      `${uniqueDigits('86002')};${imsi};;;1;;`, // same IMSI as line 2
      `${uniqueDigits('86002')};${seededImsi};;;1;;`, // SIM exists already
      `${uniqueDigits('86002')};${uniqueDigits('31041')};;;1;;BROKEN`, // carrier status
    ].join('\n');
    const imp = await runUpload(file, { kind: 'DEVICE_AND_SIM' });
    expect(imp).toMatchObject({ status: 'FINISHED', count: 4, imported: 1, failed: 3 });
    expect((await errorsOf(api, imp.id)).map((e) => [e.line, e.column, e.reason])).toEqual([
      [3, 'imsi', 'Duplicate entry: same as line 2'],
      [4, 'imsi', 'Duplicate entry'],
      [5, 'carrier_status', 'Carrier status must be one of INACTIVE, ACTIVE, UNREGISTERED, ACTIVATION_FAILED, ACTIVATING'],
    ]);
    const row = (
      await api.pool.query(
        `SELECT d.imei, s.imsi, s.status, s.carrier_status::text, s.operator_id, s.import_id = d.import_id AS same
           FROM device d JOIN sim_card s ON s.id = d.sim_id WHERE d.import_id = $1`,
        [imp.id],
      )
    ).rows;
    expect(row).toEqual([{ imei, imsi, status: 1, carrier_status: 'ACTIVATING', operator_id: 4, same: true }]);
  });

  it('imports factory devices with the defaults of §9', async () => {
    const imei = uniqueDigits('86003');
    const code = `FC${uniqueDigits('5').slice(0, 13)}`;
    const file = [
      'imei,activation_code,serial_number,white_label_deployment_id',
      `${imei},${code},SN-1,`,
      `${uniqueDigits('86003')},${code},SN-2,`, // same code
      `${uniqueDigits('86003')},,=HYPERLINK(x),`, // formula
      `${uniqueDigits('86003')},,SN-4,99`, // unknown deployment
    ].join('\n');
    const imp = await runUpload(file, { kind: 'FACTORY_DEVICE' });
    expect(imp).toMatchObject({ status: 'FINISHED', count: 4, imported: 1, failed: 3 });
    expect((await errorsOf(api, imp.id)).map((e) => [e.line, e.column, e.reason])).toEqual([
      [3, 'activation_code', 'Duplicate entry: same as line 2'],
      [4, 'serial_number', 'Must not start with =, +, -, @, tab or CR (spreadsheet formula)'],
      [5, 'white_label_deployment_id', 'Unknown white label deployment'],
    ]);
    const row = (await api.pool.query(`SELECT imei, status, white_label_deployment_id FROM factory_device WHERE import_id = $1`, [imp.id])).rows;
    expect(row).toEqual([{ imei, status: 0, white_label_deployment_id: 1 }]);
  });

  it('mass import: a bare IMEI list, reporting IMEIs found and now in the database', async () => {
    const fresh = [uniqueDigits('86004'), uniqueDigits('86004')];
    const file = `${fresh[0]}\n${fresh[1]}\n${seededImei}\n${fresh[0]}\n123\n`;
    const imp = await runUpload(file, { device_type_id: '3', device_status: '1' }, true);
    expect(imp).toMatchObject({ status: 'FINISHED', count: 5, imported: 2, failed: 3, result: { found: 3, in_database: 3 } });
    expect((await errorsOf(api, imp.id)).map((e) => [e.line, e.reason])).toEqual([
      [3, 'Duplicate entry'],
      [4, 'Duplicate entry: same as line 1'],
      [5, 'IMEI must have 15 digits'],
    ]);
    const rows = (await api.pool.query(`SELECT device_type_id, device_status FROM device WHERE import_id = $1`, [imp.id])).rows;
    expect(rows).toEqual([
      { device_type_id: 3, device_status: 1 },
      { device_type_id: 3, device_status: 1 },
    ]);
  });
});

describe('mass import without a header', () => {
  it('reports a malformed first IMEI as an error of line 1 and imports the rest (the file does not fail)', async () => {
    const fresh = [uniqueDigits('86007'), uniqueDigits('86007')];
    const imp = await runUpload(`35123456789012\n${fresh[0]}\n${fresh[1]}\n`, { device_type_id: '1' }, true);
    expect(imp).toMatchObject({ status: 'FINISHED', count: 3, imported: 2, failed: 1, result: { found: 2, in_database: 2 } });
    expect(await errorsOf(api, imp.id)).toEqual([{ line: 1, column: 'imei', value: '35123456789012', reason: 'IMEI must have 15 digits' }]);
    const hash = (await api.get(`/csv/generate/import?import_id=${imp.id}`, admin)).body.model.hash;
    expect((await api.get(`/csv/import?hash=${hash}`, admin)).body).toBe(
      `imei,error\r\n35123456789012,IMEI must have 15 digits\r\n${fresh[0]},\r\n${fresh[1]},\r\n`,
    );
  });
});

describe('good files of every kind', () => {
  const u = uniqueDigits;
  const cases: [string, string, Record<string, string>, boolean, string][] = [
    ['DEVICE', `imei,device_type_id,device_status,is_test\n${u('86010')},1,2,true\n${u('86010')},3,3,no\n`, { kind: 'DEVICE' }, false, 'device'],
    ['DEVICE_AND_SIM', `IMEI;IMSI;ICCID;device_type_id\n${u('86011')};${u('31041')};${u('8901')}0000;2\n${u('86011')};${u('26202')};;2\n`, { kind: 'DEVICE_AND_SIM' }, false, 'device'],
    ['FACTORY_DEVICE', `imei,imsi,iccid,activation_code,serial_number,device_type_id,firmware,status,white_label_deployment_id\n${u('86012')},${u('26201')},${u('8949')}0000,FC${u('7').slice(0, 13)},SN-9,1,W1.4.2,1,2\n${u('86012')},,,,,,,,\n`, { kind: 'FACTORY_DEVICE' }, false, 'factory_device'],
    ['MASS', `imei\n${u('86013')}\n${u('86013')}\n`, { device_type_id: '2' }, true, 'device'],
  ];
  for (const [kind, file, fields, mass, table] of cases) {
    it(`imports every line of a good ${kind} file`, async () => {
      const imp = await runUpload(file, fields, mass);
      expect(imp).toMatchObject({ status: 'FINISHED', count: 2, imported: 2, failed: 0, progress: 100 });
      expect(await count(`SELECT count(*)::int AS n FROM ${table} WHERE import_id = $1`, [imp.id])).toBe(2);
    });
  }
});

describe('two runs of one import', () => {
  it('commits once when two workers run the same import at the same time; a late failure keeps a finished import', async () => {
    // an import Postgres holds but no job names (so the test's worker does not take it): both runs are ours
    const imsis = Array.from({ length: 20_000 }, () => uniqueDigits('99009'));
    writeFileSync(join(uploads, 'twice.csv'), `imsi\n${imsis.join('\n')}\n${imsis[0]}\n`);
    const admin_id = (await api.pool.query(`SELECT id FROM backoffice_user WHERE username = 'admin'`)).rows[0].id;
    const id: number = (
      await api.pool.query(
        `INSERT INTO import (kind, file_name, file_path, file_size, params, status, created_by)
         VALUES ('SIM', 'twice.csv', 'twice.csv', 0, '{}', 'QUEUED', $1) RETURNING id`,
        [admin_id],
      )
    ).rows[0].id;
    const runner = worker.get(ImportRunner);
    const outcomes = await Promise.all([runner.run(id), runner.run(id)]);
    expect(outcomes.sort()).toEqual(['done', 'skipped']);
    expect(await runner.run(id)).toBe('skipped');
    const done = await waitDone(api, id);
    expect(done).toMatchObject({ status: 'FINISHED', count: 20_001, imported: 20_000, failed: 1 });
    expect(await count(`SELECT count(*)::int AS n FROM sim_card WHERE import_id = $1`, [id])).toBe(20_000);

    await runner.fail(id, new Error('The import failed: a late attempt'));
    expect(await waitDone(api, id)).toMatchObject({ status: 'FINISHED', failed: 1, error: null });
    expect(await errorsOf(api, id)).toEqual([{ line: 20_002, column: 'imsi', value: imsis[0], reason: 'Duplicate entry: same as line 2' }]);
  });
});

describe('uploads that are refused', () => {
  it('says the file was not uploaded when it is empty, binary, not UTF-8, or too large (413)', async () => {
    const empty = await uploadCsv(api, admin, '/import/upload', '', { kind: 'SIM' });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('IMPORT_FILE_EMPTY');
    expect(empty.body.error).toMatch(/^The file was not uploaded/);
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200, 1)]);
    const z = await uploadCsv(api, admin, '/import/upload', zip, { kind: 'SIM' }, 'sims.csv');
    expect([z.status, z.body.code]).toEqual([400, 'IMPORT_FILE_NOT_CSV']);
    const latin1 = Buffer.from('imsi;name\n262011234567890;M\xfcller\n', 'latin1');
    const l = await uploadCsv(api, admin, '/import/upload', latin1, { kind: 'SIM' });
    expect([l.status, l.body.code]).toEqual([400, 'IMPORT_FILE_ENCODING']);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('imsi\r\n262011234567890\r\n', 'utf16le')]);
    const u = await uploadCsv(api, admin, '/import/upload', utf16, { kind: 'SIM' });
    expect([u.status, u.body.code, u.body.error]).toEqual([400, 'IMPORT_FILE_ENCODING', 'The file was not uploaded: it is not UTF-8 text. Save it as CSV UTF-8.']);
    const big = `imsi\n${'262011234567890\n'.repeat(20_000)}`;
    const b = await uploadCsv(api, admin, '/import/upload', big, { kind: 'SIM' });
    expect([b.status, b.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const noFile = await api.call('POST', '/import/upload', { token: admin, form: (() => { const f = new FormData(); f.set('kind', 'SIM'); return f; })() });
    expect([noFile.status, noFile.body.code]).toEqual([400, 'IMPORT_FILE_MISSING']);
    const badKind = await uploadCsv(api, admin, '/import/upload', 'imsi\n', { kind: 'PHONE' });
    expect([badKind.status, badKind.body.errors[0].field]).toEqual([400, 'kind']);
    const n = await count(`SELECT count(*)::int AS n FROM import WHERE created > now() - interval '1 minute' AND file_name = 'sims.csv'`, []);
    expect(n).toBe(0);
  });

  it('refuses other roles (403) and calls without a session (401)', async () => {
    const tier1 = await api.signIn('tier1');
    const r = await uploadCsv(api, tier1, '/import/upload', 'imsi\n262011234567890\n', { kind: 'SIM' });
    expect([r.status, r.body.error]).toEqual([403, '401, You are not authorised to view this section']);
    const anon = await api.call('POST', '/import/upload', { form: csvForm('imsi\n262011234567890\n', { kind: 'SIM' }) });
    expect(anon.status).toBe(401);
  });
});

describe('single records', () => {
  it('imports one SIM and answers a duplicate with Duplicate entry (409)', async () => {
    const imsi = uniqueDigits('99005');
    const ok = await api.post('/import/sim', { imsi, status: 1, carrier_status: 'ACTIVE' }, admin);
    expect(ok.status).toBe(200);
    expect(ok.body.model.id).toBeGreaterThan(0);
    const dup = await api.post('/import/sim', { imsi }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'imsi', code: 'duplicate', message: 'Duplicate entry' }]);
  });

  it('imports a factory device with the defaults, and says what is wrong first', async () => {
    const imei = uniqueDigits('86005');
    const ok = await api.post('/import/factoryDevice', { imei }, admin);
    expect(ok.status).toBe(200);
    const row = (await api.pool.query(`SELECT status, white_label_deployment_id FROM factory_device WHERE id = $1`, [ok.body.model.id])).rows[0];
    expect(row).toEqual({ status: 0, white_label_deployment_id: 1 });
    const bad = await api.post('/import/factoryDevice', { imei: '12' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toEqual({ field: 'imei', code: 'invalidImei', message: 'IMEI must have 15 digits' });
    const dup = await api.post('/import/factoryDevice', { imei }, admin);
    expect([dup.status, dup.body.errors[0].message]).toEqual([409, 'Duplicate entry']);
  });

  it('imports one device and one device with SIM', async () => {
    const d = await api.post('/import/device', { imei: uniqueDigits('86006'), device_type_id: 1, device_status: 2 }, admin);
    expect(d.status).toBe(200);
    const unknownType = await api.post('/import/device', { imei: uniqueDigits('86006'), device_type_id: 42 }, admin);
    expect([unknownType.status, unknownType.body.errors[0]]).toEqual([400, { field: 'device_type_id', code: 'unknownDeviceType', message: 'Unknown device type' }]);
    const ds = await api.post('/import/deviceAndSim', { imei: uniqueDigits('86006'), imsi: uniqueDigits('31041'), device_type_id: 1 }, admin);
    expect(ds.status).toBe(200);
  });
});

describe('upload retention', () => {
  it('deletes the file of an import that ended longer ago than UPLOAD_RETENTION_DAYS, keeping the import', async () => {
    const recent = await runUpload(`imsi\n${uniqueDigits('26201')}\n`, { kind: 'SIM' });
    const old = await runUpload(`imsi\n${uniqueDigits('26201')}\n`, { kind: 'SIM' });
    await api.pool.query(`UPDATE import SET finished_at = now() - interval '91 days' WHERE id = $1`, [old.id]);
    const path = (id: number) => api.pool.query(`SELECT file_path FROM import WHERE id = $1`, [id]).then((r) => r.rows[0].file_path as string | null);
    const oldFile = join(uploads, (await path(old.id))!);
    expect(existsSync(oldFile)).toBe(true);

    expect(await worker.get(ImportSweep).expireFiles()).toBe(1);
    expect(existsSync(oldFile)).toBe(false);
    expect(await path(old.id)).toBeNull();
    expect(await path(recent.id)).not.toBeNull();
    const listed = await api.get(`/import/list?page=0&id=${old.id}`, admin);
    expect(listed.body.model.items[0]).toMatchObject({ id: old.id, status: 'FINISHED', imported: 1, has_file: false });
  });
});

describe('list, errors, report, template, help', () => {
  it('lists imports 6 per page with progress, pages errors, and downloads the report with an error column', async () => {
    const imsi = uniqueDigits('99006');
    const imp = await runUpload(`imsi,gsm_number\n${imsi},+4915100000002\nbad,=cmd\n`, { kind: 'SIM' });
    const list = await api.get('/import/list?page=0', admin);
    expect(list.status).toBe(200);
    expect(list.body.model.items.length).toBe(6);
    expect(list.body.model.items[0]).toMatchObject({ id: imp.id, kind: 'SIM', count: 2, imported: 1, failed: 1, progress: 100, status: 'FINISHED', created_by: 'admin', has_file: true });
    const today = new Date().toISOString().slice(0, 10);
    const day = await api.get(`/import/list?page=0&date=${today}`, admin);
    expect(day.body.model.items.every((i: { created: string }) => i.created.startsWith(today))).toBe(true);
    const first = list.body.model.items[5].id;
    const one = await api.get(`/import/list?page=0&id=${first}`, admin);
    expect([one.body.model.total, one.body.model.items.map((i: { id: number }) => i.id)]).toEqual([1, [first]]);
    const oneOfDay = await api.get(`/import/list?page=0&date=${today}&id=${first}`, admin);
    expect(oneOfDay.body.model.total).toBe(1);
    expect((await api.get(`/import/list?page=0&date=2000-01-01&id=${first}`, admin)).body.model.total).toBe(0);

    const errors = await api.get(`/import/errors?id=${imp.id}`, admin);
    expect(errors.body.model).toEqual({
      items: [{ line: 3, column: 'imsi', value: 'bad', reason: 'IMSI must have 15 digits', reason_code: 'invalidImsi', reason_params: null }],
      total: 1,
      total_pages: 1,
      page: 0,
    });
    expect((await api.get('/import/errors?id=999999', admin)).status).toBe(404);

    const gen = await api.get(`/csv/generate/import?import_id=${imp.id}`, admin);
    expect(gen.status).toBe(200);
    // the spec's path (§7 GET /csv/generate?import_id) reaches the same generator
    const spec = await api.get(`/csv/generate?import_id=${imp.id}`, admin);
    expect(spec.status, JSON.stringify(spec.body)).toBe(200);
    expect(spec.body.model.hash).toMatch(/^[a-f0-9]{48}$/);
    expect((await api.get(`/csv/generate?import_id=${imp.id}`, await api.signIn('tier1'))).status).toBe(403);
    const csv = await api.get(`/csv/import?hash=${gen.body.model.hash}`, admin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.body).toBe(`imsi,gsm_number,error\r\n${imsi},+4915100000002,\r\nbad,'=cmd,IMSI must have 15 digits\r\n`);
  });

  it('repeats a line that cannot be split whole in the report, the reason always in the error column', async () => {
    const imsi = uniqueDigits('99011');
    const broken = `"${uniqueDigits('99011')},${'x'.repeat(300)}`;
    const imp = await runUpload(`imsi,gsm_number\n${imsi},\n${broken}\n12345\n`, { kind: 'SIM' });
    expect(imp).toMatchObject({ status: 'FINISHED', imported: 1, failed: 2 });
    const hash = (await api.get(`/csv/generate/import?import_id=${imp.id}`, admin)).body.model.hash;
    const csv = await api.get(`/csv/import?hash=${hash}`, admin);
    // the reason stays in the error column, short lines padded
    expect(csv.body).toBe(
      `imsi,gsm_number,error\r\n${imsi},,\r\n"${broken.replace(/"/g, '""')}",,A quoted value is not closed\r\n12345,,"Line has 1 fields, the header has 2"\r\n`,
    );
  });

  it('serves a report hash only to the user who generated it, and only until it expires', async () => {
    const imp = await runUpload(`imsi\n${uniqueDigits('99008')}\n`, { kind: 'SIM' });
    const other = (await api.pool.query(`SELECT id FROM backoffice_user WHERE username = 'tier1'`)).rows[0].id;
    const insert = async (createdBy: number | null, expires: string) => {
      const hash = randomBytes(24).toString('hex');
      await api.pool.query(
        `INSERT INTO csv_export (hash, kind, params, created_by, expires_at) VALUES ($1, 'import', $2, $3, now() + $4::interval)`,
        [hash, JSON.stringify({ import_id: imp.id }), createdBy, expires],
      );
      return hash;
    };
    const mine = (await api.get(`/csv/generate/import?import_id=${imp.id}`, admin)).body.model.hash;
    expect((await api.get(`/csv/import?hash=${mine}`, admin)).status).toBe(200);
    expect((await api.get(`/csv/import?hash=${await insert(other, '1 hour')}`, admin)).status).toBe(404);
    expect((await api.get(`/csv/import?hash=${await insert(null, '1 hour')}`, admin)).status).toBe(404);
    const adminId = (await api.pool.query(`SELECT id FROM backoffice_user WHERE username = 'admin'`)).rows[0].id;
    expect((await api.get(`/csv/import?hash=${await insert(adminId, '-1 second')}`, admin)).status).toBe(404);
  });

  it('offers a template per kind', async () => {
    const t = await api.get('/import/template?kind=DEVICE_AND_SIM', admin);
    expect(t.status).toBe(200);
    expect(String(t.body).split('\r\n')[0]).toBe('imei,imsi,iccid,gsm_number,device_type_id,device_status,sim_status,carrier_status');
  });

  it('shows, replaces and serves the help file', async () => {
    const before = await api.get('/import/upload/help', admin);
    expect(before.body.model.file_name).toBe('console-help.pdf');
    const form = new FormData();
    form.set('file', new Blob(['%PDF-1.4 new help'], { type: 'application/pdf' }), 'imports-help.pdf');
    const up = await api.call('POST', '/import/upload/help', { token: admin, form });
    expect(up.status).toBe(200);
    const after = await api.get('/import/upload/help', admin);
    expect(after.body.model).toMatchObject({ id: up.body.model.id, file_name: 'imports-help.pdf', content_type: 'application/pdf', size_bytes: 17 });
    const file = await api.get(`/import/upload/help/file?id=${up.body.model.id}`, admin);
    expect([file.status, file.body]).toEqual([200, '%PDF-1.4 new help']);
  });

  it('keeps UTF-8 file names of uploads and help files, and downloads them under their names', async () => {
    const up = await uploadCsv(api, admin, '/import/upload', `imsi\n${uniqueDigits('99012')}\n`, { kind: 'SIM' }, 'SIMs Müller – März.csv');
    expect(up.status).toBe(200);
    const imp = await waitDone(api, up.body.model.id);
    const listed = (await api.get(`/import/list?page=0&id=${imp.id}`, admin)).body.model.items[0];
    expect(listed.file_name).toBe('SIMs Müller – März.csv');
    const hash = (await api.get(`/csv/generate/import?import_id=${imp.id}`, admin)).body.model.hash;
    const report = await api.get(`/csv/import?hash=${hash}`, admin);
    expect(report.status).toBe(200);
    expect(report.headers.get('content-disposition')).toBe(`attachment; filename="SIMs_M_ller_M_rz-report.csv"; filename*=UTF-8''SIMs_M_ller_M_rz-report.csv`);

    const form = new FormData();
    form.set('file', new Blob(['%PDF-1.4 Hilfe'], { type: 'application/pdf' }), 'Hilfe – Import (neu).pdf');
    const help = await api.call('POST', '/import/upload/help', { token: admin, form });
    expect(help.status).toBe(200);
    const file = await api.get(`/import/upload/help/file?id=${help.body.model.id}`, admin);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Hilfe _ Import (neu).pdf"; filename*=UTF-8''Hilfe%20%E2%80%93%20Import%20%28neu%29.pdf`,
    );
    expect((await api.get('/import/upload/help', admin)).body.model.file_name).toBe('Hilfe – Import (neu).pdf');
  });
});
