import { Injectable } from '@nestjs/common';
import { SMS_WEBHOOK_PATHS } from '@tracker/contract';
import { AppConfig } from '../core/config.js';
import { RedisService } from '../core/redis.js';
import { twilioGateway, type SmsGatewayClient } from './gateway/index.js';
import { SmsDispatchRepository, type GatewayRow } from './sms-dispatch.repository.js';

const CACHE_MS = 5000;

/** The Redis counter a gateway save increments; every process re-reads the gateways when it has moved. */
const versionKey = (config: AppConfig) => `${config.get('REDIS_KEY_PREFIX')}sms:gateways:version`;

/** Called after a gateway save commits (docs/administration.md "Gateways"): routing everywhere uses it from now on. */
export async function gatewaysChanged(redis: RedisService, config: AppConfig): Promise<void> {
  await redis.incr(versionKey(config));
}

/** The gateway whose allowed phone codes match the number: the longest matching code wins (null: none). */
export function routeNumber(gateways: GatewayRow[], number: string): GatewayRow | null {
  let best: { gw: GatewayRow; len: number } | null = null;
  for (const gw of gateways) {
    for (const code of gw.allowed) {
      if (number.startsWith(code) && (!best || code.length > best.len || (code.length === best.len && gw.id < best.gw.id))) best = { gw, len: code.length };
    }
  }
  return best?.gw ?? null;
}

/** The text the gateway carries: its command prefix (sms_gateway.command), if any, and the message. */
export const renderForGateway = (gw: GatewayRow, message: string) => (gw.command ? `${gw.command} ${message}` : message);

/**
 * The enabled gateways (re-read when a save has moved the version counter in Redis, and every few seconds in any
 * case, so an edit reaches running workers at once) and one adapter client per
 * gateway: Twilio's API at the gateway's url, or TWILIO_API_URL when it has none (fleet-sim in development).
 */
@Injectable()
export class SmsGateways {
  private cache: { at: number; version: string | null; rows: GatewayRow[] } | null = null;
  private readonly clients = new Map<string, SmsGatewayClient>();

  constructor(
    private readonly config: AppConfig,
    private readonly repo: SmsDispatchRepository,
    private readonly redis: RedisService,
  ) {}

  async enabled(): Promise<GatewayRow[]> {
    // Redis unreachable: the few seconds of the cache bound how stale the list can be
    const version = await this.redis.get(versionKey(this.config)).catch(() => this.cache?.version ?? null);
    if (!this.cache || this.cache.version !== version || Date.now() - this.cache.at > CACHE_MS) {
      this.cache = { at: Date.now(), version, rows: await this.repo.gateways() };
    }
    return this.cache.rows;
  }

  client(gw: GatewayRow): SmsGatewayClient {
    const tw = this.config.twilio();
    const apiUrl = gw.url ?? tw.apiUrl;
    const key = `${gw.id}|${apiUrl ?? ''}`;
    let c = this.clients.get(key);
    if (!c) {
      c = twilioGateway({ accountSid: tw.accountSid, authToken: tw.authToken, apiUrl });
      this.clients.set(key, c);
    }
    return c;
  }

  statusCallback(): string {
    return `${this.config.get('SMS_WEBHOOK_BASE_URL').replace(/\/$/, '')}/api${SMS_WEBHOOK_PATHS.status}`;
  }
}
