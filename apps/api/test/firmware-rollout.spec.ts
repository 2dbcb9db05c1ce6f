import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmsWorld, type SmsWorld } from './sms-helpers.js';
import { activity, future, requestRow, targetable, uploadBinary } from './firmware-helpers.js';
import { eventually } from './harness.js';

// Rollouts that really run (docs/firmware-modem.md "Firmware"): the worker notifies the devices in waves by SMS
// through the pipeline, fleet-sim's watches download the binary from its FTP server, check it and report by SMS.
let w: SmsWorld;
let admin: string;
beforeAll(async () => {
  w = await startSmsWorld({ sim: { latencyMs: { min: 0, max: 10 } } });
  admin = await w.api.signIn('admin');
});
afterAll(() => w?.close());

const insert = (body: Record<string, unknown>) => w.api.post('/firmware/insert', { expired_at: future(), ...body }, admin);
const request = async (id: number) => (await w.api.get('/firmware/getRequests?page=0&count=100', admin)).body.model.items.find((r: { id: number }) => r.id === id);
/** the FOTA commands a watch received (the worker also sends the seed's waiting messages) */
const fota = (gsm: string) => w.sim.control.messages(gsm).filter((m) => m.body.startsWith('FOTA,'));
const outbound = async (id: number) =>
  (await w.api.pool.query("SELECT status, error_code FROM sms_message WHERE command_key = $1 AND direction = 'OUTBOUND'", [`FOTA_${id}`])).rows as { status: number; error_code: string | null }[];
let offset = 0;
/** devices no other test of this file uses */
const devices = async (n: number, type = 1) => {
  const ds = await targetable(w.api, type, n, offset);
  offset += n;
  return ds;
};

