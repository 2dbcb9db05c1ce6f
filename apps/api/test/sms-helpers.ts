import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { startFleetSim, type FleetSimOptions, type StartedFleetSim } from '@tracker/fleet-sim';
import { WorkerModule } from '../../worker/src/worker.module.js';
import { startApi, type TestApi } from './harness.js';

/**
 * A forwarder on a port known before the api starts: the webhook base URL the gateway signs (SMS_WEBHOOK_BASE_URL)
 * must be configured at boot, while the test api listens on a free port chosen then.
 */
async function forwarder(): Promise<{ url: string; target: { port: number }; close(): Promise<void> }> {
  const target = { port: 0 };
  const server: Server = createServer((req, res) => {
    const fwd = request({ host: '127.0.0.1', port: target.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    fwd.on('error', () => res.writeHead(502).end());
    req.pipe(fwd);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, target, close: () => new Promise((r) => server.close(() => r())) };
}

export type SmsWorld = {
  api: TestApi;
  sim: StartedFleetSim;
  /** the worker in this process (null when the spec runs its own, e.g. as a child process to kill) */
  worker: INestApplicationContext | null;
  /** the environment a worker of this world needs (database, Redis prefix, fleet-sim, webhook base) */
  env: Record<string, string>;
  startWorker(): Promise<INestApplicationContext>;
  close(): Promise<void>;
};

/**
 * The real path end to end: the api (webhooks reachable at SMS_WEBHOOK_BASE_URL), fleet-sim on the api's database
 * (its watches answer to our inbound webhook, signed with the dev auth token), and the worker pointed at fleet-sim.
 */
export async function startSmsWorld(opts: { env?: Record<string, string>; sim?: FleetSimOptions; worker?: boolean } = {}): Promise<SmsWorld> {
  const fwd = await forwarder();
  const api = await startApi({ SMS_WEBHOOK_BASE_URL: fwd.url, SMS_RETRY_BASE_MS: '200', ...opts.env });
  fwd.target.port = Number(new URL(api.base).port);
  const sim = await startFleetSim({
    databaseUrl: process.env.DATABASE_URL!,
    inboundUrl: `${fwd.url}/api/sms/webhook/inbound`,
    knobs: { latencyMs: { min: 0, max: 20 }, ratePerSecond: 0 },
    ...opts.sim,
  });
  process.env.TWILIO_API_URL = sim.url;
  const env: Record<string, string> = {};
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'REDIS_KEY_PREFIX', 'SMS_WEBHOOK_BASE_URL', 'TWILIO_API_URL', 'SMS_RETRY_BASE_MS', ...Object.keys(opts.env ?? {})]) {
    if (process.env[k] !== undefined) env[k] = process.env[k]!;
  }
  const world: SmsWorld = {
    api,
    sim,
    worker: null,
    env,
    async startWorker() {
      world.worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
      return world.worker;
    },
    async close() {
      await world.worker?.close();
      await sim.close();
      await api.close();
      await fwd.close();
    },
  };
  if (opts.worker !== false) await world.startWorker();
  return world;
}

/** Waits until `check` answers something truthy (conditions, never fixed sleeps; the bound only ends a stuck test). */
export async function until<T>(check: () => T | Promise<T>, what: string, ms = 60_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Devices of a type whose GSM number no other device shares (a watch's reply names one device), first ones by id. */
export async function watches(api: TestApi, type: number, n: number, offset = 0): Promise<{ id: number; gsm: string }[]> {
  const r = await api.pool.query<{ id: number; gsm: string }>(
    `SELECT id, gsm_number AS gsm FROM device d WHERE device_type_id = $1 AND gsm_number IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM device o WHERE o.gsm_number = d.gsm_number AND o.id <> d.id)
     ORDER BY id OFFSET $3 LIMIT $2`,
    [type, n, offset],
  );
  return r.rows;
}

export const smsRow = async (api: TestApi, id: number) =>
  (await api.pool.query('SELECT * FROM sms_message WHERE id = $1', [id])).rows[0] as Record<string, any>;
