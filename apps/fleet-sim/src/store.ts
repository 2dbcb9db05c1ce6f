import { randomBytes } from 'node:crypto';

export const API_VERSION = '2010-04-01';
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface CallbackRecord {
  status: string;
  errorCode: number | null;
  at: string;
  /** HTTP status our webhook answered, or null when it could not be reached */
  answered: number | null;
}

export interface ReplyRecord {
  sid: string;
  from: string;
  to: string;
  body: string;
  at: string;
  /** HTTP status of the inbound webhook, null when unreachable; undefined while not posted yet */
  answered: number | null;
  /** the outbound message that caused it (null: the watch spoke unprompted) */
  replyTo: string | null;
  /** a reply said again (POST /control/replay): the sid of the reply it repeats */
  replayOf?: string;
}

export interface SimMessage {
  sid: string;
  /** the order fleet-sim accepted it in (replyOrder `reversed` posts the newest first) */
  seq: number;
  accountSid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  idempotencyToken: string | null;
  status: string;
  errorCode: number | null;
  errorMessage: string | null;
  dateCreated: Date;
  dateUpdated: Date;
  callbacks: CallbackRecord[];
  replies: ReplyRecord[];
}

export const sid = (prefix: 'SM' | 'MM') => prefix + randomBytes(16).toString('hex');

/** Twilio's date format (RFC 2822 with +0000), which the SDK parses */
export const rfc2822 = (d: Date) => d.toUTCString().replace('GMT', '+0000');

/** The message as Twilio's REST API shows it. */
export function messageJson(m: SimMessage) {
  const uri = `/${API_VERSION}/Accounts/${m.accountSid}/Messages/${m.sid}.json`;
  return {
    account_sid: m.accountSid,
    api_version: API_VERSION,
    body: m.body,
    date_created: rfc2822(m.dateCreated),
    date_sent: rfc2822(m.dateCreated),
    date_updated: rfc2822(m.dateUpdated),
    direction: 'outbound-api',
    error_code: m.errorCode,
    error_message: m.errorMessage,
    from: m.from,
    messaging_service_sid: null,
    num_media: '0',
    num_segments: String(Math.max(1, Math.ceil(m.body.length / 160))),
    price: null,
    price_unit: 'USD',
    sid: m.sid,
    status: m.status,
    subresource_uris: { media: uri.replace('.json', '/Media.json') },
    to: m.to,
    uri,
  };
}

/** What fleet-sim has accepted and what the handsets received, in memory (POST /control/reset empties it). */
export class MessageStore {
  readonly messages = new Map<string, SimMessage>();
  private readonly byToken = new Map<string, { sid: string; at: number }>();
  /** number -> body -> times the handset received it */
  readonly handsets = new Map<string, Map<string, number>>();
  readonly inbound: ReplyRecord[] = [];

  byIdempotencyToken(token: string, now = Date.now()): SimMessage | null {
    const hit = this.byToken.get(token);
    if (!hit || now - hit.at > IDEMPOTENCY_TTL_MS) return null;
    return this.messages.get(hit.sid) ?? null;
  }

  add(m: SimMessage): void {
    this.messages.set(m.sid, m);
    if (m.idempotencyToken) this.byToken.set(m.idempotencyToken, { sid: m.sid, at: m.dateCreated.getTime() });
  }

  setStatus(m: SimMessage, status: string, errorCode: number | null = null, errorMessage: string | null = null): void {
    m.status = status;
    m.errorCode = errorCode;
    m.errorMessage = errorMessage;
    m.dateUpdated = new Date();
  }

  received(to: string, body: string): void {
    const bodies = this.handsets.get(to) ?? new Map<string, number>();
    bodies.set(body, (bodies.get(body) ?? 0) + 1);
    this.handsets.set(to, bodies);
  }

  /** messages to `to` (all when null), newest first, optionally created at or after `since` / before `until` */
  list(filter: { to?: string | null; since?: Date | null; until?: Date | null }): SimMessage[] {
    const out: SimMessage[] = [];
    for (const m of this.messages.values()) {
      if (filter.to && m.to !== filter.to) continue;
      if (filter.since && m.dateCreated.getTime() < filter.since.getTime()) continue;
      if (filter.until && m.dateCreated.getTime() >= filter.until.getTime()) continue;
      out.push(m);
    }
    return out.reverse();
  }

  handsetCounts(to?: string | null): { to: string; body: string; count: number }[] {
    const out: { to: string; body: string; count: number }[] = [];
    for (const [number, bodies] of this.handsets) {
      if (to && number !== to) continue;
      for (const [body, count] of bodies) out.push({ to: number, body, count });
    }
    return out;
  }

  clear(): void {
    this.messages.clear();
    this.byToken.clear();
    this.handsets.clear();
    this.inbound.length = 0;
  }
}
