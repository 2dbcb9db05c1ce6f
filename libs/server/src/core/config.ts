import { isIP } from 'node:net';
import { z } from 'zod';

/** One entry of TRUST_PROXY as Express (proxy-addr) takes it: an address, a CIDR range or a named range. */
function isProxySpec(p: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(p)) return true;
  const [addr = '', bits, ...rest] = p.split('/');
  const v = isIP(addr);
  if (!v || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (v === 4 ? 32 : 128));
}

/** Environment variables read once at boot. A bad value stops the process with a list of what is wrong. */
const configSchema = z.object({
  /**
   * The mode, required (docs/deployment.md "Mode"): development and test take the development defaults below (fleet-sim's
   * account and URLs); staging and production take none and refuse to start without the secrets they need, with the
   * public development gateway token, or with the development seed's users still signing in with their published
   * passwords (production-checks.ts). `npm start` sets development, `npm start -- --production` production.
   */
  NODE_ENV: z.enum(['development', 'test', 'staging', 'production'], {
    error: 'required: development, test, staging or production (docs/deployment.md "Mode")',
  }),
  /**
   * 1: staging or production still start with the development gateway token or the development seed's users (with a
   * warning in the log): for benchmarks and tests that run the built apps in production mode against fleet-sim and a
   * seeded database, never for a deployment. Missing secrets are refused all the same.
   */
  ALLOW_DEVELOPMENT_SECRETS: z.enum(['0', '1']).default('0'),
  /** PostgreSQL connection string */
  DATABASE_URL: z.string().min(1),
  /** Redis connection string (queues, throttling counters) */
  REDIS_URL: z.string().min(1),
  /** HTTP port of the api (console and /api) */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /**
   * HTTP port of the worker's probe listener (/health/live, /health/ready, /metrics; docs/operations.md); unset or
   * empty: no listener. Bound to WORKER_HTTP_HOST (default 127.0.0.1).
   */
  WORKER_HTTP_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  WORKER_HTTP_HOST: z.string().default('127.0.0.1'),
  /**
   * SIGTERM (docs/operations.md "Shutdown"): how long the api waits for its in-flight requests before it closes the
   * connections left (ms); keep it below the orchestrator's grace period (Kubernetes: 30 s, systemd: 90 s)
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /** how long one readiness check (Postgres, Redis, a queue) may take before it counts as failed (ms) */
  HEALTH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** session lifetime */
  SESSION_TTL_MINUTES: z.coerce.number().int().positive().default(8 * 60),
  /**
   * How long an api process keeps a session it looked up (ms; 0: look it up on every call). Revocations through the
   * api take effect at once in every api process (Redis tells the others); a change made behind the api's back
   * (SQL by hand) within this time (docs/access.md "Sessions").
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /**
   * Sign-in throttle (docs/access.md "Sign-in throttle"). Every /login, /token and session-less /password attempt is
   * counted before the password is checked; an attempt that turns out right is taken back.
   * Failed attempts allowed per account + client address within the window (strict; a full sign-in clears it).
   */
  THROTTLE_PAIR_MAX: z.coerce.number().int().positive().default(5),
  /**
   * Failed attempts per account across all addresses within the window before a growing delay starts (first
   * THROTTLE_ACCOUNT_DELAY_SECONDS, doubling, at most the window). Must exceed THROTTLE_PAIR_MAX so one address
   * alone can never delay an account; addresses the account signed in from lately skip the delay.
   */
  THROTTLE_ACCOUNT_MAX: z.coerce.number().int().positive().default(10),
  THROTTLE_ACCOUNT_DELAY_SECONDS: z.coerce.number().int().positive().default(30),
  /** distinct accounts with failed attempts allowed per client address within the window (password spraying) */
  THROTTLE_IP_MAX: z.coerce.number().int().positive().default(10),
  THROTTLE_WINDOW_SECONDS: z.coerce.number().int().positive().default(15 * 60),
  /** days an account + address pair stays known after a full sign-in (known pairs skip the account delay and the
   *  per-address limit, so neither can lock a user out of the places they sign in from) */
  THROTTLE_KNOWN_DAYS: z.coerce.number().int().positive().default(30),
  /**
   * Proxies whose X-Forwarded-For is believed (Express `trust proxy`): comma-separated addresses or CIDR ranges
   * (or Express names such as `loopback`). Default: none, so the client address is the TCP peer and cannot be chosen
   * by the caller. Set it to the load balancer's address when the api runs behind one.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((p) => p.trim()).filter(Boolean))
    .refine((list) => list.every(isProxySpec), 'a comma-separated list of IP addresses, CIDR ranges, loopback, linklocal or uniquelocal'),
  /** folder of the built console, served with SPA fallback; unset: api only */
  CONSOLE_DIST: z.string().optional(),
  /** append the log (JSON lines) to this file instead of stdout */
  LOG_FILE: z.string().optional(),
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
  /**
   * Postgres's max_parallel_workers_per_gather on the process's connections (docs/scaling.md "The scaling curve").
   * 0 by default: the api's statements are pages of a few rows whose generic plans (search's blind parameters) cannot
   * see how few, and at 5,000,000 devices a prefix search planned a parallel scan whose worker took 22-30 ms to start
   * for 4 rows (0.2 ms without); the worker's batch statements run several at once already. Empty: the server's own.
   */
  DB_MAX_PARALLEL_WORKERS_PER_GATHER: z
    .string()
    .default('0')
    .refine((v) => v === '' || /^\d{1,2}$/.test(v), 'a whole number of workers (0 to 99), or empty for the server\'s setting'),
  /** map tiles of the device workspace (Leaflet URL template); a company may run its own tile server; empty: no
   *  tiles (the map draws its layers on a plain background). Its origin is allowed in the CSP's img-src. */
  MAP_TILE_URL: z
    .string()
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    .refine((v) => v === '' || /^https?:\/\/[^/?#\s]+\/\S*$/.test(v), 'an http(s) URL template like https://tiles.example.com/{z}/{x}/{y}.png, or empty'),
  MAP_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  // ---- the command ledger (docs/sms.md "The command ledger")
  /** sends (calls that store commands) per user: per rolling minute and per day; beyond them 429 with Retry-After */
  COMMAND_QUOTA_PER_MINUTE: z.coerce.number().int().positive().default(20),
  COMMAND_QUOTA_PER_DAY: z.coerce.number().int().positive().default(500),
  /** a command a watch refused for now (BUSY, LOW_BATTERY...) is sent again after this pause, doubling, within its
   *  time to live, at most COMMAND_RETRY_MAX times */
  COMMAND_RETRY_BASE_MS: z.coerce.number().int().min(100).default(60_000),
  COMMAND_RETRY_MAX: z.coerce.number().int().min(0).default(3),
  // ---- the SMS pipeline's worker (docs/sms.md); the Twilio account and URLs are below
  /** SMS send jobs (chunks of messages) run at once per worker process, and parallel sends within a job */
  SMS_CONCURRENCY: z.coerce.number().int().positive().default(4),
  SMS_PARALLEL_SENDS: z.coerce.number().int().positive().default(16),
  /** BullMQ lock of an SMS job, and how long a worker's claim on a message lasts before another may take it over */
  SMS_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  SMS_CLAIM_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  /** a stored message unclaimed this long while the SMS queue is idle has lost its enqueue: the sweep queues it again */
  SMS_UNQUEUED_MS: z.coerce.number().int().min(1000).default(120_000),
  /** attempts of a message before a temporary failure becomes its error, and the first retry delay (doubling) */
  SMS_MAX_ATTEMPTS: z.coerce.number().int().positive().default(8),
  SMS_RETRY_BASE_MS: z.coerce.number().int().positive().default(1000),
  /** a sent message without its final report for this long is looked up at the gateway (a lost callback), again
   *  after as long while it stays unreported, for two days at most */
  SMS_STATUS_POLL_MS: z.coerce.number().int().min(1000).default(600_000),
  /** Firmware (docs/firmware-modem.md "Firmware"): largest accepted binary in bytes (larger: 413), staged under UPLOAD_DIR */
  FIRMWARE_MAX_BYTES: z.coerce.number().int().positive().default(1024 * 1024 * 1024),
  /** seconds an FTP connection may stay silent before the upload counts as failed */
  FIRMWARE_FTP_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  /** rollout jobs at once per worker process, and a job's BullMQ lock */
  FIRMWARE_CONCURRENCY: z.coerce.number().int().positive().default(2),
  FIRMWARE_LOCK_MS: z.coerce.number().int().min(1000).default(60_000),

  // ---- the modem update's worker (docs/firmware-modem.md "Modem update")
  /** modem step jobs run at once per worker process, and a step job's BullMQ lock */
  MODEM_CONCURRENCY: z.coerce.number().int().positive().default(8),
  MODEM_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  /** a check task without the watch's reply for this long counts as an error and its command is sent again */
  MODEM_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).default(3_600_000),
  /** a task other than a check untouched this long has lost its job (a crash between commit and enqueue): the sweep queues it again */
  MODEM_STALE_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * a temporary refusal of a modem command (BUSY, LOW_BATTERY, NO_NETWORK, TIMEOUT) is not an error: the command goes
   * again after this pause, doubling with each refusal in a row, at most MODEM_RETRY_MAX_MS, while that falls before
   * the 10-day deadline (docs/firmware-modem.md "Retries")
   */
  MODEM_RETRY_BASE_MS: z.coerce.number().int().min(100).default(60_000),
  MODEM_RETRY_MAX_MS: z.coerce.number().int().min(100).default(6 * 3_600_000),
  /** an error that counts (a permanent refusal, an undelivered SMS, a timeout) sends the command again after this pause */
  MODEM_ERROR_PAUSE_MS: z.coerce.number().int().min(100).default(15_000),
  /** /api/docs (endpoint list and openapi.json): served unless NODE_ENV=production, where it needs API_DOCS=1 */
  API_DOCS: z.enum(['0', '1']).optional(),
  /**
   * The Twilio account SMS go through (docs/sms.md). Outside production they default to fleet-sim's account
   * (docs/fleet-sim.md); in production both are required. The auth token also checks the webhooks' signatures.
   */
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'a Twilio account SID (AC + 32 hex digits)').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** Twilio's REST API base URL: unset outside production = fleet-sim on http://127.0.0.1:3010; empty or unset in
   *  production = the real https://api.twilio.com (the adapter routes the SDK's requests here) */
  TWILIO_API_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(v), 'an http(s) base URL such as http://127.0.0.1:3010'),
  /** public base URL the gateway calls back: ${SMS_WEBHOOK_BASE_URL}/api/sms/webhook/status and .../inbound (the
   *  signatures are checked against exactly these URLs); default outside production http://127.0.0.1:3000 */
  SMS_WEBHOOK_BASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(v), 'an http(s) base URL such as https://backoffice.example.com'),
  /**
   * Outgoing mail (the owner password-reset mail, docs/owner-workspace.md): an smtp:// or smtps:// URL for nodemailer;
   * unset outside production = fleet-sim's mail sink smtp://127.0.0.1:3025 (docs/fleet-sim.md "Mail"); required in production
   */
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^smtps?:\/\/[^/?#\s]+/.test(v), 'an smtp:// or smtps:// URL such as smtp://127.0.0.1:3025'),
  /** the sender of the api's mails */
  MAIL_FROM: z.string().min(3).default('Tracker support <no-reply@tracker.invalid>'),
  /** the console's public base URL, for links in mails (reset links); default outside production http://127.0.0.1:3000 */
  CONSOLE_PUBLIC_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(v), 'an http(s) base URL such as https://backoffice.example.com'),
});

