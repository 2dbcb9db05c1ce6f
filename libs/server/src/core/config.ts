import { z } from 'zod';

/** Environment variables read once at boot. A bad value stops the process with a list of what is wrong. */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** PostgreSQL connection string */
  DATABASE_URL: z.string().min(1),
  /** Redis connection string (queues, throttling counters) */
  REDIS_URL: z.string().min(1),
  /** HTTP port of the api (console and /api) */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** session lifetime */
  SESSION_TTL_MINUTES: z.coerce.number().int().positive().default(8 * 60),
  /** failed password or code attempts allowed per account within the window */
  THROTTLE_ACCOUNT_MAX: z.coerce.number().int().positive().default(5),
  /** failed attempts allowed per client IP within the window */
  THROTTLE_IP_MAX: z.coerce.number().int().positive().default(30),
  THROTTLE_WINDOW_SECONDS: z.coerce.number().int().positive().default(15 * 60),
  /** folder of the built console, served with SPA fallback; unset: api only */
  CONSOLE_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TOTP_ISSUER: z.string().default('Tracker Backoffice'),
  /** prefix of BullMQ queue keys (hash-tag it for Redis Cluster); default: REDIS_KEY_PREFIX + 'bull', so a
   *  deployment (or a test run) with its own key prefix also has its own queues */
  QUEUE_PREFIX: z.string().optional(),
  /** prefix of this deployment's Redis keys other than queues (throttling counters) */
  REDIS_KEY_PREFIX: z.string().default('tracker:'),
  /** folder where uploaded import files are kept (created when missing) */
  UPLOAD_DIR: z.string().default('.data/uploads'),
  /** days an ended import keeps its uploaded file (its error report is built from it); then the worker deletes it */
  UPLOAD_RETENTION_DAYS: z.coerce.number().int().positive().default(90),
  /** largest accepted import upload in bytes (larger: 413) */
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(100 * 1024 * 1024),
  /** import jobs run at once per worker process */
  IMPORT_CONCURRENCY: z.coerce.number().int().positive().default(2),
  /** BullMQ lock of a running import job: a worker that dies is noticed (and its job redone) after about this */
  IMPORT_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  /** pg pool size per process */
  DB_POOL_SIZE: z.coerce.number().int().positive().default(20),
  /** map tiles of the device workspace (Leaflet URL template); a company may run its own tile server; empty: no
   *  tiles (the map draws its layers on a plain background). Its origin is allowed in the CSP's img-src. */
  MAP_TILE_URL: z
    .string()
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    .refine((v) => v === '' || /^https?:\/\/[^/?#\s]+\/\S*$/.test(v), 'an http(s) URL template like https://tiles.example.com/{z}/{x}/{y}.png, or empty'),
  MAP_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  /** /api/docs (endpoint list and openapi.json): served unless NODE_ENV=production, where it needs API_DOCS=1 */
  API_DOCS: z.enum(['0', '1']).optional(),
});

export type AppConfigValues = z.infer<typeof configSchema>;

export class AppConfig {
  constructor(readonly values: AppConfigValues) {}
  get<K extends keyof AppConfigValues>(key: K): AppConfigValues[K] {
    return this.values[key];
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return new AppConfig(parsed.data);
}
