import { randomBytes, randomUUID } from 'node:crypto';
import { PARTNER_DEVICE_TYPE, type RouteName } from '@tracker/contract';
import { userOfRole } from '../harness.js';
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

/** A download hash of the role's user for `kind` and `params` (what /csv/generate/... would have stored). */
async function hashOf(ctx: SampleContext, kind: string, params: object): Promise<string> {
  const hash = randomBytes(24).toString('hex');
  await ctx.api.pool.query(
    `INSERT INTO csv_export (hash, kind, params, created_by, expires_at)
     VALUES ($1, $2, $3, (SELECT id FROM backoffice_user WHERE username = $4), now() + interval '1 hour')`,
    [hash, kind, JSON.stringify(params), userOfRole(ctx.role).username],
  );
  return hash;
}

/**
 * Valid requests of the outcome lists and their CSVs (docs/sms.md "Outcomes", docs/firmware-modem.md "Outcomes"):
 * the seed's firmware request 2 (finished, two devices failed) and its modem updates.
 */
export const OUTCOME_SAMPLES: Partial<Record<RouteName, SampleBuilder>> = {
  smsCampaignDevices: async (ctx) => ({ path: `/sms/campaign/devices?bulk_id=${await campaignOf(ctx)}&state=failed&page=0&count=25` }),
  smsCampaignCsvGenerate: async (ctx) => ({ path: `/csv/generate/sms_campaign?bulk_id=${await campaignOf(ctx)}&state=all` }),
  csvSmsCampaign: async (ctx) => ({ path: `/csv/sms_campaign?hash=${await hashOf(ctx, 'sms_campaign', { bulk_id: await campaignOf(ctx), state: 'failed' })}` }),
  firmwareDevices: () => ({ path: '/firmware/devices?request_id=2&state=failed&page=0&count=25' }),
  firmwareDevicesCsvGenerate: () => ({ path: '/csv/generate/firmware_devices?request_id=2&state=all' }),
  csvFirmwareDevices: async (ctx) => ({ path: `/csv/firmware_devices?hash=${await hashOf(ctx, 'firmware_devices', { request_id: 2, state: 'failed' })}` }),
  modemDevices: () => ({ path: '/modem/devices?state=failed&page=0&count=25' }),
  modemDevicesCsvGenerate: () => ({ path: '/csv/generate/modem_devices?state=all' }),
  csvModemDevices: async (ctx) => ({ path: `/csv/modem_devices?hash=${await hashOf(ctx, 'modem_devices', { state: 'failed' })}` }),
};
