import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { reasonText, storedReason, type ReasonParams, type RoleId } from '@tracker/contract';
import { apiForFile, type TestApi, userOfRole } from './harness.js';

// The per-device outcome lists of a command batch and their CSVs (docs/sms.md "Outcomes", docs/firmware-modem.md
// "Outcomes"): a campaign's devices, a firmware request's devices, the modem updates' devices. The states are built
// by inserting rows directly (a campaign with retries, an expired message, refusals; a rollout's activity; modem
// processes and refusals), so each list is checked against rows whose outcome is known.
let api: TestApi;
let admin: string;
apiForFile(['admin'], (started, [token]) => ([api, admin] = [started, token]));

type Row = Record<string, unknown>;
const text = (code: string | null, params: ReasonParams | null) => {
  if (!code) return null;
  const r = storedReason(code, params);
  return reasonText(r.code, r.params);
};

/** RFC 4180 lines as arrays of cells (quotes undone), without the final empty line. */
function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && csv[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** A CSV as objects by header (a phone number is its E.164 text as it is). */
function csvObjects(csv: string): Record<string, string>[] {
  const [header, ...lines] = parseCsv(csv);
  return lines.map((l) => Object.fromEntries(header!.map((h, i) => [h, l[i] ?? ''])));
}

async function download(kind: string, hash: string, token = admin) {
  const res = await fetch(`${api.base}/api/csv/${kind}?hash=${hash}`, { headers: { authorization: `Bearer ${token}`, 'request-origin': 'console' } });
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), text: await res.text() };
}

/** Every page of a list (`count` a page), checking that each page says the same total. */
async function allPages(path: string, count: number): Promise<{ items: Row[]; total: number; pages: number }> {
  const first = await api.get(`${path}&page=0&count=${count}`, admin);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const { total, total_pages } = first.body.model;
  const items: Row[] = [...first.body.model.items];
  for (let p = 1; p < total_pages; p++) {
    const r = await api.get(`${path}&page=${p}&count=${count}`, admin);
    expect(r.status).toBe(200);
    expect(r.body.model.total).toBe(total);
    items.push(...r.body.model.items);
  }
  // a page past the end is empty, with the same total
  const past = await api.get(`${path}&page=${total_pages + 1}&count=${count}`, admin);
  expect(past.body.model).toMatchObject({ items: [], total, total_pages });
  return { items, total, pages: total_pages };
}

// ---------------------------------------------------------------------------------------------- campaign

