// SMS sending (§2 /admin/sendSMS and the device /sms tab, §5 bulk SMS, §7 SMS): one message or a campaign to many
// devices, its live progress, and the log commands of the logs tab. The pipeline behind it: docs/sms.md.
import { z } from 'zod';
import { positiveId, wholeNumber, pageParam, countParam } from '../params.js';
import { coded } from '../reasons.js';
import { envelope, listResponse } from '../schemas.js';
import { route } from '../route-def.js';
import { int, intOrNull, iso, isoOrNull, noControlChars } from '../device-workspace/shared.js';
import { confirmationRequired, confirmToken } from '../commands.js';

/** The longest SMS text the platform sends (one GSM-7 segment; a command's template included). */
export const SMS_TEXT_MAX = 160;
/** The most devices one bulk send takes (§5 bulk SMS; bench/sms runs at this size). */
export const SMS_BULK_MAX = 100_000;
/** Minutes a device may log for (`/sms/send/startlog` duration). */
export const LOG_DURATION_MAX = 1440;
/** Log levels of the watches' firmware: 0 errors only ... 4 verbose. */
export const LOG_LEVEL_MAX = 4;

/**
 * §3 message status, and beyond §3 `expired`: an OUTBOUND command past its time to live before any gateway took it,
 * never sent (docs/sms.md "The command ledger").
 */
export const SMS_STATUS = { created: 0, sent: 1, received: 2, error: 3, expired: 4 } as const;

const commandKey = z
  .string()
  .trim()
  .min(1, coded('required'))
  .max(50, coded('tooLong', { max: 50 }))
  .regex(/^[A-Z0-9_]+$/, coded('badFormat'));
/** The user's text for a command that takes one (`{message}` of its template); ignored by commands that take none. */
const userText = z.string().max(SMS_TEXT_MAX, coded('tooLong', { max: SMS_TEXT_MAX })).refine(noControlChars, coded('controlChars')).default('');

/** `confirm_token`: a destructive command (factory reset, power off) is sent only by the call that brings back the token its first call answered. */
export const smsSendBody = z.object({ command_key: commandKey, message: userText, device_id: positiveId('device_id'), confirm_token: confirmToken });
export type SmsSendBody = z.infer<typeof smsSendBody>;

export const smsSendBulkBody = z.object({
  command_key: commandKey,
  message: userText,
  /** device ids (§2: typed comma-separated on /admin/sendSMS); §5: sends only if devices are entered */
  devices: z
    .array(positiveId('devices'), { error: coded('smsNoDevices') })
    .min(1, coded('smsNoDevices'))
    .max(SMS_BULK_MAX, coded('smsTooManyDevices', { max: SMS_BULK_MAX })),
  device_type: positiveId('device_type'),
  /** the token the first call answered (with the target count): only the call that brings it back sends */
  confirm_token: confirmToken,
});
export type SmsSendBulkBody = z.infer<typeof smsSendBulkBody>;

export const startLogBody = z.object({
  duration: wholeNumber(coded('wholeNumber', { min: 1, max: LOG_DURATION_MAX }), { min: 1, max: LOG_DURATION_MAX }),
  logLevel: wholeNumber(coded('wholeNumber', { min: 0, max: LOG_LEVEL_MAX }), { min: 0, max: LOG_LEVEL_MAX }),
  deviceId: positiveId('deviceId'),
});
export const sendLogBody = z.object({ deviceId: positiveId('deviceId') });

export const bulkIdQuery = z.object({ bulk_id: z.uuid(coded('badFormat')) });
export const campaignListQuery = z.object({ page: pageParam(), count: countParam(20, 100) });

// ---------------------------------------------------------------------------------------------- outputs

/** One stored SMS as the sender sees it right after sending (the device /sms tab lists them with `smsItem`). */
export const smsSent = z.object({
  id: int,
  device_id: int,
  command_key: z.string().nullable(),
  message: z.string(),
  gsm_number: z.string().nullable(),
  /** §3 message status: 0 created, 1 sent, 2 received, 3 error */
  status: int,
  created: iso,
  /** past this the command is never sent (it ends expired, status 4) */
  expires_at: iso,
});
export type SmsSent = z.infer<typeof smsSent>;

/** A bulk send's progress: how many of its messages are at each §3 status now. */
export const smsCampaign = z.object({
  bulk_id: z.string(),
  command_key: z.string().nullable(),
  message: z.string(),
  device_type: intOrNull,
  created_by: z.string().nullable(),
  created_at: iso,
  total: int,
  /** the figures of SMS_FIGURES over the campaign's messages: every message stored */
  created: int,
  /** still status 0 (stored, not yet accepted by a gateway) */
  waiting: int,
  /** taken by a gateway: status 1 or 2 */
  sent: int,
  /** received by the device: status 2 */
  received: int,
  errors: int,
  /** past their time to live before a gateway took them: never sent */
  expired: int,
  /** devices the ledger refused before storing anything (terminated, disabled, no number): not in `total` */
  refused: int,
  /** every message has reached received, error or expired */
  done: z.boolean(),
  finished_at: isoOrNull,
});
export type SmsCampaign = z.infer<typeof smsCampaign>;

// ---------------------------------------------------------------------------------------------- routes

export const SMS_SEND_ROUTES = {
  smsSend: route({
    method: 'POST',
    path: '/sms/send',
    area: 'deviceSettingsEdit',
    summary: "Sends an SMS command to one device (stored as created, then sent by the worker through the gateway of the number's code)",
    body: smsSendBody,
    response: envelope(z.union([smsSent, confirmationRequired])),
  }),
  smsSendBulk: route({
    method: 'POST',
    path: '/sms/sendBulk',
    area: 'sms',
    summary:
      'Sends an SMS command to many devices of one type (a campaign; progress at /sms/campaign). The first call answers the target count, the refused devices and a confirmation token; the call that brings the token back starts it',
    body: smsSendBulkBody,
    response: envelope(z.union([smsCampaign, confirmationRequired])),
  }),
  smsCampaign: route({
    method: 'GET',
    path: '/sms/campaign',
    area: 'sms',
    summary: "A bulk send's live progress: created, waiting, sent, received, errors, expired (SMS_FIGURES)",
    query: bulkIdQuery,
    response: envelope(smsCampaign),
  }),
  smsCampaigns: route({
    method: 'GET',
    path: '/sms/campaigns',
    area: 'sms',
    summary: 'The latest bulk sends, newest first, with their progress',
    query: campaignListQuery,
    response: listResponse(smsCampaign),
  }),
  smsStartLog: route({
    method: 'POST',
    path: '/sms/send/startlog',
    area: 'deviceLogCommand',
    summary: 'Tells the device by SMS to log for `duration` minutes at `logLevel`',
    body: startLogBody,
    response: envelope(smsSent),
  }),
  smsSendLog: route({
    method: 'POST',
    path: '/sms/send/sendlog',
    area: 'deviceLogCommand',
    summary: 'Tells the device by SMS to upload its log file (it appears in the logs tab)',
    body: sendLogBody,
    response: envelope(smsSent),
  }),
} as const;
