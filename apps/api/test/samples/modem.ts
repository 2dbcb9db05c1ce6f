import type { RouteName } from '@tracker/contract';
import type { TestApi } from '../harness.js';
import { exportHash } from './export-hash.js';
import type { SampleBuilder } from './index.js';

/**
 * A device the start's gate lets through (a GSM number, not terminated, enabled) with no running modem update (the
 * matrix's api runs no worker: what it starts stays).
 */
async function freeDevice(api: TestApi): Promise<{ id: number; imei: string }> {
  const r = await api.pool.query<{ id: number; imei: string }>(
    `SELECT id, imei FROM device d WHERE gsm_number IS NOT NULL AND device_status <> 3 AND enabled
        AND NOT EXISTS (SELECT 1 FROM modem_update_task t WHERE t.device_id = d.id AND t.status = 'RUNNING')
      ORDER BY id DESC LIMIT 1`,
  );
  return r.rows[0]!;
}

/** Valid requests of the modem routes (area modem: role 1; docs/firmware-modem.md "Modem update"). */
export const MODEM_SAMPLES: Partial<Record<RouteName, SampleBuilder>> = {
  modemInit: async ({ api }) => ({ path: '/device/initModemUpdateProcess', body: { IMEIs: [(await freeDevice(api)).imei] } }),
  modemCheckStatus: async ({ api }) => ({ path: '/device/checkStatusModemUpdateProcess', body: { IMEIs: [(await freeDevice(api)).imei] } }),
  modemStop: async ({ api }) => ({ path: '/device/stopModemUpdateProcess', body: { IMEIs: [(await freeDevice(api)).imei] } }),
  modemList: () => ({ path: '/modem/list?report=done&page=0' }),
  modemWaiting: () => ({ path: '/modem/waiting?page=0' }),
  modemUpdate: async ({ api }) => ({ path: `/modem/update?device_id=${(await freeDevice(api)).id}` }),
  // the seed's modem updates are finished ones (ids 1-8)
  modemProgress: () => ({ path: '/modem/progress?modem_id=1' }),
  modemReset: async ({ api }) => {
    // a failed or stopped process (a DONE one is not started over) whose device runs no other and passes the gate
    const r = await api.pool.query<{ id: number }>(
      `SELECT t.id FROM modem_update_task t JOIN device d ON d.id = t.device_id
        WHERE t.status IN ('FAILED', 'STOPPED') AND d.gsm_number IS NOT NULL AND d.device_status <> 3 AND d.enabled
          AND NOT EXISTS (SELECT 1 FROM modem_update_task o WHERE o.device_id = t.device_id AND o.status = 'RUNNING') ORDER BY t.id LIMIT 1`,
    );
    return { path: `/modem/reset?modem_id=${r.rows[0]?.id ?? 1}` };
  },
  modemCsvGenerate: () => ({ path: '/csv/generate/modem?report=done' }),
  csvModem: async (ctx) => ({ path: `/csv/modem?hash=${await exportHash(ctx, 'modem', { report: 'done' })}` }),
};
