import { randomUUID } from 'node:crypto';
import { PARTNER_DEVICE_TYPE, type RouteName } from '@tracker/contract';
import type { TestApi } from '../harness.js';
import type { SampleBuilder, SampleContext } from './index.js';

/** Partner roles send to devices of their own type (§6); everyone else to type 1. */
const typeOf = (ctx: SampleContext) => PARTNER_DEVICE_TYPE[ctx.role] ?? 1;

/** A device of a type that can take a command (a GSM number, enabled, not terminated: the ledger's gate), the first one. */
export async function smsDevice(api: TestApi, type: number): Promise<number> {
  const r = await api.pool.query<{ id: number }>(
    'SELECT id FROM device WHERE device_type_id = $1 AND gsm_number IS NOT NULL AND enabled AND device_status <> 3 ORDER BY id LIMIT 1',
    [type],
  );
  return r.rows[0]!.id;
}

/** A campaign of the role's type, stored directly (the matrix reads it). */
async function campaignOf(ctx: SampleContext): Promise<string> {
  const bulkId = randomUUID();
  await ctx.api.pool.query(
    `INSERT INTO sms_campaign (bulk_id, command_key, message, device_type_id, created_by, total) VALUES ($1, 'LOCATE', 'WHERE#', $2, 1, 0)`,
    [bulkId, typeOf(ctx)],
  );
  return bulkId;
}

/** Valid requests of the SMS send routes (the webhooks are public: the matrix skips them, params.spec posts junk). */
export const SMS_SAMPLES: Partial<Record<RouteName, SampleBuilder>> = {
  smsSend: async (ctx) => ({ path: '/sms/send', body: { command_key: 'LOCATE', message: '', device_id: await smsDevice(ctx.api, typeOf(ctx)) } }),
  smsSendBulk: async (ctx) => ({
    path: '/sms/sendBulk',
    body: { command_key: 'LOCATE', message: '', devices: [await smsDevice(ctx.api, typeOf(ctx))], device_type: typeOf(ctx) },
  }),
  smsCampaign: async (ctx) => ({ path: `/sms/campaign?bulk_id=${await campaignOf(ctx)}` }),
  smsCampaigns: () => ({ path: '/sms/campaigns?page=0&count=20' }),
  smsStartLog: async (ctx) => ({ path: '/sms/send/startlog', body: { duration: 30, logLevel: 2, deviceId: await smsDevice(ctx.api, typeOf(ctx)) } }),
  smsSendLog: async (ctx) => ({ path: '/sms/send/sendlog', body: { deviceId: await smsDevice(ctx.api, typeOf(ctx)) } }),
  smsWebhookStatus: () => ({ path: '/sms/webhook/status', body: { MessageSid: 'SM0000000000000000000000000000junk', MessageStatus: 'delivered' } }),
  smsWebhookInbound: () => ({ path: '/sms/webhook/inbound', body: { MessageSid: 'SM0000000000000000000000000000junk', From: '+4915100000000', Body: 'LOC:OK' } }),
};