describe('a campaign, device by device (GET /sms/campaign/devices, /csv/sms_campaign)', () => {
  const bulk = randomUUID();
  let d: number[] = [];
  const by = (items: Row[]) => new Map(items.map((i) => [i.device_id as number, i]));

  beforeAll(async () => {
    d = (await api.pool.query<{ id: number }>('SELECT id FROM device WHERE device_type_id = 1 AND gsm_number IS NOT NULL ORDER BY id LIMIT 12')).rows.map((r) => r.id);
    await api.pool.query(
      `INSERT INTO sms_campaign (bulk_id, command_key, message, device_type_id, created_by, total, refused) VALUES ($1, 'STATUS', 'STATUS#', 1, 1, 10, 2)`,
      [bulk],
    );
    const msg = async (device: number, status: number, code: string | null = null, params: object | null = null, retryOf: number | null = null) =>
      Number(
        (
          await api.pool.query<{ id: string }>(
            `INSERT INTO sms_message (command_key, message, device_id, gsm_number, direction, status, bulk_id, created_by, error_code, error_params, retry_of,
               sent_at, received_at)
             SELECT 'STATUS', 'STATUS#', id, gsm_number, 'OUTBOUND', $2, $3, 1, $4, $5::jsonb, $6,
               CASE WHEN $2 IN (1, 2) THEN now() END, CASE WHEN $2 = 2 THEN now() END FROM device WHERE id = $1 RETURNING id`,
            [device, status, bulk, code, params && JSON.stringify(params), retryOf],
          )
        ).rows[0]!.id,
      );
    const reply = (to: number, device: number, body: string) =>
      api.pool.query(
        `INSERT INTO sms_message (command_key, message, device_id, gsm_number, direction, status, reply_to, kind)
         SELECT 'STATUS', $3, id, gsm_number, 'INBOUND', 2, $1, 'reply' FROM device WHERE id = $2`,
        [to, device, body],
      );
    // 0 received with a reply; 1 undelivered; 2 expired (never sent); 3 sent; 4 created
    await reply(await msg(d[0]!, 2), d[0]!, 'STATUS:BAT=80');
    await msg(d[1]!, 3, 'smsUndelivered', { status: 'undelivered', code: 30003 });
    await msg(d[2]!, 4, 'smsExpired', { minutes: 60 });
    await msg(d[3]!, 1);
    await msg(d[4]!, 0);
    // 5: busy, sent again, received the second time; 6: busy, then refused by the watch
    const first5 = await msg(d[5]!, 3, 'smsRetried', { reason: 'BUSY', next: 0 });
    await reply(first5, d[5]!, 'STATUS:ERR,BUSY');
    await reply(await msg(d[5]!, 2, null, null, first5), d[5]!, 'STATUS:BAT=55');
    const first6 = await msg(d[6]!, 3, 'smsRetried', { reason: 'BUSY', next: 0 });
    await msg(d[6]!, 3, 'smsDeviceRefused', { reason: 'LOW_BATTERY' }, first6);
    // 7-9 received, without a reply
    for (const i of [7, 8, 9]) await msg(d[i]!, 2);
    // 10, 11 refused by the ledger before anything was stored
    await api.pool.query(
      `INSERT INTO command_refusal (batch_kind, batch_id, device_id, named_as, reason_code) VALUES ('campaign', $1, $2, NULL, 'smsDeviceTerminated'), ('campaign', $1, $3, NULL, 'smsNoNumber')`,
      [bulk, d[10], d[11]],
    );
    // another campaign's refusal and a message of no campaign are no part of it
    await api.pool.query(`INSERT INTO command_refusal (batch_kind, batch_id, device_id, reason_code) VALUES ('campaign', $1, $2, 'smsDeviceDisabled')`, [randomUUID(), d[0]]);
  });

  const list = (state: string, count = 25, page = 0) => api.get(`/sms/campaign/devices?bulk_id=${bulk}&state=${state}&page=${page}&count=${count}`, admin);

  it("lists each device once, at its latest message, with the reason, the reply and the attempts, and the refused ones", async () => {
    const r = await list('all');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.model).toMatchObject({ total: 12, total_pages: 1, page: 0, more: false });
    const items = r.body.model.items as Row[];
    expect(items.map((i) => i.device_id)).toEqual([...d].sort((a, b) => a - b));
    const m = by(items);
    expect(m.get(d[0]!)).toMatchObject({ outcome: 'received', status: 2, attempts: 1, reply: 'STATUS:BAT=80', error: null, error_code: null });
    expect(m.get(d[1]!)).toMatchObject({
      outcome: 'error',
      status: 3,
      error_code: 'smsUndelivered',
      error_params: { status: 'undelivered', code: 30003 },
      error: 'The gateway reports undelivered (error 30003)',
      reply: null,
    });
    expect(m.get(d[2]!)).toMatchObject({ outcome: 'expired', status: 4, error_code: 'smsExpired', error: 'Not sent within its time to live of 60 minutes', sent_at: null });
    expect(m.get(d[3]!)).toMatchObject({ outcome: 'sent', status: 1 });
    expect(m.get(d[4]!)).toMatchObject({ outcome: 'created', status: 0 });
    // the retried device: its second message, two attempts, the reply to the second (not the BUSY of the first)
    expect(m.get(d[5]!)).toMatchObject({ outcome: 'received', attempts: 2, reply: 'STATUS:BAT=55', error_code: null });
    expect(m.get(d[6]!)).toMatchObject({ outcome: 'error', attempts: 2, error_code: 'smsDeviceRefused', error: 'The device refused: LOW_BATTERY' });
    expect(m.get(d[10]!)).toMatchObject({ outcome: 'refused', status: null, sms_id: null, attempts: 0, error_code: 'smsDeviceTerminated', error: 'The device is terminated' });
    expect(m.get(d[11]!)).toMatchObject({ outcome: 'refused', error_code: 'smsNoNumber' });
    expect(m.get(d[10]!)!.imei).toMatch(/^\d{15}$/);
    expect(m.get(d[0]!)!.gsm_number).toMatch(/^\+\d+$/);
  });

  it('filters by state: failed first (error, expired, refused), pending, done, expired, refused', async () => {
    const ids = async (state: string) => ((await list(state)).body.model.items as Row[]).map((i) => i.device_id);
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    expect(await ids('failed')).toEqual(sorted([d[1]!, d[2]!, d[6]!, d[10]!, d[11]!]));
    expect(await ids('pending')).toEqual(sorted([d[3]!, d[4]!]));
    expect(await ids('done')).toEqual(sorted([d[0]!, d[5]!, d[7]!, d[8]!, d[9]!]));
    expect(await ids('expired')).toEqual([d[2]]);
    expect(await ids('refused')).toEqual(sorted([d[10]!, d[11]!]));
    expect((await list('failed')).body.model.total).toBe(5);
  });

  it('pages without losing or repeating a device', async () => {
    for (const count of [1, 5, 7]) {
      const { items, total, pages } = await allPages(`/sms/campaign/devices?bulk_id=${bulk}&state=all`, count);
      expect(total).toBe(12);
      expect(pages).toBe(Math.ceil(12 / count));
      const ids = items.map((i) => i.device_id);
      expect(new Set(ids).size).toBe(12);
      expect(ids).toEqual([...d].sort((a, b) => a - b));
    }
  });

  it('writes the list as CSV through the export store (hash, then download), audited', async () => {
    for (const state of ['all', 'failed']) {
      const gen = await api.get(`/csv/generate/sms_campaign?bulk_id=${bulk}&state=${state}`, admin);
      expect(gen.status, JSON.stringify(gen.body)).toBe(200);
      const csv = await download('sms_campaign', gen.body.model.hash);
      expect(csv.status).toBe(200);
      expect(csv.type).toMatch(/^text\/csv/);
      expect(csv.disposition).toContain(`sms_campaign_${bulk.slice(0, 8)}_${state}.csv`);
      expect(csv.text.split('\r\n')[0]).toBe(
        'device_id,imei,gsm_number,named_as,outcome,attempts,sms_id,created (UTC),sent (UTC),received (UTC),reason_code,reason,reply,reply (UTC)',
      );
      const rows = csvObjects(csv.text);
      const { items } = await allPages(`/sms/campaign/devices?bulk_id=${bulk}&state=${state}`, 100);
      expect(
        rows.map((x) => [Number(x.device_id), x.imei, x.gsm_number, x.outcome, Number(x.attempts), x.sms_id ? Number(x.sms_id) : null, x.reason_code || null, x.reason || null, x.reply || null]),
      ).toEqual(items.map((i) => [i.device_id, i.imei, i.gsm_number, i.outcome, i.attempts, i.sms_id, i.error_code, i.error, i.reply]));
      expect(rows.map((x) => x['created (UTC)'])).toEqual(items.map((i) => String(i.created).slice(0, 19).replace('T', ' ')));
    }
    const audit = await api.pool.query(`SELECT action FROM audit_event WHERE action LIKE 'GET /csv/%sms_campaign%' ORDER BY id`);
    expect(audit.rows.map((r) => r.action)).toEqual([
      'GET /csv/generate/sms_campaign',
      'GET /csv/sms_campaign',
      'GET /csv/generate/sms_campaign',
      'GET /csv/sms_campaign',
    ]);
  });

  it('answers 404 for an unknown campaign, 400 for a bad state; a hash only to its owner', async () => {
    const unknown = await api.get(`/sms/campaign/devices?bulk_id=${randomUUID()}`, admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors?.[0]).toMatchObject({ field: 'bulk_id', code: 'smsUnknownCampaign' });
    const bad = await list('broken');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'state', code: 'notOneOf' });
    const hash = (await api.get(`/csv/generate/sms_campaign?bulk_id=${bulk}&state=all`, admin)).body.model.hash;
    const tier1 = await api.signIn(userOfRole(9).username);
    expect((await download('sms_campaign', hash, tier1)).status).toBe(403);
    await api.pool.query(`UPDATE csv_export SET created_by = (SELECT id FROM backoffice_user WHERE username = 'tier1') WHERE hash = $1`, [hash]);
    expect((await download('sms_campaign', hash)).status).toBe(404);
  });

  it("refuses a campaign of another device type: partners at the door, a user limited to other types by the campaign's type", async () => {
    // the campaign is of type 1: partner A (type 2) and partner B (type 3) never reach it
    for (const role of ([12, 13, 14, 15] as RoleId[]).map(userOfRole)) {
      const token = await api.signIn(role.username);
      for (const path of [`/sms/campaign/devices?bulk_id=${bulk}`, `/csv/generate/sms_campaign?bulk_id=${bulk}`]) {
        const r = await api.get(path, token);
        expect(r.status, `${role.username} ${path}`).toBe(403);
      }
    }
    // a user of the sms area limited to type 2 is refused the type-1 campaign as GET /sms/campaign refuses it (a new
    // session: a session's scope is read when it is looked up, and kept for a while)
    await api.pool.query(`UPDATE backoffice_user SET types = '{2}' WHERE username = 'admin'`);
    try {
      const limited = await api.signIn('admin');
      const hash = randomUUID().replace(/-/g, '');
      for (const path of [`/sms/campaign`, `/sms/campaign/devices`, `/csv/generate/sms_campaign`]) {
        const r = await api.get(`${path}?bulk_id=${bulk}`, limited);
        expect(r.status, path).toBe(403);
      }
      // a hash made before the limit is refused too
      await api.pool.query(
        `INSERT INTO csv_export (hash, kind, params, created_by, expires_at) VALUES ($1, 'sms_campaign', $2, (SELECT id FROM backoffice_user WHERE username = 'admin'), now() + interval '1 hour')`,
        [hash, JSON.stringify({ bulk_id: bulk, state: 'all' })],
      );
      expect((await download('sms_campaign', hash, limited)).status).toBe(403);
    } finally {
      await api.pool.query(`UPDATE backoffice_user SET types = '{-1}' WHERE username = 'admin'`);
    }
    expect((await list('all')).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------- firmware

describe("a firmware request's devices (GET /firmware/devices, /csv/firmware_devices)", () => {
  let requestId = 0;
  let d: { id: number; imei: string }[] = [];

  beforeAll(async () => {
    d = (await api.pool.query<{ id: number; imei: string }>('SELECT id, imei FROM device WHERE device_type_id = 1 AND gsm_number IS NOT NULL ORDER BY id DESC LIMIT 8')).rows.reverse();
    requestId = (
      await api.pool.query<{ id: number }>(
        `INSERT INTO firmware_upload_request (status, state, fup_upload_id, upload_type, expired_at, total, wave_count, current_wave)
         VALUES (0, 'running', 2, 0, now() + interval '1 day', 6, 1, 1) RETURNING id`,
      )
    ).rows[0]!.id;
    const act = (i: number, status: number, code: string | null = null, params: object | null = null) =>
      api.pool.query(
        `INSERT INTO firmware_ota_activity (request_id, device_id, imei, status, from_version, to_version, progress, wave, notified_at, error_code, error_params)
         VALUES ($1, $2, $3, $4, 'W1.4.2', 'W1.5.0', CASE WHEN $4 = 2 THEN 100 ELSE 0 END, 1, now(), $5, $6::jsonb)`,
        [requestId, d[i]!.id, d[i]!.imei, status, code, params && JSON.stringify(params)],
      );
    await act(0, 0);
    await act(1, 1);
    await act(2, 2);
    await act(3, 3, 'firmwareDeviceError', { reason: 'CHECKSUM' });
    await act(4, 3, 'firmwareTimeout', { minutes: 30 });
    await act(5, 4, 'firmwareRequestEnded');
    // refused by the ledger: a known device, and an IMEI of the custom list no device has
    await api.pool.query(
      `INSERT INTO command_refusal (batch_kind, batch_id, device_id, named_as, reason_code) VALUES ('firmware', $1::text, $2, $3, 'smsDeviceDisabled'), ('firmware', $1::text, NULL, '359999999999990', 'invalidImei')`,
      [requestId, d[6]!.id, d[6]!.imei],
    );
  });

  const list = (state: string, count = 25) => api.get(`/firmware/devices?request_id=${requestId}&state=${state}&page=0&count=${count}`, admin);

  it('lists every device with its status and coded reason, and the refused ones (an unnamed IMEI last)', async () => {
    const r = await list('all');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.model.total).toBe(8);
    const items = r.body.model.items as Row[];
    expect(items.map((i) => i.device_id)).toEqual([...d.slice(0, 7).map((x) => x.id), null]);
    expect(items.map((i) => i.outcome)).toEqual(['processing', 'downloading', 'finished', 'failed', 'failed', 'cancelled', 'refused', 'refused']);
    expect(items[3]).toMatchObject({ status: 3, error: { code: 'firmwareDeviceError', params: { reason: 'CHECKSUM' }, message: text('firmwareDeviceError', { reason: 'CHECKSUM' }) } });
    expect(items[4]!.error).toMatchObject({ code: 'firmwareTimeout', message: 'No report from the device within 30 minutes of the command' });
    expect(items[6]).toMatchObject({ imei: d[6]!.imei, status: null, wave: null, error: { code: 'smsDeviceDisabled' } });
    expect(items[7]).toMatchObject({ imei: null, named_as: '359999999999990', error: { code: 'invalidImei' } });
  });

  it('filters by state and pages without loss or repeat; 404 for an unknown request', async () => {
    const outcomes = async (state: string) => ((await list(state)).body.model.items as Row[]).map((i) => i.outcome);
    expect(await outcomes('failed')).toEqual(['failed', 'failed', 'cancelled', 'refused', 'refused']);
    expect(await outcomes('pending')).toEqual(['processing', 'downloading']);
    expect(await outcomes('done')).toEqual(['finished']);
    expect(await outcomes('cancelled')).toEqual(['cancelled']);
    expect(await outcomes('refused')).toEqual(['refused', 'refused']);
    const paged = await allPages(`/firmware/devices?request_id=${requestId}&state=all`, 3);
    expect(paged.pages).toBe(3);
    expect(paged.items).toEqual((await list('all')).body.model.items);
    expect((await api.get('/firmware/devices?request_id=999999', admin)).status).toBe(404);
    expect((await api.get('/csv/generate/firmware_devices?request_id=999999', admin)).status).toBe(404);
  });

  it('writes the list as CSV, the same rows and reasons', async () => {
    for (const state of ['all', 'failed']) {
      const gen = await api.get(`/csv/generate/firmware_devices?request_id=${requestId}&state=${state}`, admin);
      expect(gen.status).toBe(200);
      const csv = await download('firmware_devices', gen.body.model.hash);
      expect(csv.status).toBe(200);
      expect(csv.disposition).toContain(`firmware_request_${requestId}_${state}.csv`);
      const rows = csvObjects(csv.text);
      const items = (await list(state, 100)).body.model.items as Row[];
      expect(rows.map((x) => [x.device_id ? Number(x.device_id) : null, x.imei || null, x.named_as || null, x.outcome, x.reason_code || null, x.reason || null])).toEqual(
        items.map((i) => [i.device_id, i.imei, i.named_as, i.outcome, (i.error as Row | null)?.code ?? null, (i.error as Row | null)?.message ?? null]),
      );
    }
  });
});

// ---------------------------------------------------------------------------------------------- modem

describe('the modem updates, device by device (GET /modem/devices, /csv/modem_devices)', () => {
  let devices: { id: number; imei: string }[] = [];

  beforeAll(async () => {
    devices = (
      await api.pool.query<{ id: number; imei: string }>(
        `SELECT id, imei FROM device d WHERE gsm_number IS NOT NULL AND NOT EXISTS (SELECT 1 FROM modem_update_task t WHERE t.device_id = d.id) ORDER BY id LIMIT 3`,
      )
    ).rows;
    const [a, b, c] = devices as [{ id: number; imei: string }, { id: number; imei: string }, { id: number; imei: string }];
    const proc = (dev: { id: number; imei: string }, status: string, started: string, code: string | null = null) =>
      api.pool.query(
        `INSERT INTO modem_update_task (device_id, imei, profile, task_id, task_count, status, errors, error_code, started, step_started_at, deadline_at, finished_at)
         VALUES ($1, $2, 'standard', 3, 11, $3::modem_update_status, 1, $4, $5::timestamptz, $5::timestamptz, $5::timestamptz + interval '10 days',
           CASE WHEN $3 = 'RUNNING' THEN NULL ELSE $5::timestamptz + interval '1 hour' END)`,
        [dev.id, dev.imei, status, code, started],
      );
    const refuse = (dev: { id: number; imei: string } | null, created: string, code: string, namedAs?: string) =>
      api.pool.query(`INSERT INTO command_refusal (batch_kind, batch_id, device_id, named_as, reason_code, created) VALUES ('modem', '1', $1, $2, $3, $4)`, [
        dev?.id ?? null,
        namedAs ?? dev?.imei ?? null,
        code,
        created,
      ]);
    // a: running; b: failed, then refused (the refusal is its latest outcome); c: refused, then started again (running)
    await proc(a, 'RUNNING', '2026-11-27T10:00:00Z', 'modemTimeout');
    await proc(b, 'FAILED', '2026-11-26T10:00:00Z', 'modemDeadline');
    await refuse(b, '2026-11-27T11:00:00Z', 'smsDeviceTerminated');
    await refuse(c, '2026-11-26T09:00:00Z', 'smsDeviceDisabled');
    await proc(c, 'RUNNING', '2026-11-27T12:00:00Z');
    // an IMEI no device has, refused twice: once in the list
    await refuse(null, '2026-11-26T09:00:00Z', 'modemNoNumber', '359999999999991');
    await refuse(null, '2026-11-27T09:00:00Z', 'smsNoNumber', '359999999999991');
  });

  const list = (state: string, count = 100) => api.get(`/modem/devices?state=${state}&page=0&count=${count}`, admin);

  it("lists each device's latest outcome: its latest process, or a refusal that came after it", async () => {
    const r = await list('all');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const items = r.body.model.items as Row[];
    // the seed's 8 processes (ids 1-8, one device each), a, b (refused), c (running), the unknown IMEI
    expect(r.body.model.total).toBe(12);
    const imeis = items.map((i) => i.imei as string);
    expect(imeis).toEqual([...imeis].sort());
    const of = (imei: string) => items.filter((i) => i.imei === imei);
    const [a, b, c] = devices as [{ id: number; imei: string }, { id: number; imei: string }, { id: number; imei: string }];
    expect(of(a.imei)).toHaveLength(1);
    expect(of(a.imei)[0]).toMatchObject({ outcome: 'running', device_id: a.id, process: { status: 'RUNNING', task: 'checkStartSsp' }, reason: { code: 'modemTimeout' } });
    expect(of(b.imei)).toEqual([
      { imei: b.imei, device_id: b.id, outcome: 'refused', process: null, reason: { code: 'smsDeviceTerminated', text: 'The device is terminated' }, at: '2026-11-27T11:00:00.000Z' },
    ]);
    expect(of(c.imei)).toHaveLength(1);
    expect(of(c.imei)[0]).toMatchObject({ outcome: 'running', reason: null });
    expect(of('359999999999991')).toEqual([
      { imei: '359999999999991', device_id: null, outcome: 'refused', process: null, reason: { code: 'smsNoNumber', text: 'The device has no GSM number' }, at: '2026-11-27T09:00:00.000Z' },
    ]);
  });

  it('filters by state (failed: failed, stopped, refused) and pages without loss or repeat', async () => {
    const outcomes = async (state: string) => ((await list(state)).body.model.items as Row[]).map((i) => i.outcome).sort();
    // the seed: 4 done, 2 failed, 2 stopped
    expect(await outcomes('failed')).toEqual(['failed', 'failed', 'refused', 'refused', 'stopped', 'stopped']);
    expect(await outcomes('pending')).toEqual(['running', 'running']);
    expect(await outcomes('done')).toEqual(['done', 'done', 'done', 'done']);
    expect(await outcomes('stopped')).toEqual(['stopped', 'stopped']);
    expect(await outcomes('refused')).toEqual(['refused', 'refused']);
    const paged = await allPages('/modem/devices?state=all', 5);
    expect(paged.pages).toBe(3);
    expect(paged.items).toEqual((await list('all')).body.model.items);
    const failed = (await list('failed')).body.model.items as Row[];
    for (const i of failed) expect(i.reason, String(i.imei)).not.toBeNull();
  });

  it('writes the list as CSV, the same rows and reasons', async () => {
    for (const state of ['all', 'failed']) {
      const gen = await api.get(`/csv/generate/modem_devices?state=${state}`, admin);
      expect(gen.status).toBe(200);
      const csv = await download('modem_devices', gen.body.model.hash);
      expect(csv.status).toBe(200);
      expect(csv.disposition).toMatch(new RegExp(`modem_devices_${state}_\\d{4}-\\d{2}-\\d{2}\\.csv`));
      const rows = csvObjects(csv.text);
      const items = (await list(state)).body.model.items as Row[];
      expect(rows.map((x) => [x.imei, x.device_id ? Number(x.device_id) : null, x.outcome, x.modem_id ? Number(x.modem_id) : null, x.task || null, x.reason_code || null, x.reason || null])).toEqual(
        items.map((i) => {
          const p = i.process as Row | null;
          const why = i.reason as Row | null;
          return [i.imei, i.device_id, i.outcome, p?.modem_id ?? null, p?.task ?? null, why?.code ?? null, why?.text ?? null];
        }),
      );
      expect(rows.map((x) => x['since (UTC)'])).toEqual(items.map((i) => String(i.at).slice(0, 19).replace('T', ' ')));
    }
  });
});
