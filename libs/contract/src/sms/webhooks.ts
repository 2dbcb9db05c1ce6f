// SMS gateway webhooks (docs/sms.md): Twilio's delivery status callbacks and inbound messages. Public (the gateway has
// no session and sends no request-origin header) but refused with 403 without a valid X-Twilio-Signature; posted
// form-encoded with many fields, of which the schemas name those the pipeline reads and let the others through.
import { z } from 'zod';
import { coded } from '../reasons.js';
import { okResponse } from '../schemas.js';
import { route } from '../route-def.js';

const field = (max: number) => z.string().max(max, coded('tooLong', { max }));
const sid = z.string().min(1, coded('required')).max(64, coded('tooLong', { max: 64 })).regex(/^[A-Za-z0-9]+$/, coded('badFormat'));

/** A status callback: queued, sending, sent, delivered, undelivered, failed (read, canceled are kept too). */
export const smsStatusCallbackBody = z.looseObject({
  MessageSid: sid,
  MessageStatus: z.string().min(1, coded('required')).max(20, coded('tooLong', { max: 20 })).regex(/^[a-z_]+$/, coded('badFormat')),
  ErrorCode: z.string().max(10, coded('tooLong', { max: 10 })).regex(/^\d*$/, coded('badFormat')).optional(),
  To: field(30).optional(),
  From: field(30).optional(),
  AccountSid: field(64).optional(),
});
export type SmsStatusCallbackBody = z.infer<typeof smsStatusCallbackBody>;

/** An inbound SMS: a watch's reply (From = the watch's number, To = the gateway's number). */
export const smsInboundBody = z.looseObject({
  MessageSid: sid,
  From: z.string().min(1, coded('required')).max(30, coded('tooLong', { max: 30 })),
  To: field(30).optional(),
  Body: field(1600).default(''),
  AccountSid: field(64).optional(),
});
export type SmsInboundBody = z.infer<typeof smsInboundBody>;

/** Paths under /api: the gateway is configured with SMS_WEBHOOK_BASE_URL + '/api' + these, and signs exactly that URL. */
export const SMS_WEBHOOK_PATHS = { status: '/sms/webhook/status', inbound: '/sms/webhook/inbound' } as const;

export const SMS_WEBHOOK_ROUTES = {
  smsWebhookStatus: route({
    method: 'POST',
    path: SMS_WEBHOOK_PATHS.status,
    area: 'public',
    summary: "The gateway's delivery status callback (Twilio, form-encoded, signed): moves a message forward, never back",
    body: smsStatusCallbackBody,
    response: okResponse,
    webhook: true,
    // a gateway's callback is no user's action: the message rows record it, not the audit trail
    mutating: false,
  }),
  smsWebhookInbound: route({
    method: 'POST',
    path: SMS_WEBHOOK_PATHS.inbound,
    area: 'public',
    summary: "An inbound SMS from a watch (Twilio, form-encoded, signed): stored, matched to the command it answers",
    body: smsInboundBody,
    response: okResponse,
    webhook: true,
    // a gateway's callback is no user's action: the message rows record it, not the audit trail
    mutating: false,
  }),
} as const;
