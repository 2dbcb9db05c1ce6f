import { setMaxListeners } from 'node:events';
import { DEFAULT_KNOBS, mergeKnobs, type Knobs } from './knobs.js';
import { Handsets } from './handset.js';
import { API_VERSION, MessageStore, sid, type CallbackRecord, type ReplyRecord, type SimMessage } from './store.js';
import { ReversedReplies } from './reply-order.js';
import { alarmText, ControlError, type AlarmDetails } from './unprompted.js';
import { FleetDb, type Watch } from './watches.js';
import { FirmwareWatches } from './watch-firmware.js';
import { postSigned } from './webhook.js';

export interface FleetSimOptions {
  /** 0 (default): a free port */
  port?: number;
  host?: string;
  accountSid?: string;
  authToken?: string;
  /** where watches' replies are posted (our inbound webhook); null: replies are recorded, not posted */
  inboundUrl?: string | null;
  /** the watch platform's database; null: no watches, every valid number is delivered and never answers */
  databaseUrl?: string | null;
  /** the number a watch speaking unprompted writes to (POST /control/inbound without `to`) */
  gatewayNumber?: string;
  knobs?: Partial<Knobs>;
  log?: (line: string) => void;
  /** the mail sink's SMTP port (docs/fleet-sim.md "Mail"); 0 (default): a free port */
  smtpPort?: number;
  /**
   * the firmware FTP server (docs/fleet-sim.md "FTP"): port (0, default: a free one), folder (default: a temporary
   * one), the upload login (full rights) and the download login (list and read only)
   */
  ftpPort?: number;
  ftpRoot?: string;
  ftpUser?: string;
  ftpPassword?: string;
  ftpDownloadUser?: string;
  ftpDownloadPassword?: string;
}

export const DEFAULT_ACCOUNT_SID = 'AC00000000000000000000000000f1ee75';
export const DEFAULT_AUTH_TOKEN = 'fleet-sim-auth-token';
const E164 = /^\+[1-9]\d{6,14}$/;

/** Twilio's error body */
export interface TwilioError {
  status: number;
  code: number;
  message: string;
  more_info: string;
}
export const twilioError = (status: number, code: number, message: string): TwilioError => ({
  status,
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
});

export interface CreateParams {
  To?: string;
  From?: string;
  Body?: string;
  StatusCallback?: string;
}

const draw = ({ min, max }: { min: number; max: number }) => min + Math.floor(Math.random() * (max - min + 1));

/** The simulated gateway and its handsets: accepts messages, reports their fate, lets watches answer. */
export class FleetSim {
  readonly store = new MessageStore();
  readonly accountSid: string;
  readonly authToken: string;
  knobs: Knobs;
  private readonly startKnobs: Knobs;
  private readonly db: FleetDb | null;
  private readonly handsets: Handsets | null;
  readonly firmware = new FirmwareWatches(() => this.knobs, (line) => this.log(line));
  private readonly abort = new AbortController();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly reversed = new ReversedReplies((ms) => this.sleep(ms), (p) => this.track(p));
  private window = { second: 0, count: 0 };
  private seq = 0;
  /** bumped by reset(): deliveries of an earlier generation stop where they are */
  private generation = 0;

  constructor(readonly options: FleetSimOptions) {
    this.accountSid = options.accountSid ?? DEFAULT_ACCOUNT_SID;
    this.authToken = options.authToken ?? DEFAULT_AUTH_TOKEN;
    this.startKnobs = mergeKnobs(DEFAULT_KNOBS, options.knobs ?? {});
    this.knobs = this.startKnobs;
    this.db = options.databaseUrl ? new FleetDb(options.databaseUrl) : null;
    this.handsets = this.db ? new Handsets(this.db, () => this.knobs) : null;
    // every pending delay listens for close(): thousands at a time under a bulk send
    setMaxListeners(0, this.abort.signal);
  }

  configure(patch: unknown): Knobs {
    this.knobs = mergeKnobs(this.knobs, patch);
    return this.knobs;
  }

  reset(): void {
    this.generation++;
    this.store.clear();
    this.knobs = this.startKnobs;
    this.window = { second: 0, count: 0 };
    this.db?.reset();
    this.handsets?.reset();
    this.firmware.reset();
    this.reversed.reset();
  }

