import { Controller } from '@nestjs/common';
import { ROUTES, type SmsSendBulkBody, type SmsSendBody } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { SmsSendService } from './sms-send.service.js';

/** §7 SMS, sending: one device, a campaign and its progress, the log commands. */
@Controller()
export class SmsController {
  constructor(private readonly sms: SmsSendService) {}

  @Endpoint(ROUTES.smsSend)
  async send(@Session() s: SessionUser, @Input('body') b: SmsSendBody) {
    return { model: await this.sms.send(s, b) };
  }

  @Endpoint(ROUTES.smsSendBulk)
  async sendBulk(@Session() s: SessionUser, @Input('body') b: SmsSendBulkBody) {
    return { model: await this.sms.sendBulk(s, b) };
  }

  @Endpoint(ROUTES.smsCampaign)
  async campaign(@Session() s: SessionUser, @Input('query') q: { bulk_id: string }) {
    return { model: await this.sms.campaign(s, q.bulk_id) };
  }

  @Endpoint(ROUTES.smsCampaigns)
  async campaigns(@Session() s: SessionUser, @Input('query') q: { page: number; count: number }) {
    return { model: await this.sms.campaigns(s, q.page, q.count) };
  }

  @Endpoint(ROUTES.smsStartLog)
  async startLog(@Session() s: SessionUser, @Input('body') b: { duration: number; logLevel: number; deviceId: number }) {
    return { model: await this.sms.startLog(s, b.deviceId, b.duration, b.logLevel) };
  }

  @Endpoint(ROUTES.smsSendLog)
  async sendLog(@Session() s: SessionUser, @Input('body') b: { deviceId: number }) {
    return { model: await this.sms.sendLog(s, b.deviceId) };
  }
}
