import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './harness.js';
import { firmwareBytes, ftpHas, future, targetable, uploadBinary, uploadForm } from './firmware-helpers.js';

// The firmware api without a worker (docs/firmware-modem.md "Firmware"): uploads to fleet-sim's real FTP server, the
// upload form's rules, the targets of each upload type, the custom list's rules, expiry, stop and the lists.
let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await startApi({ FIRMWARE_MAX_BYTES: String(1024 * 1024) }, { fleetSim: { latencyMs: { min: 0, max: 5 } } });
  admin = await api.signIn('admin');
});
afterAll(() => api?.close());

const sim = () => api.fleetSim!;
const upload = (form: FormData) => api.call('POST', '/firmware/upload', { token: admin, form });
/** A rollout (upload type 0, every device of the type, is confirmed first: the harness brings the token back). */
const insert = (body: Record<string, unknown>) => api.confirmed('POST', '/firmware/insert', { expired_at: future(), ...body }, admin);

describe('upload', () => {
  it('streams the file to the FTP server, records its size and sha256, and lists it', async () => {
    const { bytes, sha256 } = firmwareBytes(200_000);
    const r = await upload(uploadForm({ version: 'W2.0.0', bytes, fileName: 'w2.bin' }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.model).toMatchObject({ name: 'Watch firmware', version: 'W2.0.0', device_type_id: 1, ftp_server_id: 1, file_name: 'w2.bin', size_bytes: 200_000, sha256 });
    expect(r.body.model.path).toMatch(/^\/firmware\/[0-9a-f]{8}\.bin$/);
    expect(ftpHas(sim().ftp.root, r.body.model.path)).toBe(true);
    const list = await api.get('/firmware/getUploads', admin);
    expect(list.body.model[0]).toMatchObject({ id: r.body.model.id, sha256 });
    const ftp = await api.get('/firmware/getFTP', admin);
    expect(ftp.body.model).toContainEqual({ id: 1, name: 'Local firmware FTP (fleet-sim)', host: '127.0.0.1', port: sim().ftp.port, base_path: '/firmware' });
    expect(JSON.stringify(ftp.body)).not.toContain('firmware-dev');
  });

  it('names the first missing field of ftp_id, type, file, name, version (§5)', async () => {
    const order = ['ftp_id', 'type', 'file', 'name', 'version'];
    for (let i = 0; i < order.length; i++) {
      const r = await upload(uploadForm({}, order.slice(i)));
      expect(r.status, order[i]).toBe(400);
      expect(r.body.errors, order[i]).toEqual([expect.objectContaining({ field: order[i], code: 'required' })]);
    }
    const blank = await upload(uploadForm({ name: '   ' }));
    expect(blank.body.errors[0]).toMatchObject({ field: 'name', code: 'required' });
  });

  it('refuses bad fields with the field named, an empty file, and a file over the limit (413)', async () => {
    expect((await upload(uploadForm({ ftp_id: '999' }))).body.errors[0]).toMatchObject({ field: 'ftp_id', code: 'unknownServer' });
    expect((await upload(uploadForm({ ftp_id: 'x' }))).body.errors[0]).toMatchObject({ field: 'ftp_id' });
    expect((await upload(uploadForm({ type: '77' }))).body.errors[0]).toMatchObject({ field: 'type', code: 'unknownDeviceType' });
    expect((await upload(uploadForm({ version: 'W1,#2' }))).body.errors[0]).toMatchObject({ field: 'version', code: 'firmwareVersionFormat' });
    expect((await upload(uploadForm({ name: 'x'.repeat(101) }))).body.errors[0]).toMatchObject({ field: 'name', code: 'tooLong' });
    expect((await upload(uploadForm({ bytes: Buffer.alloc(0) }))).body.errors[0]).toMatchObject({ field: 'file', code: 'firmwareEmptyFile' });
    const big = await upload(uploadForm({ bytes: Buffer.alloc(1024 * 1024 + 1) }));
    expect(big.status).toBe(413);
  });

  it('FTP down or refusing: a clear 502 naming ftp_id, no row, nothing left on the server', async () => {
    const before = (await api.pool.query('SELECT count(*)::int AS n FROM firmware_binary')).rows[0].n;
    const files = () => readdirSync(`${sim().ftp.root}/firmware`).sort();
    const had = files();
    sim().control.configure({ ftpRefuseLogin: true });
    const refused = await upload(uploadForm({ version: 'W2.0.1' }));
    sim().control.configure({ ftpRefuseLogin: false });
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ code: 'FTP_UNAVAILABLE', errors: [{ field: 'ftp_id', code: 'firmwareFtpRefused' }] });
    // the server keeps only part of the file: the upload is removed again
    sim().control.configure({ ftpTruncateUploadAt: 1000 });
    const partial = await upload(uploadForm({ version: 'W2.0.2', bytes: firmwareBytes(50_000).bytes }));
    sim().control.configure({ ftpTruncateUploadAt: 0 });
    expect(partial.status).toBe(502);
    expect(partial.body.errors[0]).toMatchObject({ field: 'ftp_id', code: 'firmwareUploadIncomplete', params: { got: 1000, expected: 50_000 } });
    // nothing listens there
    await api.pool.query("INSERT INTO ftp_server (id, name, host, port, username, password, base_path) VALUES (90, 'Gone', '127.0.0.1', 9, 'x', 'y', '/fw')");
    const down = await upload(uploadForm({ ftp_id: '90', version: 'W2.0.3' }));
    expect(down.status).toBe(502);
    expect(down.body.errors[0]).toMatchObject({ field: 'ftp_id', code: 'firmwareFtpUnavailable' });
    expect((await api.pool.query('SELECT count(*)::int AS n FROM firmware_binary')).rows[0].n).toBe(before);
    expect(files()).toEqual(had);
  });
});

