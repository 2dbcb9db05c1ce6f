// A campaign's outcome per device (§2 /admin/sendSMS, under the campaign's progress): which devices got the command,
// which failed and why, which the ledger refused; as a list with a state filter and as a CSV. What each holds:
// docs/sms.md "Outcomes".
import { z } from 'zod';
import { coded } from '../reasons.js';
import type { RouteDef } from '../route-def.js';
import { int, intOrNull, iso, isoOrNull } from '../device-workspace/shared.js';
import { OUTCOME_PAGE_SIZE, outcomePage, outcomeQueries, outcomeRoutes } from '../outcomes.js';
import { SMS_STATUS } from './send.js';

/**
 * The state filter of a campaign's devices: all; failed (its latest message in error or expired, or refused by the
 * ledger before anything was stored); pending (created or sent); done (received); expired; refused.
 */
export const CAMPAIGN_DEVICE_STATES = ['all', 'failed', 'pending', 'done', 'expired', 'refused'] as const;
export type CampaignDeviceState = (typeof CAMPAIGN_DEVICE_STATES)[number];

/** A device's outcome in a campaign: the §3 status of its latest message there (4 expired), or refused. */
export const CAMPAIGN_OUTCOMES = ['created', 'sent', 'received', 'error', 'expired', 'refused'] as const;
export type CampaignOutcome = (typeof CAMPAIGN_OUTCOMES)[number];

/** The outcome of a §3 status (SMS_STATUS's name of it). */
export const campaignOutcomeOf = (status: number): CampaignOutcome =>
  (Object.entries(SMS_STATUS).find(([, v]) => v === status)?.[0] as CampaignOutcome | undefined) ?? 'error';

const queries = outcomeQueries({ bulk_id: z.uuid(coded('badFormat')) }, CAMPAIGN_DEVICE_STATES);

/** GET /sms/campaign/devices?bulk_id&state&page&count */
export const campaignDevicesQuery = queries.page;
export type CampaignDevicesQuery = z.infer<typeof campaignDevicesQuery>;
/** GET /csv/generate/sms_campaign?bulk_id&state */
export const campaignCsvQuery = queries.csv;
export type CampaignCsvQuery = z.infer<typeof campaignCsvQuery>;

/**
 * One device of a campaign: its latest message there (a watch that was busy got the command again: `attempts`
 * counts its messages in the campaign), with the reason of a failure and the text of the watch's reply; or a device
 * the ledger refused (no message, `status` null, the refusal's reason).
 */
export const campaignDeviceItem = z.object({
  device_id: intOrNull,
  imei: z.string().nullable(),
  gsm_number: z.string().nullable(),
  /** the device as the sender named it, when no device has it (a refusal) */
  named_as: z.string().nullable(),
  outcome: z.enum(CAMPAIGN_OUTCOMES),
  /** §3 status of the latest message (0 created, 1 sent, 2 received, 3 error, 4 expired); null for a refused device */
  status: intOrNull,
  /** the latest message's id */
  sms_id: intOrNull,
  /** the device's messages in the campaign (0 for a refused device) */
  attempts: int,
  /** when the latest message was stored, or when the device was refused */
  created: iso,
  sent_at: isoOrNull,
  received_at: isoOrNull,
  /** the text of the watch's (latest) reply to the latest message, and when it came */
  reply: z.string().nullable(),
  reply_at: isoOrNull,
  /** why it failed or was refused: the English text of `error_code`, the code and its parameters */
  error: z.string().nullable(),
  error_code: z.string().nullable(),
  error_params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
});
export type CampaignDeviceItem = z.infer<typeof campaignDeviceItem>;
export const campaignDevicesResponse = outcomePage(campaignDeviceItem);
export type CampaignDevicesPage = z.infer<typeof campaignDevicesResponse>['model'];

const smsOutcomeRoutes = outcomeRoutes({
  area: 'sms',
  path: '/sms/campaign/devices',
  summary: `A campaign's devices with their outcome (latest message, reason, reply, attempts) and the refused ones; state all, failed, pending, done, expired, refused (${OUTCOME_PAGE_SIZE} per page)`,
  query: campaignDevicesQuery,
  response: campaignDevicesResponse,
  csv: 'sms_campaign',
  csvQuery: campaignCsvQuery,
  what: "a campaign's devices",
});

export const SMS_OUTCOME_ROUTES = {
  smsCampaignDevices: smsOutcomeRoutes.list,
  smsCampaignCsvGenerate: smsOutcomeRoutes.csvGenerate,
  csvSmsCampaign: smsOutcomeRoutes.csvDownload,
} as const satisfies Record<string, RouteDef>;
