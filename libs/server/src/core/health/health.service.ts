import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { AppConfig } from '../config.js';
import { PgPool } from '../db.js';
import { RedisService } from '../redis.js';
import { LOGGER } from '../tokens.js';
import { JobQueue } from '../jobs/job-queue.service.js';

/** One readiness check's outcome. */
export interface CheckResult {
  status: 'up' | 'down';
  error?: string;
}

/** What /health/ready answers: `ok` (200) when every check is up, else `error` (503). */
export interface Readiness {
  status: 'ok' | 'error';
  checks: Record<string, CheckResult>;
}

type Check = () => Promise<unknown> | unknown;

/** Rejects when `p` takes longer than `ms` (a paused Postgres or Redis never answers; the probe must). */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Liveness and readiness of a process (api and worker; docs/operations.md "Health"). Live: the process answers.
 * Ready: Postgres answers `SELECT 1` on the process's pool, the shared Redis connection answers PING, and so does
 * every queue's connection; the worker adds its own check (every declared job has its handler and every queue's
 * BullMQ worker runs: `JobWorkerHost`). Each check has HEALTH_TIMEOUT_MS; they run at once. Our own small module
 * rather than @nestjs/terminus: the worker is an application context without an HTTP adapter (its probes are a bare
 * node:http listener), and every check here is a custom one, so terminus would bring only its answer's shape.
 */
@Injectable()
export class HealthService implements OnModuleDestroy {
  private readonly checks = new Map<string, Check>();
  private stopping = false;

  constructor(
    private readonly config: AppConfig,
    pool: PgPool,
    redis: RedisService,
    jobs: JobQueue,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    this.checks.set('postgres', () => pool.query('SELECT 1'));
    this.checks.set('redis', () => redis.ping());
    this.checks.set('queues', () => jobs.ping());
  }

  /** Adds a check of this process (the worker's job handlers). */
  addCheck(name: string, check: Check): void {
    this.checks.set(name, check);
  }

  /** From now on the process answers unready (SIGTERM: a load balancer stops sending before the server closes). */
  markStopping(): void {
    this.stopping = true;
  }

  onModuleDestroy(): void {
    this.markStopping();
  }

  async ready(): Promise<Readiness> {
    const timeout = this.config.get('HEALTH_TIMEOUT_MS');
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]): Promise<[string, CheckResult]> => {
        try {
          await within(Promise.resolve().then(check), timeout);
          return [name, { status: 'up' }];
        } catch (e) {
          return [name, { status: 'down', error: e instanceof Error ? e.message || e.name : String(e) }];
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    if (this.stopping) checks.shutdown = { status: 'down', error: 'the process is stopping' };
    const status = Object.values(checks).every((c) => c.status === 'up') ? 'ok' : 'error';
    if (status === 'error') this.log.warn({ checks }, 'not ready');
    return { status, checks };
  }
}

/**
 * The probe routes of a process, as a plain node:http handler (the api mounts it on Express before its /api routes;
 * the worker's listener serves it): GET /health/live, GET /health/ready, and the extra `routes` given (/metrics).
 * Answers false for any other path so the caller goes on. Outside /api: no session, no audit, no request log.
 */
export function probeHandler(health: HealthService, routes: Record<string, (res: ServerResponse) => Promise<void>> = {}) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const send = (status: number, body: unknown) => {
      res.statusCode = status;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.end(JSON.stringify(body));
    };
    if (path === '/health/live') {
      send(200, { status: 'ok' });
      return true;
    }
    if (path === '/health/ready') {
      const r = await health.ready();
      send(r.status === 'ok' ? 200 : 503, r);
      return true;
    }
    const route = path ? routes[path] : undefined;
    if (route) {
      await route(res);
      return true;
    }
    return false;
  };
}
