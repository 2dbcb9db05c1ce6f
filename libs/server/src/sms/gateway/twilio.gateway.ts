import { AsyncLocalStorage } from 'node:async_hooks';
import { Agent as HttpAgent } from 'node:http';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import type { MessageInstance } from 'twilio/lib/rest/api/v2010/account/message.js';
import { GatewayError, isTemporaryStatus, type GatewayMessage, type SendRequest, type SmsGatewayClient } from './gateway.js';

export interface TwilioGatewayConfig {
  accountSid: string;
  authToken: string;
  /** base URL replacing https://api.twilio.com (fleet-sim in development and tests); unset: the real Twilio */
  apiUrl?: string | null;
  /** per-request timeout; a timeout is a temporary failure */
  timeoutMs?: number;
}

export const IDEMPOTENCY_HEADER = 'I-Twilio-Idempotency-Token';
const TWILIO_API_ORIGIN = 'https://api.twilio.com';

/** What one SDK call carries to the HTTP client and back (the SDK's own calls take no extra headers). */
interface CallContext {
  idempotencyKey?: string;
  retryAfter?: string;
}
const callContext = new AsyncLocalStorage<CallContext>();


/**
 * The SDK's HTTP client with two additions: requests for https://api.twilio.com go to `apiUrl` when one is set (the
 * SDK's own extension point, so production and development run the same code), and a send carries its idempotency
 * token. It also keeps a 429's Retry-After for the error. Connections are kept alive for both schemes (the SDK's own
 * agent covers https only; a gateway at an http URL, fleet-sim, would otherwise depend on Node's global agent).
 */
class GatewayRequestClient extends twilio.RequestClient {
  constructor(
    private readonly apiUrl: string | null,
    timeoutMs: number,
  ) {
    super({ timeout: timeoutMs, keepAlive: true, autoRetry: false });
    this.axios.defaults.httpAgent = new HttpAgent({ keepAlive: true, timeout: timeoutMs, maxSockets: 100, maxFreeSockets: 100 });
  }

  override async request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const ctx = callContext.getStore();
    const headers = { ...(opts.headers ?? {}) };
    if (ctx?.idempotencyKey) headers[IDEMPOTENCY_HEADER] = ctx.idempotencyKey;
    const res = await super.request<TData>({ ...opts, uri: this.route(opts.uri), headers });
    if (ctx) ctx.retryAfter = res.headers?.['retry-after'];
    return res;
  }

  private route(uri: string): string {
    if (!this.apiUrl || !uri.startsWith(TWILIO_API_ORIGIN)) return uri;
    return this.apiUrl.replace(/\/+$/, '') + uri.slice(TWILIO_API_ORIGIN.length);
  }
}

function toGatewayMessage(m: MessageInstance): GatewayMessage {
  return {
    sid: m.sid,
    status: m.status,
    errorCode: m.errorCode ?? null,
    errorMessage: m.errorMessage ?? null,
    to: m.to,
    body: m.body,
    dateCreated: (m.dateCreated ?? new Date()).toISOString(),
  };
}

function retryAfterMs(value: string | undefined): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** Any failure of an SDK call as a GatewayError, classified temporary or permanent. */
function gatewayError(e: unknown, ctx: CallContext): GatewayError {
  if (e instanceof GatewayError) return e;
  if (e instanceof twilio.RestException) {
    const status = e.status ?? null;
    return new GatewayError(e.message, status, e.code ?? null, isTemporaryStatus(status), retryAfterMs(ctx.retryAfter));
  }
  const err = e as { message?: string; code?: string; isAxiosError?: boolean; response?: unknown };
  // no answer: connection refused or reset, DNS, timeout (axios marks these; a response would be a RestException)
  if (err?.isAxiosError || (typeof err?.code === 'string' && /^E[A-Z]+/.test(err.code))) {
    return new GatewayError(`gateway unreachable: ${err.code ?? ''} ${err.message ?? ''}`.trim(), null, null, true);
  }
  return new GatewayError(err?.message ?? String(e), null, null, false);
}

/** Twilio's Messages API through the real SDK (client.messages), pointed at `apiUrl` when set. */
export function twilioGateway(cfg: TwilioGatewayConfig): SmsGatewayClient {
  const client = twilio(cfg.accountSid, cfg.authToken, {
    accountSid: cfg.accountSid,
    httpClient: new GatewayRequestClient(cfg.apiUrl ?? null, cfg.timeoutMs ?? 15_000),
    autoRetry: false,
  });

  async function call<T>(ctx: CallContext, fn: () => Promise<T>): Promise<T> {
    try {
      return await callContext.run(ctx, fn);
    } catch (e) {
      throw gatewayError(e, ctx);
    }
  }

  return {
    send(req: SendRequest) {
      return call({ idempotencyKey: req.idempotencyKey }, async () =>
        toGatewayMessage(
          await client.messages.create({ to: req.to, from: req.from, body: req.body, statusCallback: req.statusCallback }),
        ),
      );
    },
    async fetch(sid: string) {
      try {
        return await call({}, async () => toGatewayMessage(await client.messages(sid).fetch()));
      } catch (e) {
        if (e instanceof GatewayError && e.httpStatus === 404) return null;
        throw e;
      }
    },
    sentTo(to: string, since: Date) {
      return call({}, async () => (await client.messages.list({ to, dateSentAfter: since, pageSize: 1000 })).map(toGatewayMessage));
    },
  };
}
