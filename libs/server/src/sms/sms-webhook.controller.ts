import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ErrorCode, fieldError, ROUTES, SMS_WEBHOOK_PATHS, type SmsInboundBody, type SmsStatusCallbackBody } from '@tracker/contract';
import { Endpoint, Input } from '../access/endpoint.decorator.js';
import { AppConfig } from '../core/config.js';
import { DomainError } from '../core/errors.js';
import { validTwilioSignature } from './gateway/index.js';
import { SmsWebhookService } from './sms-webhook.service.js';

const OK = { model: { ok: true as const } };

/**
 * The gateway's webhooks (public, form-encoded): 403 unless X-Twilio-Signature signs the exact URL the gateway was
 * given (SMS_WEBHOOK_BASE_URL + /api + path) and the posted fields; repeats are answered 200 and change nothing.
 */
@Controller()
export class SmsWebhookController {
  constructor(
    private readonly config: AppConfig,
    private readonly sms: SmsWebhookService,
  ) {}

  /** The fields as posted (every value a string, as a form gives them), checked against the signature. */
  private verify(req: Request, path: string) {
    const raw = (req.body ?? {}) as Record<string, unknown>;
    const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    const url = `${this.config.get('SMS_WEBHOOK_BASE_URL').replace(/\/$/, '')}/api${path}`;
    const signature = req.headers['x-twilio-signature'];
    if (!validTwilioSignature(this.config.twilio().authToken, typeof signature === 'string' ? signature : undefined, url, params)) {
      throw new DomainError(ErrorCode.Forbidden, [fieldError('X-Twilio-Signature', 'smsBadSignature')]);
    }
  }

  @Endpoint(ROUTES.smsWebhookStatus)
  async status(@Req() req: Request, @Input('body') b: SmsStatusCallbackBody) {
    this.verify(req, SMS_WEBHOOK_PATHS.status);
    await this.sms.statusCallback(b.MessageSid, b.MessageStatus, b.ErrorCode ? Number(b.ErrorCode) : null);
    return OK;
  }

  @Endpoint(ROUTES.smsWebhookInbound)
  async inbound(@Req() req: Request, @Input('body') b: SmsInboundBody) {
    this.verify(req, SMS_WEBHOOK_PATHS.inbound);
    await this.sms.reply(b);
    return OK;
  }
}
