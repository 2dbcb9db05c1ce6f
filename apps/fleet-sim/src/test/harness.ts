import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { twilioGateway, validTwilioSignature, type SmsGatewayClient } from '@tracker/server';
import { startFleetSim, type FleetSimOptions, type StartedFleetSim } from '../index.js';

/** what the seed says devices reply: the watches must answer the same */
export { SMS_REPLIES } from '../../../../seed/catalog.js';

/** A request our webhooks would have received: its form, signature and whether the adapter's check accepts it. */
export interface Hook {
  path: string;
  params: Record<string, string>;
  signature: string | undefined;
}

/** A stand-in for the api's webhooks: records every signed post fleet-sim makes. */
export async function webhookSink(): Promise<{ url: string; hooks: Hook[]; close(): Promise<void> }> {
  const hooks: Hook[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hooks.push({
        path: req.url ?? '',
        params: Object.fromEntries(new URLSearchParams(body)),
        signature: req.headers['x-twilio-signature'] as string | undefined,
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, hooks, close: () => new Promise((r) => server.close(() => r())) };
}

export interface World {
  sim: StartedFleetSim;
  gateway: SmsGatewayClient;
  sink: Awaited<ReturnType<typeof webhookSink>>;
  statusUrl: string;
  inboundUrl: string;
  databaseUrl: string;
  /** signature check as the api does it, against the URL the hook was sent to */
  signed(h: Hook): boolean;
  close(): Promise<void>;
}

/** fleet-sim on the cloned template with a webhook sink, and the server's adapter pointed at it. */
export async function startWorld(options: FleetSimOptions = {}): Promise<World> {
  const databaseUrl = inject('fleetDb').databaseUrl;
  const sink = await webhookSink();
  const inboundUrl = `${sink.url}/api/sms/webhook/inbound`;
  const sim = await startFleetSim({ databaseUrl, inboundUrl, knobs: { latencyMs: { min: 0, max: 5 } }, ...options });
  const gateway = twilioGateway({ accountSid: sim.accountSid, authToken: sim.authToken, apiUrl: sim.url });
  return {
    sim,
    gateway,
    sink,
    statusUrl: `${sink.url}/api/sms/webhook/status`,
    inboundUrl,
    databaseUrl,
    signed: (h) => validTwilioSignature(sim.authToken, h.signature, `${sink.url}${h.path}`, h.params),
    async close() {
      await sim.close();
      await sink.close();
    },
  };
}

export interface WorldContext {
  w: World;
  /** one seeded device with a number of its own */
  watch: { number: string; deviceId: number; deviceTypeId: number };
}

/** A spec file's world: started before its tests, emptied (messages, knobs, received hooks) before each, closed after. */
export function useWorld(options: FleetSimOptions = {}): WorldContext {
  const ctx = {} as WorldContext;
  beforeAll(async () => {
    ctx.w = await startWorld(options);
    ctx.watch = (await watchNumbers(ctx.w.databaseUrl, 1))[0]!;
  });
  afterAll(() => ctx.w?.close());
  beforeEach(() => {
    ctx.w.sim.control.reset();
    ctx.w.sink.hooks.length = 0;
  });
  return ctx;
}

/** the one wait of the test tree: a condition polled within a deadline (scripts/test/eventually.mjs) */
export { eventually } from '../../../../scripts/test/eventually.mjs';

/** Seeded devices that are watches: n numbers of devices of one type (distinct numbers). */
export async function watchNumbers(databaseUrl: string, n: number, deviceTypeId?: number): Promise<{ number: string; deviceId: number; deviceTypeId: number }[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const r = await c.query<{ gsm_number: string; id: number; device_type_id: number }>(
      `select distinct on (gsm_number) gsm_number, id, device_type_id from device
        where gsm_number ~ '^\\+[1-9][0-9]{6,14}$' and ($2::int is null or device_type_id = $2)
          and gsm_number not in (select gsm_number from device where gsm_number is not null group by gsm_number having count(*) > 1)
        order by gsm_number, id limit $1`,
      [n, deviceTypeId ?? null],
    );
    return r.rows.map((row) => ({ number: row.gsm_number, deviceId: row.id, deviceTypeId: row.device_type_id }));
  } finally {
    await c.end();
  }
}

let counter = 0;
/** a unique idempotency key per test message */
export const key = () => `test-${process.pid}-${Date.now()}-${counter++}`;