describe('insert: targets', () => {
  it('by version: the binary type\'s devices on that version, in waves, one row each (set-based)', async () => {
    const bin = await uploadBinary(api, admin, 'W3.0.0');
    const expected = (
      await api.pool.query(
        `SELECT count(DISTINCT gsm_number)::int AS n FROM device WHERE device_type_id = 1 AND firmware = 'W1.4.2' AND device_status <> 3 AND enabled AND gsm_number IS NOT NULL`,
      )
    ).rows[0].n;
    expect(expected).toBeGreaterThan(5);
    const r = await insert({ fup_upload_id: bin.id, upload_type: 1, for_version: 'W1.4.2', wave_size: 5, comment: 'by version' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const refused = (await api.pool.query(`SELECT count(*)::int AS n FROM device WHERE device_type_id = 1 AND firmware = 'W1.4.2' AND (device_status = 3 OR NOT enabled OR gsm_number IS NULL)`)).rows[0].n;
    expect(r.body.model).toEqual({ id: expect.any(Number), total: expected, wave_count: Math.ceil(expected / 5), refused, refusals: expect.any(Array) });
    expect(r.body.model.refusals).toHaveLength(Math.min(refused, 100));
    const rows = (await api.pool.query('SELECT a.wave, a.status, d.firmware, d.device_type_id FROM firmware_ota_activity a JOIN device d ON d.id = a.device_id WHERE a.request_id = $1', [r.body.model.id])).rows;
    expect(rows.every((x) => x.firmware === 'W1.4.2' && x.device_type_id === 1 && x.status === 0)).toBe(true);
    expect(Math.max(...rows.map((x) => x.wave))).toBe(Math.ceil(expected / 5));
    const list = await api.get('/firmware/getRequests?page=0', admin);
    expect(list.body.model.items[0]).toMatchObject({ id: r.body.model.id, status: 0, state: 'running', upload_type: 1, for_version: 'W1.4.2', newVersion: 'W3.0.0', total: expected, wave_size: 5, counts: { processing: expected } });
    // a device in a running rollout is left out of the next one
    const again = await insert({ fup_upload_id: bin.id, upload_type: 1, for_version: 'W1.4.2' });
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toMatchObject({ field: 'upload_type', code: 'firmwareNoTargets' });
    await api.get(`/firmware/stop?id=${r.body.model.id}`, admin);
  });

  it('all: every device of the type not on the version yet; custom: the listed ones', async () => {
    const bin = await uploadBinary(api, admin, 'PB9.0.0', 3);
    const all = await insert({ fup_upload_id: bin.id, upload_type: 0 });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const n = (await api.pool.query(`SELECT count(DISTINCT gsm_number)::int AS n FROM device WHERE device_type_id = 3 AND device_status <> 3 AND enabled AND gsm_number IS NOT NULL`)).rows[0].n;
    expect(all.body.model.total).toBe(n);
    // the devices the ledger's gate refused are counted, listed and kept with the request
    const refused = (await api.pool.query(`SELECT count(*)::int AS n FROM device WHERE device_type_id = 3 AND (device_status = 3 OR NOT enabled OR gsm_number IS NULL)`)).rows[0].n;
    expect(all.body.model.refused).toBe(refused);
    expect(refused).toBeGreaterThan(0);
    expect(all.body.model.refusals[0]).toMatchObject({ reason_code: expect.stringMatching(/^sms(DeviceTerminated|DeviceDisabled|NoNumber)$/) });
    const kept = await api.pool.query(`SELECT count(*)::int AS n FROM command_refusal WHERE batch_kind = 'firmware' AND batch_id = $1`, [String(all.body.model.id)]);
    expect(kept.rows[0].n).toBe(refused);
    await api.get(`/firmware/stop?id=${all.body.model.id}`, admin);

    const ds = await targetable(api, 2, 3);
    const bin2 = await uploadBinary(api, admin, 'PA9.0.0', 2);
    // digits only are kept (§5): spaces, dashes and quotes from a CSV go
    const custom = await insert({ fup_upload_id: bin2.id, upload_type: 2, extend: [` "${ds[0]!.imei}" `, ds[1]!.imei.replace(/(\d{5})/, '$1-'), ds[2]!.imei, ds[2]!.imei] });
    expect(custom.status, JSON.stringify(custom.body)).toBe(200);
    expect(custom.body.model.total).toBe(3);
    const row = (await api.pool.query('SELECT extend FROM firmware_upload_request WHERE id = $1', [custom.body.model.id])).rows[0];
    expect([...row.extend].sort()).toEqual(ds.map((d) => d.id).sort());
    await api.get(`/firmware/stop?id=${custom.body.model.id}`, admin);
  });

  it('custom list rules: at most 100 devices (device_limit), IMEIs of real devices of the binary\'s type', async () => {
    const bin = await uploadBinary(api, admin, 'W3.1.0');
    const many = Array.from({ length: 101 }, (_, i) => String(350000000000000 + i));
    let r = await insert({ fup_upload_id: bin.id, upload_type: 2, extend: many });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ field: 'extend', code: 'deviceLimit', params: { max: 100 } });
    r = await insert({ fup_upload_id: bin.id, upload_type: 2, extend: [] });
    expect(r.body.errors[0]).toMatchObject({ field: 'extend', code: 'firmwareNoDevices' });
    r = await insert({ fup_upload_id: bin.id, upload_type: 2, extend: ['12345'] });
    expect(r.body.errors[0]).toMatchObject({ field: 'extend.0', code: 'invalidImei' });
    r = await insert({ fup_upload_id: bin.id, upload_type: 2, extend: ['359999999999999'] });
    expect(r.body.errors[0]).toMatchObject({ field: 'extend', code: 'firmwareUnknownDevices', params: { count: 1, imeis: '359999999999999' } });
    const other = await targetable(api, 3, 1);
    r = await insert({ fup_upload_id: bin.id, upload_type: 2, extend: [other[0]!.imei] });
    expect(r.body.errors[0]).toMatchObject({ field: 'extend', code: 'firmwareWrongTypeDevices' });
    r = await insert({ fup_upload_id: bin.id, upload_type: 1 });
    expect(r.body.errors[0]).toMatchObject({ field: 'for_version', code: 'required' });
    r = await insert({ fup_upload_id: bin.id, upload_type: 1, for_version: 'W3.1.0' });
    expect(r.body.errors[0]).toMatchObject({ field: 'for_version', code: 'firmwareSameVersion' });
    r = await insert({ fup_upload_id: 99999, upload_type: 0 });
    expect(r.body.errors[0]).toMatchObject({ field: 'fup_upload_id', code: 'firmwareUnknownBinary' });
    expect((await api.pool.query('SELECT count(*)::int AS n FROM firmware_upload_request WHERE fup_upload_id = $1', [bin.id])).rows[0].n).toBe(0);
  });

  it('a valid expiry in the future (statuses.expire_date), wave size and threshold in range', async () => {
    const bin = await uploadBinary(api, admin, 'W3.2.0');
    for (const expired_at of ['2020-01-01', 'tomorrow', '2026-02-30', '', new Date(Date.now() + 400 * 86_400_000).toISOString()]) {
      const r = await insert({ fup_upload_id: bin.id, upload_type: 0, expired_at });
      expect(r.status, expired_at).toBe(400);
      expect(r.body.errors[0], expired_at).toMatchObject({ field: 'expired_at', code: 'expireDate' });
    }
    const noExpiry = await api.post('/firmware/insert', { fup_upload_id: bin.id, upload_type: 0 }, admin);
    expect(noExpiry.body.errors[0]).toMatchObject({ field: 'expired_at', code: 'expireDate' });
    expect((await insert({ fup_upload_id: bin.id, upload_type: 0, wave_size: 0 })).body.errors[0]).toMatchObject({ field: 'wave_size' });
    expect((await insert({ fup_upload_id: bin.id, upload_type: 0, error_threshold: 101 })).body.errors[0]).toMatchObject({ field: 'error_threshold' });
    expect((await insert({ fup_upload_id: bin.id, upload_type: 3 })).body.errors[0]).toMatchObject({ field: 'upload_type' });
  });

  it('a FOTA command longer than an SMS (with its real download password) is refused before anything is stored', async () => {
    await api.pool.query("UPDATE ftp_server SET download_password = $1 WHERE id = 1", ['p'.repeat(100)]);
    const bin = (await api.pool.query('SELECT id FROM firmware_binary WHERE ftp_server_id = 1 AND device_type_id = 1 ORDER BY id DESC LIMIT 1')).rows[0];
    const r = await insert({ fup_upload_id: bin.id, upload_type: 0 });
    await api.pool.query("UPDATE ftp_server SET download_password = 'firmware-dl-dev' WHERE id = 1");
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ field: 'fup_upload_id', code: 'firmwareCommandTooLong' });
  });
});