  /** POST .../Messages.json: the message, or Twilio's error */
  create(params: CreateParams, idempotencyToken: string | null): { status: number; message?: SimMessage; error?: TwilioError } {
    if (idempotencyToken) {
      const first = this.store.byIdempotencyToken(idempotencyToken);
      if (first) return { status: 201, message: first };
    }
    const to = params.To?.trim() ?? '';
    if (!E164.test(to)) return { status: 400, error: twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`) };
    if (!params.From?.trim()) return { status: 400, error: twilioError(400, 21603, "A 'From' phone number is required.") };
    if (!params.Body) return { status: 400, error: twilioError(400, 21602, 'Message body is required.') };
    if (!this.takeRate()) return { status: 429, error: twilioError(429, 20429, 'Too Many Requests') };
    const now = new Date();
    const m: SimMessage = {
      sid: sid('SM'),
      seq: ++this.seq,
      accountSid: this.accountSid,
      to,
      from: params.From.trim(),
      body: params.Body,
      statusCallback: params.StatusCallback || null,
      idempotencyToken,
      status: 'queued',
      errorCode: null,
      errorMessage: null,
      dateCreated: now,
      dateUpdated: now,
      callbacks: [],
      replies: [],
    };
    this.store.add(m);
    this.track(this.deliver(m));
    return { status: 201, message: m };
  }

  /** a watch speaks (a reply, or unprompted): the inbound message posted to our webhook */
  async inbound(from: string, body: string, to?: string | null, replyTo: string | null = null, replayOf?: string): Promise<ReplyRecord> {
    const r: ReplyRecord = {
      sid: sid('SM'),
      from,
      to: to || this.options.gatewayNumber || '+15005550006',
      body,
      at: new Date().toISOString(),
      answered: null,
      replyTo,
      ...(replayOf ? { replayOf } : {}),
    };
    this.store.inbound.push(r);
    if (replyTo) this.store.messages.get(replyTo)?.replies.push(r);
    if (this.options.inboundUrl) {
      r.answered = await postSigned(this.authToken, this.options.inboundUrl, {
        ToCountry: '',
        SmsMessageSid: r.sid,
        NumMedia: '0',
        SmsSid: r.sid,
        SmsStatus: 'received',
        Body: body,
        To: r.to,
        NumSegments: '1',
        MessageSid: r.sid,
        AccountSid: this.accountSid,
        From: from,
        ApiVersion: API_VERSION,
      });
    }
    return r;
  }

  /** POST /control/alarm: the watch at `from` sends an alarm or event unprompted, to the gateway number */
  async alarm(from: string, kind: unknown, details?: AlarmDetails): Promise<ReplyRecord> {
    return this.inbound(from, alarmText(kind, details));
  }

  /**
   * POST /control/replay: the watch that received the message `sid` says its reply again now (the first, or the
   * `index`th; negative counts from the last), as a new inbound message replying to the same message.
   */
  async replay(messageSid: string, index = 0): Promise<ReplyRecord> {
    const m = this.store.messages.get(messageSid);
    if (!m) throw new ControlError(404, `sid: no message ${messageSid}`);
    const original = m.replies.filter((r) => !r.replayOf);
    const r = original[index < 0 ? original.length + index : index];
    if (!r) throw new ControlError(409, original.length ? `index: the message had ${original.length} replies` : `sid: the message ${messageSid} had no reply`);
    return this.inbound(r.from, r.body, r.to, m.sid, r.sid);
  }

  /** the rest of a message's life: its callbacks and, when a watch got it, the watch's reply */
  private async deliver(m: SimMessage): Promise<void> {
    const k = this.knobs;
    const gen = this.generation;
    const wait = async () => (await this.sleep(this.latency())) && gen === this.generation;
    let final: { status: string; code: number | null; text: string | null };
    let watch: Watch | null = null;
    try {
      watch = this.db ? await this.db.watch(m.to) : { deviceId: 0, deviceTypeId: 0, number: m.to };
      if (Math.random() < k.failureRate) final = { status: 'undelivered', code: 30003, text: 'Unreachable destination handset' };
      else if (!watch) final = { status: 'undelivered', code: 30005, text: 'Unknown destination handset' };
      else final = { status: 'delivered', code: null, text: null };
    } catch (e) {
      this.log(`watch lookup failed for ${m.to}: ${(e as Error).message}`);
      final = { status: 'failed', code: 30008, text: 'Unknown error' };
    }
    let steps: { status: string; code: number | null }[] = [
      { status: 'queued', code: null },
      { status: 'sent', code: null },
      { status: final.status, code: final.code },
    ];
    const lost = final.status === 'delivered' && Math.random() < k.lossRate;
    if (lost) steps = steps.slice(0, 2);
    if (k.callbacks === 'outOfOrder') steps.reverse();
    if (k.callbacks === 'repeat') steps = [...steps, ...steps];

    for (const step of steps) {
      if (!(await wait())) return;
      if (step === steps[steps.length - 1] || k.callbacks !== 'inOrder') this.store.setStatus(m, final.status, final.code, final.text);
      else this.store.setStatus(m, step.status);
      await this.callback(m, step);
      if (Math.random() < k.duplicateRate) await this.callback(m, step);
    }
    if (gen !== this.generation) return;
    if (lost) this.store.setStatus(m, 'delivered');
    if (final.status === 'delivered' && watch) {
      this.store.received(m.to, m.body);
      if (this.handsets && watch.deviceId && Math.random() >= k.silentRate) await this.reply(m, watch, wait);
    }
  }

  private async reply(m: SimMessage, watch: Watch, wait: () => Promise<boolean>): Promise<void> {
    const gen = this.generation;
    const k = this.knobs;
    // an alarm while the command is in flight: said before the reply
    if (Math.random() < k.alarmRate) await this.inbound(m.to, 'SOS:ALARM');
    /** replyDelayMs before a reply (a late reply); false: reset or closing, say nothing */
    const delayed = async () => {
      const ms = this.replyDelay();
      return (ms === 0 || (await this.sleep(ms))) && gen === this.generation;
    };
    let text = m.body;
    for (const p of await this.db!.gatewayPrefixes()) if (text.startsWith(p)) text = text.slice(p.length);
    if (this.firmware.handles(text)) {
      const say = async (body: string) => (await delayed()) && this.inbound(m.to, body, m.from, m.sid);
      return this.firmware.run(text, m.to, say, wait);
    }
    // replyOrder reversed: the reply is posted by the watch's window, newest first
    const hold = k.replyOrder === 'reversed' ? this.reversed.join(m.to, m.seq, k.replyWindowMs, () => gen === this.generation) : null;
    let post: (() => Promise<unknown>) | null = null;
    try {
      const answer = await this.handsets!.answer(watch, text);
      if ((await wait()) && (await delayed())) post = () => this.inbound(m.to, answer, m.from, m.sid);
    } catch (e) {
      this.log(`watch ${m.to} failed to answer: ${(e as Error).message}`);
    } finally {
      hold?.(post);
    }
    if (!hold && post) await post();
  }

  private async callback(m: SimMessage, step: { status: string; code: number | null }): Promise<void> {
    const rec: CallbackRecord = { status: step.status, errorCode: step.code, at: new Date().toISOString(), answered: null };
    m.callbacks.push(rec);
    if (!m.statusCallback) return;
    const params: Record<string, string> = {
      SmsSid: m.sid,
      SmsStatus: step.status,
      MessageStatus: step.status,
      To: m.to,
      MessageSid: m.sid,
      AccountSid: this.accountSid,
      From: m.from,
      ApiVersion: API_VERSION,
    };
    if (step.code !== null) params.ErrorCode = String(step.code);
    rec.answered = await postSigned(this.authToken, m.statusCallback, params);
  }

  /** the send rate: at most ratePerSecond messages in each wall-clock second */
  private takeRate(): boolean {
    const limit = this.knobs.ratePerSecond;
    if (!limit) return true;
    const second = Math.floor(Date.now() / 1000);
    if (this.window.second !== second) this.window = { second, count: 0 };
    if (this.window.count >= limit) return false;
    this.window.count++;
    return true;
  }

  private latency(): number {
    return draw(this.knobs.latencyMs);
  }

  private replyDelay(): number {
    return draw(this.knobs.replyDelayMs);
  }

  /** false when fleet-sim is closing */
  sleep(ms: number): Promise<boolean> {
    const signal = this.abort.signal;
    if (signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(t);
        resolve(false);
      };
      const t = setTimeout(() => {
        signal.removeEventListener('abort', done);
        resolve(true);
      }, ms);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  track(p: Promise<unknown>): void {
    const q = p.catch((e) => this.log(`delivery failed: ${(e as Error).message}`)).finally(() => this.pending.delete(q));
    this.pending.add(q);
  }

  log(line: string): void {
    this.options.log?.(`[fleet-sim] ${line}`);
  }

  /** every delivery in flight now (and any it starts meanwhile) has ended */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    this.abort.abort();
    await Promise.allSettled([...this.pending]);
    await this.db?.close();
  }
}