/** fleet-sim's account (apps/fleet-sim): the development and test default of TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN */
export const DEV_TWILIO_ACCOUNT_SID = 'AC00000000000000000000000000f1ee75';
export const DEV_TWILIO_AUTH_TOKEN = 'fleet-sim-auth-token';

/** development and test: the modes with development defaults; staging and production are deployments. */
export function isDevelopmentMode(mode: string | undefined): boolean {
  return mode === 'development' || mode === 'test';
}

/** In development and test: fleet-sim's account and URL, and the api on its default port, unless set. */
function withDevelopmentDefaults(c: z.infer<typeof configSchema>) {
  const dev = isDevelopmentMode(c.NODE_ENV);
  return {
    ...c,
    TWILIO_ACCOUNT_SID: c.TWILIO_ACCOUNT_SID ?? (dev ? DEV_TWILIO_ACCOUNT_SID : ''),
    TWILIO_AUTH_TOKEN: c.TWILIO_AUTH_TOKEN ?? (dev ? DEV_TWILIO_AUTH_TOKEN : ''),
    /** null: the real Twilio */
    TWILIO_API_URL: (c.TWILIO_API_URL ?? (dev ? 'http://127.0.0.1:3010' : '')).replace(/\/+$/, '') || null,
    SMS_WEBHOOK_BASE_URL: (c.SMS_WEBHOOK_BASE_URL ?? (dev ? 'http://127.0.0.1:3000' : '')).replace(/\/+$/, ''),
    SMTP_URL: c.SMTP_URL ?? (dev ? 'smtp://127.0.0.1:3025' : ''),
    CONSOLE_PUBLIC_URL: (c.CONSOLE_PUBLIC_URL ?? (dev ? 'http://127.0.0.1:3000' : '')).replace(/\/+$/, ''),
  };
}

