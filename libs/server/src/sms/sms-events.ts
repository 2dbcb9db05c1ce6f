import { Injectable, Module, SetMetadata, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Reason } from '@tracker/contract';
import type { Queryable } from '../core/db.js';

/** A stored message as listeners see it: which device, which command (e.g. `SETTING_5`, `MODEM_START_SSP`). */
export interface SmsRef {
  id: number;
  deviceId: number | null;
  commandKey: string | null;
  /** the gateway that took it, when known (metrics) */
  gatewayId?: number | null;
}

/**
 * What the pipeline tells the features that send commands (docs/sms.md "Events"):
 * - `status`: an OUTBOUND message moved from `from` to `status` (§3: 1 sent, 2 received, 3 error with its reason;
 *   4 expired: never sent), whatever moved it: the worker's send, a delivery report, a watch's reply, a final
 *   failure, the expiry sweep;
 * - `inbound`: a watch's message was stored (once per gateway sid; repeats are not told), with what the ledger's
 *   correlation made of it (`correlation`, docs/sms.md "Correlation"): a `reply` or `progress` of the command
 *   `replyTo` (only the command it answers, by its word and reference), or unprompted: an `alarm` or `event` (`code`),
 *   a `message`, or `unmatched` (reply-shaped, no command awaits it). Features react to correlated replies only.
 */
export type SmsEvent =
  | { kind: 'status'; message: SmsRef; from: number; status: number; error: Reason | null }
  | {
      kind: 'inbound';
      id: number;
      deviceId: number | null;
      from: string;
      body: string;
      correlation: 'reply' | 'progress' | 'alarm' | 'event' | 'message' | 'unmatched';
      replyTo: SmsRef | null;
    };

/**
 * Listens to the pipeline: `(event, q) => Promise<void>`, called inside the transaction that makes the change, so a
 * feature's own state moves with the SMS's (or not at all: a listener that throws rolls the change back and the
 * gateway's call is answered 500 and retried by the sweep or the gateway). Work that must wait for the commit (a job
 * to enqueue) goes through `afterCommit(q, fn)`. Listeners see every event and pick theirs (by command key,
 * device or body); they must be quick: they run in the webhook's and the worker's transactions. Found at boot on any
 * provider of the api and the worker, like `@JobHandler`.
 */
export const OnSmsEvent = () => SetMetadata(SMS_LISTENER, true);
const SMS_LISTENER = 'tracker:sms-listener';

type Listener = { owner: string; fn: (e: SmsEvent, q: Queryable) => Promise<void> };

/** Finds the `@OnSmsEvent()` methods at boot and calls them, in a stable order, for each event. */
@Injectable()
export class SmsEvents implements OnApplicationBootstrap {
  private listeners: Listener[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onApplicationBootstrap() {
    const found: Listener[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      const proto = Object.getPrototypeOf(instance) as object;
      for (const name of this.scanner.getAllMethodNames(proto)) {
        const method = instance[name];
        if (typeof method !== 'function' || !this.reflector.get(SMS_LISTENER, method)) continue;
        found.push({ owner: `${instance.constructor.name}.${name}`, fn: (method as Listener['fn']).bind(instance) });
      }
    }
    this.listeners = found.sort((a, b) => a.owner.localeCompare(b.owner));
  }

  /** The listeners found (for the boot log and tests). */
  names(): string[] {
    return this.listeners.map((l) => l.owner);
  }

  async emit(e: SmsEvent, q: Queryable): Promise<void> {
    for (const l of this.listeners) await l.fn(e, q);
  }
}

/** The pipeline's events, for the api (webhooks) and the worker (sends, failures); imported by both SMS modules. */
@Module({ imports: [DiscoveryModule], providers: [SmsEvents], exports: [SmsEvents] })
export class SmsEventsModule {}
