// Back-office history: finished imports with their errors, firmware binaries and rollouts, modem updates.
import type pg from 'pg';
import { DEVICE_TYPES } from './catalog.js';
import { insertRows, type Row } from './copy.js';
import { DAY, HOUR, MINUTE, type Plan, type Slot, deviceImei, simData } from './fleet.js';
import { Stream, rngFor } from './prng.js';

const iso = (ms: number) => new Date(ms).toISOString();

export async function seedOperations(client: pg.ClientBase, plan: Plan, sample: Slot[]): Promise<Record<string, number>> {
  const n: Record<string, number> = {};
  const r = rngFor(plan.seed, Stream.misc, 1);

  // imports
  const imports: [string, string, number, number, string, string | null][] = [
    ['SIM', 'sims_2024_q4.csv', 5000, 5000, 'FINISHED', null],
    ['DEVICE', 'watches_batch_17.csv', 1200, 1187, 'FINISHED', null],
    ['DEVICE_AND_SIM', 'att_devices_march.csv', 800, 800, 'FINISHED', null],
    ['FACTORY_DEVICE', 'factory_shipment_42.csv', 2500, 2493, 'FINISHED', null],
    ['MASS', 'imei_list_support.csv', 300, 296, 'FINISHED', null],
    ['SIM', 'sims_broken_header.csv', 0, 0, 'FAILED', 'missingColumn'],
    ['DEVICE', 'bands_partner_b.csv', 450, 450, 'FINISHED', null],
  ];
  const importRows: Row[] = imports.map(([kind, file, count, imported, status, error], i) => {
    const created = plan.anchor - (imports.length - i) * 9 * DAY;
    return [i + 1, kind, file, count, imported, status, status === 'FINISHED' ? 100 : 0, { deployment_id: 1 }, error, error ? { columns: 'imsi' } : null, 1,
      iso(created), iso(created + 2_000), iso(created + 60_000 + count * 20), iso(created + 60_000 + count * 20),
      status === 'FAILED' ? 1 : count - imported];
  });
  n.import = await insertRows(client, 'import', ['id', 'kind', 'file_name', 'count', 'imported', 'status', 'progress', 'params', 'error_code', 'error_params', 'created_by', 'created', 'started_at', 'finished_at', 'updated_at', 'failed'], importRows);
  const errors: Row[] = [];
  // reasons as codes of the contract's REASONS (libs/contract/src/reasons.ts)
  const reasons: [string, string, string][] = [
    ['imei', '35123', 'invalidImei'],
    ['imsi', '26201ABC', 'invalidImsi'],
    ['imei', '351234567890123', 'duplicate'],
    ['gsm_number', '0151', 'invalidPhone'],
    ['device_type_id', '7', 'unknownDeviceType'],
  ];
  imports.forEach(([, , count, imported], i) => {
    for (let k = 0; k < count - imported; k++) {
      const [column, value, reason] = reasons[(i + k) % reasons.length];
      errors.push([i + 1, 2 + ((k * 37 + i * 11) % Math.max(1, count)), column, value, reason, null]);
    }
  });
  errors.push([6, 1, 'imsi', 'iccid;msisdn', 'missingColumn', { columns: 'imsi' }]);
  n.import_error = await insertRows(client, 'import_error', ['import_id', 'line', 'column', 'value', 'reason_code', 'reason_params'], errors);

  // firmware
  const binaries: Row[] = [];
  let bid = 0;
  for (const t of DEVICE_TYPES) {
    for (const version of t.firmware.slice(-2)) {
      bid++;
      const size = r.int(800_000, 4_000_000);
      binaries.push([bid, `${t.name} firmware`, version, t.id, 1, `${version}.bin`, `/firmware/${t.short}/${version}.bin`, size, r.hex(64), 1, iso(plan.anchor - (60 - bid * 5) * DAY)]);
    }
  }
  n.firmware_binary = await insertRows(client, 'firmware_binary', ['id', 'name', 'version', 'device_type_id', 'ftp_server_id', 'file_name', 'path', 'size_bytes', 'sha256', 'created_by', 'created'], binaries);
  // rollouts are history here (ended: the worker acts on running ones only, docs/firmware-modem.md "Firmware"):
  // 1 stopped in its first wave (the sample's watches as the type's devices: 3 had finished, the rest were called
  // off; a request always has targets, the api refuses one without), 2 finished (by version, some devices failed),
  // 3 halted by its error threshold (custom list)
  const watchLatest = 2; // binary 2: the newest type-1 version
  const sampleWatches = sample.filter((s) => s.type === 1).map((s) => s.id);
  const [w0, w1, w2] = DEVICE_TYPES[0].firmware;
  const ended2 = plan.anchor - 4 * DAY;
  const ended3 = plan.anchor - 2 * DAY + 3 * HOUR;
  n.firmware_upload_request = await insertRows(client, 'firmware_upload_request',
    ['id', 'status', 'state', 'fup_upload_id', 'upload_type', 'for_version', 'comment', 'expired_at', 'extend', 'new_version', 'wave_size', 'error_threshold',
      'current_wave', 'wave_count', 'total', 'halt_code', 'halt_params', 'created_by', 'created', 'stopped_at', 'ended_at'], [
      [1, 1, 'stopped', 1, 0, null, 'Rollout to all watches', iso(plan.anchor - 20 * DAY), [], w1, 1000, 20, 1, 1, sampleWatches.length, null, null, 1, iso(plan.anchor - 40 * DAY), iso(plan.anchor - 39 * DAY), iso(plan.anchor - 39 * DAY)],
      [2, 1, 'finished', watchLatest, 1, w1, 'Upgrade from the previous version', iso(plan.anchor + 20 * DAY), [], w2, 10, 50, 2, 2, sampleWatches.length, null, null, 1, iso(plan.anchor - 5 * DAY), null, iso(ended2)],
      [3, 1, 'halted', watchLatest, 2, null, 'Pilot group', iso(plan.anchor + 10 * DAY), sampleWatches.slice(0, 5), w2, 5, 20, 1, 1, Math.min(5, sampleWatches.length),
        'firmwareHalted', { wave: 1, failed: 2, size: 5, threshold: 20 }, 1, iso(plan.anchor - 2 * DAY), null, iso(ended3)],
    ]);
  const activity: Row[] = [];
  const cols = ['request_id', 'device_id', 'imei', 'status', 'from_version', 'to_version', 'progress', 'wave', 'notified_at', 'sent_at', 'finished_at', 'error_code', 'error_params', 'created', 'updated_at'];
  sampleWatches.forEach((id, i) => {
    // request 1: the first 3 finished before the stop, the others were never notified
    const at1 = plan.anchor - 40 * DAY + i * MINUTE;
    const stopped = iso(plan.anchor - 39 * DAY);
    activity.push(i < 3
      ? [1, id, deviceImei(id), 2, w0, w1, 100, 1, iso(at1), iso(at1 + MINUTE), iso(at1 + HOUR), null, null, iso(at1), iso(at1 + HOUR)]
      : [1, id, deviceImei(id), 4, w0, w1, 0, 1, null, null, null, 'firmwareRequestEnded', null, iso(plan.anchor - 40 * DAY), stopped]);
    const at = plan.anchor - 5 * DAY + i * MINUTE;
    const failed = i % 4 === 3;
    activity.push([2, id, deviceImei(id), failed ? 3 : 2, w0, w2, failed ? 0 : 100, i < 10 ? 1 : 2, iso(at), iso(at + MINUTE), iso(at + HOUR),
      failed ? 'firmwareDeviceError' : null, failed ? { reason: 'CHECKSUM' } : null, iso(at), iso(at + HOUR)]);
    if (i < 5) {
      const at3 = plan.anchor - 2 * DAY;
      const st = i < 2 ? 3 : i < 3 ? 2 : 4;
      activity.push([3, id, deviceImei(id), st, w1, w2, st === 2 ? 100 : 0, 1, iso(at3), iso(at3 + MINUTE), st === 4 ? null : iso(at3 + 3 * HOUR),
        st === 3 ? 'firmwareTimeout' : null, st === 3 ? { minutes: 30 } : null, iso(at3), iso(at3 + 3 * HOUR)]);
    }
  });
  n.firmware_ota_activity = await insertRows(client, 'firmware_ota_activity', cols, activity);

  // modem updates: a few finished ones (done, failed, stopped) for the reports; none running, so that no worker of a
  // test world picks one up and sends SMS on its own (the 31041 carrier runs the 13-task profile)
  const tasks: Row[] = [];
  const steps: Row[] = [];
  const statuses = ['DONE', 'FAILED', 'STOPPED', 'DONE', 'FAILED', 'DONE', 'STOPPED', 'DONE'];
  sample.slice(0, 8).forEach((s, i) => {
    const us = simData(s.id, s.operator).imsi.startsWith('31041');
    const count = us ? 13 : 11;
    const status = statuses[i]!;
    const taskId = status === 'DONE' ? count : Math.min(count - 2, 3 + i);
    const started = plan.anchor - (i + 1) * DAY;
    const errors = status === 'FAILED' ? 3 : i % 2;
    const error = status === 'FAILED' ? ['modemTimeout', { command: 'UPDATE_MODEM', minutes: 60 }] : status === 'STOPPED' ? ['modemStopped', null] : [null, null];
    const end = iso(started + taskId * HOUR + 30 * MINUTE);
    tasks.push([i + 1, s.id, deviceImei(s.id), us ? 'us_carrier' : 'standard', taskId, count, status, errors, error[0], error[1], 1, iso(started),
      iso(started + taskId * HOUR), iso(started + 10 * DAY), end, end]);
    for (let k = 1; k < taskId; k++) steps.push([i + 1, k, 'ok', null, null, iso(started + k * HOUR)]);
    if (status === 'FAILED') for (let e = 0; e < 3; e++) steps.push([i + 1, taskId, 'timeout', 'modemTimeout', { command: 'UPDATE_MODEM', minutes: 60 }, iso(started + taskId * HOUR + e * 10 * MINUTE)]);
  });
  n.modem_update_task = await insertRows(client, 'modem_update_task', ['id', 'device_id', 'imei', 'profile', 'task_id', 'task_count', 'status', 'errors', 'error_code', 'error_params', 'created_by', 'started', 'step_started_at', 'deadline_at', 'finished_at', 'settings_restored_at'], tasks);
  n.modem_update_step = await insertRows(client, 'modem_update_step', ['modem_id', 'task_id', 'outcome', 'code', 'params', 'created'], steps);
  return n;
}
