import type { TestApi } from './harness.js';
import { eventually } from './harness.js';

export type ModemDevice = { id: number; imei: string; gsm: string; type: number };

/**
 * Devices of one carrier profile (`us`: IMSI prefix 31041, the 13-task profile) whose GSM number no other device
 * shares (a watch's reply names one device), that the start's gate lets through (not terminated, enabled) and that
 * never had a modem update, first ones by id after `offset`.
 */
export async function modemDevices(api: TestApi, n: number, opts: { us?: boolean; offset?: number } = {}): Promise<ModemDevice[]> {
  const r = await api.pool.query<ModemDevice>(
    `SELECT id, imei, gsm_number AS gsm, device_type_id AS type FROM device d
      WHERE gsm_number IS NOT NULL AND device_status <> 3 AND enabled AND (imsi LIKE '31041%') = $3
        AND NOT EXISTS (SELECT 1 FROM device o WHERE o.gsm_number = d.gsm_number AND o.id <> d.id)
        AND NOT EXISTS (SELECT 1 FROM modem_update_task t WHERE t.device_id = d.id)
      ORDER BY id OFFSET $2 LIMIT $1`,
    [n, opts.offset ?? 0, !!opts.us],
  );
  if (r.rows.length < n) throw new Error(`only ${r.rows.length} devices of the ${opts.us ? 'us_carrier' : 'standard'} profile`);
  return r.rows;
}

export const taskRow = async (api: TestApi, modemId: number) =>
  (await api.pool.query('SELECT *, status::text AS status FROM modem_update_task WHERE id = $1', [modemId])).rows[0] as Record<string, any>;

/** Waits until the process has `status` (and, when given, is at `taskId`). */
export function untilTask(api: TestApi, modemId: number, status: string, taskId?: number, ms = 120_000) {
  return eventually(
    async () => {
      const t = await taskRow(api, modemId);
      return t.status === status && (taskId === undefined || t.task_id === taskId) ? t : null;
    },
    { what: `modem ${modemId} ${status}${taskId ? ` at task ${taskId}` : ''}`, deadline: ms },
  );
}

/** The device's own value of a setting (null: none, the type's default applies). */
export const ownSetting = async (api: TestApi, deviceId: number, no: number) =>
  ((await api.pool.query('SELECT value FROM device_setting WHERE device_id = $1 AND setting_no = $2', [deviceId, no])).rows[0]?.value as string | undefined) ?? null;

/** The bodies of the OUTBOUND SMS stored for a device since `afterId`, in order. */
export const sentBodies = async (api: TestApi, deviceId: number, afterId = 0) =>
  (await api.pool.query(`SELECT message FROM sms_message WHERE device_id = $1 AND direction = 'OUTBOUND' AND id > $2 ORDER BY id`, [deviceId, afterId])).rows.map(
    (r) => r.message as string,
  );

export const lastSmsId = async (api: TestApi) => Number((await api.pool.query('SELECT coalesce(max(id), 0) AS id FROM sms_message')).rows[0].id);
