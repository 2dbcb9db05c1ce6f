/**
 * The SMS gateway as the pipeline sees it (docs/sms.md, "The adapter"). One implementation: Twilio's Messages API
 * through the real `twilio` SDK (twilio.gateway.ts); in development and tests the same code talks to fleet-sim.
 */
export interface SendRequest {
  to: string;
  from: string;
  body: string;
  /** where the gateway posts the message's delivery reports */
  statusCallback: string;
  /** sent as I-Twilio-Idempotency-Token: the same key within 24 h answers the first message and sends nothing */
  idempotencyKey: string;
}

export interface GatewayMessage {
  sid: string;
  /** Twilio's status: queued, sending, sent, delivered, undelivered, failed, ... */
  status: string;
  errorCode: number | null;
  errorMessage: string | null;
  to: string;
  body: string;
  /** ISO 8601 */
  dateCreated: string;
}

export interface SmsGatewayClient {
  /** creates the message (client.messages.create) */
  send(req: SendRequest): Promise<GatewayMessage>;
  /** the message by its sid (client.messages(sid).fetch()); null when the gateway does not know it */
  fetch(sid: string): Promise<GatewayMessage | null>;
  /** messages to `to` created since `since` (client.messages.list({ to, dateSentAfter })): reconciliation */
  sentTo(to: string, since: Date): Promise<GatewayMessage[]>;
}

/**
 * A gateway call that failed. `temporary`: worth retrying later (network error, timeout, 429, 5xx); otherwise the
 * request itself is wrong (other 4xx, e.g. 21211 invalid 'To', 21610 unsubscribed) and retrying cannot help.
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
    readonly code: number | null,
    readonly temporary: boolean,
    /** the gateway's Retry-After, when it gave one */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** Temporary or permanent, by HTTP status (null: no answer at all, a network failure or timeout). */
export function isTemporaryStatus(httpStatus: number | null): boolean {
  return httpStatus === null || httpStatus === 408 || httpStatus === 429 || httpStatus >= 500;
}
