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
import { SmsStatusService, type SentRecord } from './sms-status.service.js';
import { revealSecret } from '../commands/grammar.js';

type Retry = { id: number; delayMs: number; attempts: number };

/**
 * Sends and retries recorded per transaction at most, and how long a send waits for others to share its commit: a
 * tenth of a second, so that at 100/s about ten share one (six statements each; at 20 ms two did: docs/benchmarks.md
 * "Bulk SMS", 2026-11-29). A delivery report that comes first waits in sms_callback and goes with the record.
 */
const RECORD_BATCH = 200;
const RECORD_DELAY_MS = 100;

/** A batch is claimed this long before its first slot, so its sends leave on their slots (not a claim's round trip later). */
const CLAIM_LEAD_MS = 200;

const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/**
 * The messages a job claims at once: a tenth of a second of its gateway's rate (1 at 10/s, 100 at 1,000/s), claimed
 * just before the first of their slots comes (CLAIM_LEAD_MS), so a claim is taken just before its sends' turn and never waits long enough
 * for another job to think it dead. The slots themselves are reserved further ahead, for two such batches (or two
 * rounds of SMS_PARALLEL_SENDS) in one Redis call, so the Redis and Postgres round trips never hold the rate back.
 */
export const claimBatch = (ratePerSecond: number | null | undefined) => Math.min(100, Math.max(1, Math.ceil((ratePerSecond ?? 1000) / 10)));

/**
 * A job's sends and temporary failures, written in batches (one transaction per batch, one batch at a time): a send
 * waits at most RECORD_DELAY_MS for others to share its commit. A batch that fails is recorded one by one, so one
 * bad record keeps only its own message claimed (the sweep reconciles it after the lease).
 */