describe('a rollout in waves', () => {
  it('every watch downloads and verifies the binary; activity 0 -> 1 -> 2, firmware updated, waves one after the other', async () => {
    const ds = await devices(5);
    const bin = await uploadBinary(w.api, admin, 'W5.0.0', 1, 300_000);
    const r = await insert({ fup_upload_id: bin.id, upload_type: 2, extend: ds.map((d) => d.imei), wave_size: 2, error_threshold: 0 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.model.id;
    expect(r.body.model).toMatchObject({ total: 5, wave_count: 3 });
    const done = await eventually(async () => {
      const q = await request(id);
      return q.status === 1 ? q : null;
    }, { what: 'request finished', deadline: 120_000 });
    expect(done).toMatchObject({ state: 'finished', current_wave: 3, counts: { finished: 5, failed: 0, processing: 0, downloading: 0 }, halt: null });
    const rows = await activity(w.api, id);
    expect(rows.map((a) => a.status)).toEqual([2, 2, 2, 2, 2]);
    const fw = (await w.api.pool.query('SELECT firmware FROM device WHERE id = ANY($1) ', [ds.map((d) => d.id)])).rows;
    expect(fw.every((d) => d.firmware === 'W5.0.0')).toBe(true);
    // the FOTA command: FTP location with the read-only download login, version and checksum; each watch got it once
    // and reported downloading, then OK
    for (const d of ds) {
      const got = fota(d.gsm);
      expect(got).toHaveLength(1);
      expect(got[0]!.body).toBe(`FOTA,${id},W5.0.0,127.0.0.1:${w.sim.ftp.port},firmware-dl,firmware-dl-dev,${bin.path},300000,${bin.sha256}#`);
      expect(got[0]!.replies.map((x) => x.body)).toEqual([`FOTA:DOWNLOADING,${id}`, `FOTA:OK,${id},W5.0.0`]);
    }
    // the ledger keeps the text with the password masked: the gateway alone got it (docs/sms.md "Secrets")
    const stored = (await w.api.pool.query("SELECT DISTINCT message, secret_ref FROM sms_message WHERE command_key = $1 AND direction = 'OUTBOUND'", [`FOTA_${id}`])).rows;
    expect(stored).toEqual([{ message: `FOTA,${id},W5.0.0,127.0.0.1:${w.sim.ftp.port},firmware-dl,******,${bin.path},300000,${bin.sha256}#`, secret_ref: 'ftp_download:1' }]);
    // a wave started only once the one before was over
    const times = (await w.api.pool.query('SELECT wave, min(notified_at) AS first, max(finished_at) AS last FROM firmware_ota_activity WHERE request_id = $1 GROUP BY wave ORDER BY wave', [id])).rows;
    expect(times).toHaveLength(3);
    for (let i = 1; i < times.length; i++) expect(new Date(times[i].first).getTime()).toBeGreaterThanOrEqual(new Date(times[i - 1].last).getTime());
    // the activity search shows them
    const found = await w.api.get(`/firmware/search?request_id=${id}`, admin);
    expect(found.body.model.items.map((a: { status: number; progress: number }) => [a.status, a.progress])).toEqual(Array(5).fill([2, 100]));
  }, 180_000);

  it('halts itself when the failed share of a wave passes its threshold, says why, and sends nothing more', async () => {
    const ds = await devices(6);
    const bin = await uploadBinary(w.api, admin, 'W5.1.0');
    w.sim.control.configure({ fotaCorruptRate: 1 });
    try {
      const r = await insert({ fup_upload_id: bin.id, upload_type: 2, extend: ds.map((d) => d.imei), wave_size: 3, error_threshold: 50 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const id = r.body.model.id;
      const halted = await eventually(async () => {
        const q = await request(id);
        return q.status === 1 ? q : null;
      }, { what: 'request halted', deadline: 120_000 });
      expect(halted).toMatchObject({ state: 'halted', current_wave: 1, halt: { code: 'firmwareHalted', params: { wave: 1, size: 3, threshold: 50 } } });
      expect(halted.halt.params.failed).toBeGreaterThan(1);
      expect(halted.halt.message).toMatch(/^Halted: \d of 3 devices of wave 1 failed, more than the threshold of 50 %$/);
      const rows = await activity(w.api, id);
      expect(rows.filter((a) => a.wave === 2).map((a) => a.status)).toEqual([4, 4, 4]);
      expect(rows.filter((a) => a.status === 3).every((a) => a.error_code === 'firmwareDeviceError' && a.error_params?.reason === 'CHECKSUM')).toBe(true);
      // wave 2 never got its command
      const wave2 = ds.filter((d) => rows.find((a) => a.device_id === d.id)!.wave === 2);
      for (const d of wave2) expect(fota(d.gsm)).toHaveLength(0);
      expect(await outbound(id)).toHaveLength(3);
    } finally {
      w.sim.control.configure({ fotaCorruptRate: 0 });
    }
  }, 180_000);

  it('a device that never reports fails after its timeout (from Postgres timestamps); the rollout then goes on', async () => {
    const ds = await devices(2);
    const bin = await uploadBinary(w.api, admin, 'W5.2.0');
    w.sim.control.configure({ fotaStallRate: 1 });
    try {
      const r = await insert({ fup_upload_id: bin.id, upload_type: 2, extend: ds.map((d) => d.imei), wave_size: 1, error_threshold: 100, timeout_minutes: 5 });
      const id = r.body.model.id;
      await eventually(async () => (await activity(w.api, id)).some((a) => a.status === 1), { what: 'downloading', deadline: 60_000 });
      // time passes: the command went out 6 minutes ago
      await w.api.pool.query("UPDATE firmware_ota_activity SET sent_at = now() - interval '6 minutes' WHERE request_id = $1 AND status = 1", [id]);
      await eventually(async () => (await activity(w.api, id)).find((a) => a.wave === 1)!.status === 3, { what: 'timed out', deadline: 60_000 });
      const first = (await activity(w.api, id)).find((a) => a.wave === 1)!;
      expect(first).toMatchObject({ error_code: 'firmwareTimeout', error_params: { minutes: 5 } });
      // wave 2 started; it stalls too, and times out the same way
      await eventually(async () => (await activity(w.api, id)).find((a) => a.wave === 2)!.status === 1, { what: 'wave 2 downloading', deadline: 60_000 });
      await w.api.pool.query("UPDATE firmware_ota_activity SET sent_at = now() - interval '6 minutes' WHERE request_id = $1 AND status = 1", [id]);
      const q = await eventually(async () => ((await request(id)).status === 1 ? request(id) : null), { what: 'finished', deadline: 60_000 });
      expect(q).toMatchObject({ state: 'finished', counts: { failed: 2 } });
    } finally {
      w.sim.control.configure({ fotaStallRate: 0 });
    }
  }, 180_000);

  it('a final report lost on the way is asked for again once, half the timeout after the command went out', async () => {
    const ds = await devices(2);
    const bin = await uploadBinary(w.api, admin, 'W5.5.0');
    w.sim.control.configure({ fotaReportLossRate: 1 });
    try {
      const r = await insert({ fup_upload_id: bin.id, upload_type: 2, extend: ds.map((d) => d.imei), wave_size: 2, error_threshold: 0, timeout_minutes: 10 });
      const id = r.body.model.id;
      await eventually(async () => (await activity(w.api, id)).every((a) => a.status === 1), { what: 'downloading', deadline: 60_000 });
      await eventually(() => w.sim.control.firmware().OK! >= 2, { what: 'both downloaded', deadline: 60_000 });
      // six minutes pass: more than half the timeout, less than all of it
      await w.api.pool.query("UPDATE firmware_ota_activity SET sent_at = now() - interval '6 minutes' WHERE request_id = $1", [id]);
      const q = await eventually(async () => ((await request(id)).status === 1 ? request(id) : null), { what: 'finished', deadline: 60_000 });
      expect(q).toMatchObject({ state: 'finished', counts: { finished: 2, failed: 0 } });
      for (const d of ds) {
        const asked = w.sim.control.messages(d.gsm).filter((m) => m.body === `FOTA?,${id}#`);
        expect(asked, d.gsm).toHaveLength(1);
        expect(asked[0]!.replies.map((x) => x.body)).toEqual([`FOTA:OK,${id},W5.5.0`]);
        expect(fota(d.gsm)).toHaveLength(1);
      }
    } finally {
      w.sim.control.configure({ fotaReportLossRate: 0 });
    }
  }, 180_000);

  it('expiry ends a request: what was not notified is cancelled', async () => {
    const ds = await devices(4);
    const bin = await uploadBinary(w.api, admin, 'W5.3.0');
    w.sim.control.configure({ fotaStallRate: 1 });
    try {
      const r = await insert({ fup_upload_id: bin.id, upload_type: 2, extend: ds.map((d) => d.imei), wave_size: 2, error_threshold: 100 });
      const id = r.body.model.id;
      await eventually(async () => (await activity(w.api, id)).filter((a) => a.status === 1).length === 2, { what: 'wave 1 downloading', deadline: 60_000 });
      await w.api.pool.query("UPDATE firmware_upload_request SET expired_at = now() - interval '1 second' WHERE id = $1", [id]);
      const q = await eventually(async () => ((await request(id)).status === 1 ? request(id) : null), { what: 'expired', deadline: 60_000 });
      expect(q).toMatchObject({ state: 'expired', counts: { cancelled: 2, downloading: 2 } });
      expect((await requestRow(w.api, id)).ended_at).not.toBeNull();
    } finally {
      w.sim.control.configure({ fotaStallRate: 0 });
    }
  }, 180_000);

  it('stop ends it at once: commands not yet sent are called off and never reach a watch', async () => {
    const ds = await devices(60);
    const bin = await uploadBinary(w.api, admin, 'W5.4.0');
    // a slow gateway: a worker claims 32 at a time and sends 16 at once, each send answered after 3 s, so the rest of
    // the wave waits when the stop comes (the stop follows the first claim; under load it may come seconds later,
    // and only a stop after more than 3 sends of 16 would leave fewer than 11 commands to call off)
    w.sim.control.configure({ slowMs: 3000 });
    try {
      const r = await insert({ fup_upload_id: bin.id, upload_type: 2, extend: ds.map((d) => d.imei), wave_size: 60, error_threshold: 100 });
      const id = r.body.model.id;
      await eventually(
        async () => (await w.api.pool.query('SELECT 1 FROM sms_message WHERE command_key = $1 AND claimed_at IS NOT NULL LIMIT 1', [`FOTA_${id}`])).rowCount,
        { what: 'first commands claimed by the worker', deadline: 60_000 },
      );
      const s = await w.api.get(`/firmware/stop?id=${id}`, admin);
      expect(s.body.model).toMatchObject({ status: 1, state: 'stopped' });
      // every command is settled: sent before the stop, or called off
      const settled = await eventually(async () => {
        const m = await outbound(id);
        return m.every((x) => x.status !== 0 && x.status !== 1) ? m : null;
      }, { what: 'commands settled', deadline: 120_000 });
      const calledOff = settled.filter((x) => x.error_code === 'firmwareRequestEnded').length;
      expect(calledOff).toBeGreaterThan(10);
      await w.sim.control.settled();
      const reached = ds.filter((d) => fota(d.gsm).length > 0).length;
      expect(reached).toBe(60 - calledOff);
      const rows = await activity(w.api, id);
      expect(rows.filter((a) => a.status === 4)).toHaveLength(calledOff);
      // nothing more goes out afterwards (the tick passes over an ended request)
      w.sim.control.configure({ slowMs: 0 });
      const later = await eventually(async () => ((await request(id)).counts.processing + (await request(id)).counts.downloading === 0 ? true : null), { what: 'reports in', deadline: 60_000 });
      expect(later).toBe(true);
      expect(ds.filter((d) => fota(d.gsm).length > 0).length).toBe(reached);
    } finally {
      w.sim.control.configure({ slowMs: 0 });
    }
  }, 240_000);
});