describe('stop and search', () => {
  it('stop sets status 1 at once, cancels what was not notified; search finds by IMEI part and request', async () => {
    const ds = await targetable(api, 1, 4, 40);
    const bin = await uploadBinary(api, admin, 'W3.3.0');
    const r = await insert({ fup_upload_id: bin.id, upload_type: 2, extend: ds.map((d) => d.imei) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.model.id;
    const s = await api.get(`/firmware/stop?id=${id}`, admin);
    expect(s.status).toBe(200);
    expect(s.body.model).toMatchObject({ id, status: 1, state: 'stopped', counts: { cancelled: 4, processing: 0 } });
    expect((await api.get(`/firmware/stop?id=${id}`, admin)).body.model).toMatchObject({ status: 1, state: 'stopped' });
    expect((await api.get('/firmware/stop?id=999999', admin)).status).toBe(404);
    const part = ds[0]!.imei.slice(3, 10);
    const found = await api.get(`/firmware/search?query=${part}&request_id=${id}&page=0&count=20`, admin);
    expect(found.status).toBe(200);
    expect(found.body.model.items).toEqual([expect.objectContaining({ request_id: id, imei: ds[0]!.imei, status: 4, error: expect.objectContaining({ code: 'firmwareRequestEnded' }) })]);
    const all = await api.get(`/firmware/search?request_id=${id}`, admin);
    expect(all.body.model).toMatchObject({ total_pages: 1, page: 0 });
    expect(all.body.model.items).toHaveLength(4);
    expect((await api.get('/firmware/search?query=abc', admin)).body.errors[0]).toMatchObject({ field: 'query' });
    // no SMS was stored for a request stopped before its first wave
    expect((await api.pool.query("SELECT count(*)::int AS n FROM sms_message WHERE command_key = $1", [`FOTA_${id}`])).rows[0].n).toBe(0);
  });
});