class SendRecorder {
  private sent: SentRecord[] = [];
  private retries: Retry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly recordSent: (b: SentRecord[]) => Promise<void>,
    private readonly retryLater: (r: Retry[]) => Promise<void>,
    private readonly log: Logger,
  ) {}

  add(r: SentRecord) {
    this.sent.push(r);
    this.soon();
  }

  retry(r: Retry) {
    this.retries.push(r);
    this.soon();
  }

  private soon() {
    if (this.sent.length + this.retries.length >= RECORD_BATCH) this.kick();
    else this.timer ??= setTimeout(() => this.kick(), RECORD_DELAY_MS);
  }

  private kick() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // a batch being written: what came meanwhile goes with the next one (the timer looks again if it just ended)
    if (this.running) this.timer = setTimeout(() => this.kick(), RECORD_DELAY_MS);
    else this.running = this.drain().finally(() => (this.running = null));
  }

  private async drain() {
    while (this.sent.length || this.retries.length) {
      const sent = this.sent.splice(0, RECORD_BATCH);
      const retries = this.retries.splice(0, RECORD_BATCH);
      if (retries.length) await this.retryLater(retries).catch((err) => this.log.warn({ err, n: retries.length }, 'sms retries not recorded; the sweep takes them after the lease'));
      if (!sent.length) continue;
      try {
        await this.recordSent(sent);
      } catch (err) {
        this.log.warn({ err, n: sent.length }, 'sms batch not recorded, recording one by one');
        for (const r of sent) {
          await this.recordSent([r]).catch((e) => this.log.warn({ err: e, sms: r.id, sid: r.sid }, 'sms send not recorded; the sweep reconciles it after the lease'));
        }
      }
    }
  }

  /** Everything added so far is written. */
  async flush() {
    while (this.sent.length || this.retries.length || this.running) {
      if (!this.running) this.kick();
      await this.running;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** At most `n` of the job's gateway calls at once. */
class Lanes {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(n: number) {
    this.free = n;
  }
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((r) => this.waiting.push(r));
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

/**
 * The worker's send of a chunk of stored messages (docs/sms.md "Sending"): routes each to the gateway of the longest
 * matching phone code and, a batch at a time, reserves the batch's slots of the gateway's shared rate (one Redis
 * call), claims the batch when its first slot comes (one UPDATE), sends each message in its slot with its
 * idempotency key, and records the gateways' sids in batches (`SendRecorder`). A message attempted before is first
 * looked for at the gateway (reconciliation), so a worker killed between the gateway's answer and our commit never
 * sends twice. Temporary failures come back after a backoff (a delayed job), permanent ones end the message as error
 * with the gateway's code.
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
    const lanes = new Lanes(parallel);
    const retries: Retry[] = [];
    const recorder = new SendRecorder(
      (b) => this.status.recordSent(b),
      (r) => this.repo.retryLater(r, owner),
      this.log,
    );
    // messages whose slots are reserved and whose send has not ended: the reservations run this far ahead
    let unsent = 0;
    let wake: (() => void) | null = null;
    const ended = () => {
      unsent--;
      wake?.();
    };
    const batches = new Set<Promise<void>>();
    let failure: unknown = null;
    try {
      const toSend = await this.repo.toSend(ids);
      for (let i = 0; i < toSend.length; ) {
        const gateways = await this.gateways.enabled();
        const route = (n: string | null) => (n ? routeNumber(gateways, n) : null);
        const k = claimBatch(route(toSend[i]!.gsm_number)?.rate_per_second);
        // slots for two claim batches (or two rounds of parallel sends) reserved in one call, at most this far ahead
        const ahead = Math.max(k, parallel);
        while (unsent > ahead) await new Promise<void>((r) => (wake = r));
        const window = toSend.slice(i, (i += 2 * ahead)).map((m) => ({ ...m, gw: route(m.gsm_number) }));
        const slots = await this.reserve(window);
        unsent += window.length;
        // each batch goes its way (claimed at its first slot, then its sends) while the next slots are reserved
        for (let j = 0; j < window.length; j += k) {
          const p: Promise<void> = this.sendBatch(window.slice(j, j + k), slots, owner, lanes, recorder, retries, ended)
            .catch((err) => (failure ??= err))
            .finally(() => batches.delete(p));
          batches.add(p);
        }
      }
    } finally {
      // also when something failed: the sends under way end and are recorded before the job (or its retry) moves on
      while (batches.size) await Promise.all(batches);
      await recorder.flush();
    }
    // a batch that could not be claimed: the job fails, and BullMQ runs it again
    if (failure) throw failure;
    if (retries.length) {
      // one delayed job for the chunk's retries; its round (the attempts so far) tells it apart from earlier jobs
      const round = Math.max(...retries.map((r) => r.attempts));
      const delay = Math.max(...retries.map((r) => r.delayMs));
      await this.jobs.enqueue(JobName.SmsSend, { ids: retries.map((r) => r.id).sort((a, b) => a - b), round }, delay);
    }
  }

  /** A batch whose slots are reserved: claimed just before its first slot comes, then each message sent in its slot. */
  private async sendBatch(
    batch: { id: number; gw: GatewayRow | null }[],
    slots: Map<number, number>,
    owner: string,
    lanes: Lanes,
    recorder: SendRecorder,
    retries: Retry[],
    ended: () => void,
  ): Promise<void> {
    let claimed: ClaimedSms[] = [];
    try {
      await sleep(Math.min(...batch.map((m) => slots.get(m.id) ?? Date.now())) - CLAIM_LEAD_MS - Date.now());
      claimed = await this.repo.claim(batch.map((m) => m.id), owner, this.config.get('SMS_CLAIM_LEASE_MS'));
    } finally {
      const taken = new Set(claimed.map((m) => m.id));
      for (const m of batch) if (!taken.has(m.id)) ended();
    }
    const gw = new Map(batch.map((m) => [m.id, m.gw]));
    await Promise.all(
      claimed.map((m) =>
        this.sendOne(m, gw.get(m.id) ?? null, slots.get(m.id) ?? Date.now(), lanes, recorder)
          .then((r) => void (r && retries.push(r)))
          .catch((err) => this.log.warn({ err, sms: m.id }, 'sms send failed unexpectedly; the sweep takes it after the lease'))
          .finally(ended),
      ),
    );
  }

  /** The slot (epoch ms) of each message of a batch, reserved per gateway in one call each; none for unroutable ones. */
  private async reserve(batch: { id: number; gw: GatewayRow | null }[]): Promise<Map<number, number>> {
    const byGateway = new Map<number, { gw: GatewayRow; ids: number[] }>();
    for (const m of batch) if (m.gw) byGateway.set(m.gw.id, { gw: m.gw, ids: [...(byGateway.get(m.gw.id)?.ids ?? []), m.id] });
    const now = Date.now();
    const slots = new Map<number, number>();
    await Promise.all(
      [...byGateway.values()].map(async ({ gw, ids }) => {
        const waits = await this.rate.reserve(gw.id, gw.rate_per_second, ids.length);
        ids.forEach((id, j) => slots.set(id, now + waits[j]!));
      }),
    );
    return slots;
  }

  private async sendOne(m: ClaimedSms, gw: GatewayRow | null, slot: number, lanes: Lanes, recorder: SendRecorder): Promise<Retry | null> {
    if (!m.gsm_number) return this.fail(m.id, smsReason('smsNoNumber'));
    if (!gw) return this.fail(m.id, smsReason('smsNoGateway', { number: m.gsm_number }));
    let text = m.message;
    if (m.secret_ref) {
      // the stored text masks the secret; the gateway alone gets it (docs/sms.md "Secrets")
      const secret = await this.repo.secret(m.secret_ref);
      if (secret === null) return this.fail(m.id, smsReason('smsSecretMissing', { ref: m.secret_ref }));
      text = revealSecret(text, secret);
    }
    const body = renderForGateway(gw, text);
    if (body.length > SMS_TEXT_MAX) return this.fail(m.id, smsReason('smsTooLong', { length: body.length, max: SMS_TEXT_MAX }));
    const client = this.gateways.client(gw);
    if (m.status !== SMS_STATUS.created) return this.settledSid(client, m, m.gsm_number, body, gw.id, recorder);
    await sleep(slot - Date.now());
    // past its time to live while it waited for its slot: never handed to the gateway; the sweep ends it expired
    if (m.expires_at && Date.parse(m.expires_at) <= Date.now()) {
      await this.messages.release(m.id);
      return null;
    }
    return lanes.run(async () => {
      let sent: GatewayMessage;
      try {
        sent = (m.attempts > 1 && (await this.reconcile(client, m, m.gsm_number!, body))) || (await this.send(client, gw, m, m.gsm_number!, body));
      } catch (err) {
        return this.failed(m, gw.id, err, recorder);
      }
      recorder.add({ id: m.id, gatewayId: gw.id, sid: sent.sid, status: sent.status, errorCode: sent.errorCode });
      return null;
    });
  }

  private send(client: SmsGatewayClient, gw: GatewayRow, m: ClaimedSms, to: string, body: string): Promise<GatewayMessage> {
    return client.send({ to, from: gw.from_number ?? '', body, statusCallback: this.gateways.statusCallback(), idempotencyKey: m.idempotency_key });
  }

  /** A message the gateway already has (same number and text, since it was stored, no other message's sid), or null. */
  private async reconcile(client: SmsGatewayClient, m: ClaimedSms, to: string, body: string): Promise<GatewayMessage | null> {
    const since = new Date(Date.parse(m.created) - 60_000);
    // the number checked here too: a list that ignored its filter must not hand us another number's message
    const same = (await client.sentTo(to, since)).filter((g) => g.to === to && g.body === body);
    const known = await this.repo.knownSids(same.map((g) => g.sid));
    const found = same.find((g) => !known.has(g.sid)) ?? null;
    if (found) this.log.info({ sms: m.id, sid: found.sid }, 'sms reconciled: the gateway had it already');
    return found;
  }

  /** A message a reply settled while it was being sent: its sid looked up at the gateway, never sent again. */
  private async settledSid(client: SmsGatewayClient, m: ClaimedSms, to: string, body: string, gatewayId: number, recorder: SendRecorder): Promise<null> {
    const found = await this.reconcile(client, m, to, body).catch(() => null);
    if (found) recorder.add({ id: m.id, gatewayId, sid: found.sid, status: found.status, errorCode: found.errorCode });
    // not found (yet): the claim stays and the sweep tries again after the lease, up to the last attempt
    else if (m.attempts >= this.config.get('SMS_MAX_ATTEMPTS')) await this.messages.release(m.id);
    return null;
  }

  /** A send the gateway `gatewayId` refused or did not answer: retried later, or failed for good (counted against that gateway). */
  private async failed(m: ClaimedSms, gatewayId: number, err: unknown, recorder: SendRecorder): Promise<Retry | null> {
    if (err instanceof GatewayError && !err.temporary) {
      return this.fail(m.id, smsReason('smsGatewayError', { code: err.code ?? err.httpStatus ?? 0, message: err.message.slice(0, 200) }), gatewayId);
    }
    if (m.attempts >= this.config.get('SMS_MAX_ATTEMPTS')) return this.fail(m.id, smsReason('smsGatewayUnavailable', { attempts: m.attempts }), gatewayId);
    const backoff = this.config.get('SMS_RETRY_BASE_MS') * 2 ** Math.min(m.attempts - 1, 10);
    const delayMs = err instanceof GatewayError && err.retryAfterMs ? Math.max(err.retryAfterMs, 100) : backoff;
    this.log.warn({ sms: m.id, attempt: m.attempts, delayMs, err: (err as Error).message }, 'sms send failed, will retry');
    const r = { id: m.id, delayMs, attempts: m.attempts };
    recorder.retry(r);
    return r;
  }

  /**
   * Ends a message as error with its reason (if it is still to send). `gatewayId`: the gateway that refused it, whose
   * failures it counts in (tracker_sms_status_total, docs/operations.md); the row keeps no gateway (it never sent it).
   */
  private async fail(id: number, reason: Reason, gatewayId: number | null = null): Promise<null> {
    await this.messages.transaction(async (c) => {
      const m = await this.messages.lockById(id, c);
      if (m && m.status === SMS_STATUS.created) await this.status.settle({ ...m, gateway_id: m.gateway_id ?? gatewayId }, SMS_STATUS.error, c, { error: reason });
    });
    return null;
  }
}