export type AppConfigValues = ReturnType<typeof withDevelopmentDefaults>;

function checkRelations(c: AppConfigValues): string[] {
  const problems: string[] = [];
  if (c.THROTTLE_ACCOUNT_MAX <= c.THROTTLE_PAIR_MAX) {
    problems.push('  THROTTLE_ACCOUNT_MAX: must be greater than THROTTLE_PAIR_MAX (one address alone must not delay an account)');
  }
  if (!isDevelopmentMode(c.NODE_ENV)) {
    for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'SMS_WEBHOOK_BASE_URL', 'SMTP_URL', 'CONSOLE_PUBLIC_URL'] as const) {
      if (!c[key]) problems.push(`  ${key}: required in ${c.NODE_ENV}`);
    }
    // the development token is published (fleet-sim, this repository): with it anyone can sign a forged webhook
    if (c.ALLOW_DEVELOPMENT_SECRETS !== '1') {
      if (c.TWILIO_AUTH_TOKEN === DEV_TWILIO_AUTH_TOKEN) {
        problems.push(`  TWILIO_AUTH_TOKEN: the public development token (fleet-sim's) is refused in ${c.NODE_ENV}: it would accept forged webhooks`);
      }
      if (c.TWILIO_ACCOUNT_SID === DEV_TWILIO_ACCOUNT_SID) {
        problems.push(`  TWILIO_ACCOUNT_SID: fleet-sim's development account is refused in ${c.NODE_ENV}`);
      }
    }
  }
  return problems;
}

export class AppConfig {
  constructor(readonly values: AppConfigValues) {}
  /** development or test (development defaults, response checks, /api/docs); false in staging and production */
  get development(): boolean {
    return isDevelopmentMode(this.values.NODE_ENV);
  }
  /** The Twilio account and API URL the adapter takes (fleet-sim's in development and test unless set). */
  twilio(): { accountSid: string; authToken: string; apiUrl: string | null } {
    return { accountSid: this.values.TWILIO_ACCOUNT_SID, authToken: this.values.TWILIO_AUTH_TOKEN, apiUrl: this.values.TWILIO_API_URL };
  }
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
  const values = withDevelopmentDefaults(parsed.data);
  const problems = checkRelations(values);
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return new AppConfig(values);
}
