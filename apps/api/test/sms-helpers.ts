import type { ChildProcess } from 'node:child_process';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import type { Knobs, StartedFleetSim } from '@tracker/fleet-sim';
import { afterAll, beforeAll } from 'vitest';
import { WorkerModule } from '../../worker/src/worker.module.js';
import { startApi, type TestApi } from './harness.js';
import { assertWorkerBuilt, workerProcesses } from './worker-process.js';

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
export async function startSmsWorld(opts: { env?: Record<string, string>; sim?: Partial<Knobs>; worker?: boolean } = {}): Promise<SmsWorld> {
  const api = await startApi({ SMS_RETRY_BASE_MS: '200', ...opts.env }, { fleetSim: { latencyMs: { min: 0, max: 20 }, ratePerSecond: 0, ...opts.sim } });
  const sim = api.fleetSim!;
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
      await api.close();
    },
  };
  if (opts.worker !== false) await world.startWorker();
  return world;
}

/**
 * Timings of a world whose worker runs as a child process on the loaded 2-core machine (docs/sms.md "Worker
 * restarts"): a 5 s lock, since with 2 s a live but starved worker missed its lock renewals and BullMQ took its job
 * for stalled while it ran; a lease just above it; 6 attempts, retries from 200 ms; a message whose enqueue a kill
 * lost (stored, never queued) queued again by the sweep after 5 s instead of 2 min (modem-sigkill waited for it).
 */
export const CHILD_WORKER_ENV = { SMS_LOCK_MS: '5000', SMS_CLAIM_LEASE_MS: '6000', SMS_MAX_ATTEMPTS: '6', SMS_RETRY_BASE_MS: '200', SMS_UNQUEUED_MS: '5000' };

export type ChildWorkerWorld = {
  /** the world (set in beforeAll) */
  readonly w: SmsWorld;
  /** the seeded admin's token (set in beforeAll) */
  readonly admin: string;
  /** a worker as a child process (the built apps/worker/dist) with the world's environment, to kill with SIGKILL */
  startWorker(): ChildProcess;
};

/**
 * An SMS world without a worker of its own, whose workers the spec starts as child processes (and kills): set up in
 * the file's beforeAll, every child killed and the world closed in its afterAll. `sim`: fleet-sim's knobs.
 */
export function childWorkerWorld(env: Record<string, string> = CHILD_WORKER_ENV, sim?: Partial<Knobs>): ChildWorkerWorld {
  const workers = workerProcesses();
  let w: SmsWorld | undefined;
  let admin = '';
  beforeAll(async () => {
    assertWorkerBuilt();
    w = await startSmsWorld({ env, worker: false, sim });
    admin = await w.api.signIn('admin');
  });
  afterAll(async () => {
    workers.killAll();
    await w?.close();
  });
  return {
    get w() {
      return w!;
    },
    get admin() {
      return admin;
    },
    startWorker: () => workers.start({ ...w!.env, NODE_ENV: 'test', LOG_LEVEL: 'error' }),
  };
}

/** Devices of a type whose GSM number no other device shares (a watch's reply names one device), first ones by id. */
export async function watches(api: TestApi, type: number, n: number, offset = 0): Promise<{ id: number; gsm: string }[]> {
  const r = await api.pool.query<{ id: number; gsm: string }>(
    `SELECT id, gsm_number AS gsm FROM device d WHERE device_type_id = $1 AND gsm_number IS NOT NULL AND enabled AND device_status <> 3
       AND NOT EXISTS (SELECT 1 FROM device o WHERE o.gsm_number = d.gsm_number AND o.id <> d.id)
     ORDER BY id OFFSET $3 LIMIT $2`,
    [type, n, offset],
  );
  return r.rows;
}

/** A day's true SMS counters: sms_statistic plus the deltas not folded yet (libs/server/src/sms/sms-stats.ts). */
export { DAY_STATS_SQL } from '@tracker/server';

export const smsRow = async (api: TestApi, id: number) =>
  (await api.pool.query('SELECT * FROM sms_message WHERE id = $1', [id])).rows[0] as Record<string, any>;
