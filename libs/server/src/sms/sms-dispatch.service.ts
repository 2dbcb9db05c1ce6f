import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { SMS_STATUS, SMS_TEXT_MAX, type Reason } from '@tracker/contract';
import { AppConfig } from '../core/config.js';
import { LOGGER } from '../core/tokens.js';
import { JobName, JobQueue } from '../core/jobs/index.js';
import { GatewayError, type GatewayMessage, type SmsGatewayClient } from './gateway/index.js';
import { SmsDispatchRepository, type ClaimedSms, type GatewayRow } from './sms-dispatch.repository.js';
import { renderForGateway, routeNumber, SmsGateways } from './sms-gateways.js';
import { SmsRateLimiter } from './sms-rate.js';
import { smsReason } from './sms-reason.js';
import { SmsStatusRepository } from './sms-status.repository.js';
import { SmsStatusService } from './sms-status.service.js';

/** Runs `fn` over `items`, at most `n` at once. */
async function inParallel<T>(items: T[], n: number, fn: (x: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]!);
  });
  await Promise.all(lanes);
}

type Outcome = { retryId: number; delayMs: number; attempts: number } | null;

/**
 * The worker's send of a chunk of stored messages (docs/sms.md "Sending"): claims them a few at a time, routes each
 * to the gateway of the longest matching phone code, waits for the gateway's shared rate, sends with the message's
 * idempotency key and records the gateway's sid; a message attempted before is first looked for at the gateway
 * (reconciliation), so a worker killed between the gateway's answer and our commit never sends twice. Temporary
 * failures come back after a backoff (a delayed job), permanent ones end the message as error with the gateway's code.
 */
@Injectable()
export class SmsDispatcher {
  constructor(
    private readonly config: AppConfig,
    private readonly repo: SmsDispatchRepository,
    private readonly gateways: SmsGateways,
    private readonly rate: SmsRateLimiter,
    private readonly messages: SmsStatusRepository,
    private readonly status: SmsStatusService,
    private readonly jobs: JobQueue,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async run(ids: number[], owner: string): Promise<void> {
    const parallel = this.config.get('SMS_PARALLEL_SENDS');
    const retries: NonNullable<Outcome>[] = [];
    for (let i = 0; i < ids.length; i += parallel * 2) {
      const claimed = await this.repo.claim(ids.slice(i, i + parallel * 2), owner, this.config.get('SMS_CLAIM_LEASE_MS'));
      await inParallel(claimed, parallel, async (m) => {
        const r = await this.sendOne(m);
        if (r) retries.push(r);
      });
    }
    if (retries.length) {
      // one delayed job for the chunk's retries; its round (the attempts so far) tells it apart from earlier jobs
      const round = Math.max(...retries.map((r) => r.attempts));
      const delay = Math.max(...retries.map((r) => r.delayMs));
      await this.jobs.enqueue(JobName.SmsSend, { ids: retries.map((r) => r.retryId).sort((a, b) => a - b), round }, delay);
    }
  }

  private async sendOne(m: ClaimedSms): Promise<Outcome> {
    if (!m.gsm_number) return this.fail(m.id, smsReason('smsNoNumber'));
    const gw = routeNumber(await this.gateways.enabled(), m.gsm_number);
    if (!gw) return this.fail(m.id, smsReason('smsNoGateway', { number: m.gsm_number }));
    const body = renderForGateway(gw, m.message);
    if (body.length > SMS_TEXT_MAX) return this.fail(m.id, smsReason('smsTooLong', { length: body.length, max: SMS_TEXT_MAX }));
    const client = this.gateways.client(gw);
    let sent: GatewayMessage;
    try {
      sent = (m.attempts > 1 && (await this.reconcile(client, m, m.gsm_number, body))) || (await this.send(client, gw, m, m.gsm_number, body));
    } catch (err) {
      return this.failed(m, err);
    }
    await this.recordSent(m.id, gw.id, sent);
    return null;
  }

  private async send(client: SmsGatewayClient, gw: GatewayRow, m: ClaimedSms, to: string, body: string): Promise<GatewayMessage> {
    await this.rate.acquire(gw.id, gw.rate_per_second);
    return client.send({ to, from: gw.from_number ?? '', body, statusCallback: this.gateways.statusCallback(), idempotencyKey: m.idempotency_key });
  }

  /** A message the gateway already has (same number and text, since it was stored, no other message's sid), or null. */
  private async reconcile(client: SmsGatewayClient, m: ClaimedSms, to: string, body: string): Promise<GatewayMessage | null> {
    const since = new Date(Date.parse(m.created) - 60_000);
    const same = (await client.sentTo(to, since)).filter((g) => g.body === body);
    const known = await this.repo.knownSids(same.map((g) => g.sid));
    const found = same.find((g) => !known.has(g.sid)) ?? null;
    if (found) this.log.info({ sms: m.id, sid: found.sid }, 'sms reconciled: the gateway had it already');
    return found;
  }

  private async failed(m: ClaimedSms, err: unknown): Promise<Outcome> {
    if (err instanceof GatewayError && !err.temporary) {
      return this.fail(m.id, smsReason('smsGatewayError', { code: err.code ?? err.httpStatus ?? 0, message: err.message.slice(0, 200) }));
    }
    if (m.attempts >= this.config.get('SMS_MAX_ATTEMPTS')) return this.fail(m.id, smsReason('smsGatewayUnavailable', { attempts: m.attempts }));
    const backoff = this.config.get('SMS_RETRY_BASE_MS') * 2 ** Math.min(m.attempts - 1, 10);
    const delayMs = err instanceof GatewayError && err.retryAfterMs ? Math.max(err.retryAfterMs, 100) : backoff;
    this.log.warn({ sms: m.id, attempt: m.attempts, delayMs, err: (err as Error).message }, 'sms send failed, will retry');
    await this.repo.retryLater(m.id, delayMs);
    return { retryId: m.id, delayMs, attempts: m.attempts };
  }

  /** Ends a message as error with its reason (if it is still to send). */
  private async fail(id: number, reason: Reason): Promise<Outcome> {
    await this.messages.tx(async (c) => {
      const m = await this.messages.lockById(id, c);
      if (m && m.status === SMS_STATUS.created) await this.status.settle(m, SMS_STATUS.error, c, { error: reason });
    });
    return null;
  }

  /** The gateway took the message: its sid recorded, status sent (unless a reply settled it first), early callbacks applied. */
  private async recordSent(id: number, gatewayId: number, g: GatewayMessage): Promise<void> {
    await this.messages.tx(async (c) => {
      const m = await this.messages.lockById(id, c);
      if (!m || m.gateway_message_id) return;
      await this.messages.setSent(id, gatewayId, g.sid, c);
      m.gateway_message_id = g.sid;
      await this.status.settle(m, Math.max(m.status, SMS_STATUS.sent), c);
      await this.status.applyPending(m, c, [{ status: g.status, error_code: g.errorCode }]);
    });
  }
}
