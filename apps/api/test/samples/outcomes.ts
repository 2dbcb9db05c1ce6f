import { randomUUID } from 'node:crypto';
import { PARTNER_DEVICE_TYPE, type RouteName } from '@tracker/contract';
import { exportHash } from './export-hash.js';
import type { SampleBuilder, SampleContext } from './index.js';

/** A campaign of the role's type (partners' own; everyone else type 1), stored directly with one refused device. */
async function campaignOf(ctx: SampleContext): Promise<string> {
  const bulkId = randomUUID();
  await ctx.api.pool.query(
    `INSERT INTO sms_campaign (bulk_id, command_key, message, device_type_id, created_by, total, refused) VALUES ($1, 'LOCATE', 'WHERE#', $2, 1, 0, 1)`,
    [bulkId, PARTNER_DEVICE_TYPE[ctx.role] ?? 1],
  );
  await ctx.api.pool.query(`INSERT INTO command_refusal (batch_kind, batch_id, device_id, reason_code) VALUES ('campaign', $1, 1, 'smsDeviceTerminated')`, [bulkId]);
  return bulkId;
}

/**
 * Valid requests of the outcome lists and their CSVs (docs/sms.md "Outcomes", docs/firmware-modem.md "Outcomes"):
 * the seed's firmware request 2 (finished, two devices failed) and its modem updates.
 */
export const OUTCOME_SAMPLES: Partial<Record<RouteName, SampleBuilder>> = {
  smsCampaignDevices: async (ctx) => ({ path: `/sms/campaign/devices?bulk_id=${await campaignOf(ctx)}&state=failed&page=0&count=25` }),
  smsCampaignCsvGenerate: async (ctx) => ({ path: `/csv/generate/sms_campaign?bulk_id=${await campaignOf(ctx)}&state=all` }),
  csvSmsCampaign: async (ctx) => ({ path: `/csv/sms_campaign?hash=${await exportHash(ctx, 'sms_campaign', { bulk_id: await campaignOf(ctx), state: 'failed' })}` }),
  firmwareDevices: () => ({ path: '/firmware/devices?request_id=2&state=failed&page=0&count=25' }),
  firmwareDevicesCsvGenerate: () => ({ path: '/csv/generate/firmware_devices?request_id=2&state=all' }),
  csvFirmwareDevices: async (ctx) => ({ path: `/csv/firmware_devices?hash=${await exportHash(ctx, 'firmware_devices', { request_id: 2, state: 'failed' })}` }),
  modemDevices: () => ({ path: '/modem/devices?state=failed&page=0&count=25' }),
  modemDevicesCsvGenerate: () => ({ path: '/csv/generate/modem_devices?state=all' }),
  csvModemDevices: async (ctx) => ({ path: `/csv/modem_devices?hash=${await exportHash(ctx, 'modem_devices', { state: 'failed' })}` }),
};
