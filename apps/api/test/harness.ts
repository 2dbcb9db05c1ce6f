import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { generate } from 'otplib';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { REQUEST_ORIGIN_CONSOLE, REQUEST_ORIGIN_HEADER, type RoleId } from '@tracker/contract';
import { MailSink, startFleetSim, type Knobs, type StartedFleetSim } from '@tracker/fleet-sim';
// @ts-expect-error plain ESM helper
import { cloneTemplate } from '../../../scripts/test/template-db.mjs';
import { reservePort } from '../../../scripts/test/ports.mjs';

/** the one wait of the test tree: a condition polled within a deadline (scripts/test/eventually.mjs) */
export { eventually } from '../../../scripts/test/eventually.mjs';
/** ports taken by binding 0 and kept, handed to whoever serves on them (scripts/test/ports.mjs) */
export { passPorts, reservePort, type ReservedPort } from '../../../scripts/test/ports.mjs';

export type DevUser = { username: string; password: string; totpSecret: string | null; roleId: RoleId };
export const DEV_USERS: DevUser[] = JSON.parse(
  readFileSync(new URL('../../../seed/dev-users.json', import.meta.url), 'utf8'),
);
export const devUser = (username: string) => {
  const u = DEV_USERS.find((x) => x.username === username);
  if (!u) throw new Error(`no dev user ${username}`);
  return u;
};
/** The seeded user holding each role (the first one when several do). */
export const userOfRole = (role: RoleId) => {
  const u = DEV_USERS.find((x) => x.roleId === role && x.totpSecret);
  if (!u) throw new Error(`no dev user with role ${role}`);
  return u;
};

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers };

export type TestApi = Awaited<ReturnType<typeof startApi>>;

/**
 * The frame most spec files share: one api for the file (started before its tests, closed after them) with `users`
 * signed in. `ready` gets the api and the users' tokens in the order named, to keep in the file's variables; it runs
 * inside the same beforeAll, so it may prepare more (what it returns is awaited).
 */
export function apiForFile<const U extends readonly string[]>(
  users: U,
  ready: (api: TestApi, tokens: { -readonly [K in keyof U]: string }) => unknown,
): void {
  let api: TestApi | undefined;
  beforeAll(async () => {
    api = await startApi();
    const started = api;
    const tokens = await Promise.all(users.map((u) => started.signIn(u)));
    await ready(started, tokens as { -readonly [K in keyof U]: string });
  });
  afterAll(() => api?.close());
}

/**
 * Starts the real api in-process on a free port against a fresh clone of the seeded template database.
 * `env` overrides configuration (e.g. throttle limits, session TTL). `fleetSim` also starts fleet-sim (in-process,
 * on the same database, with these knobs; docs/fleet-sim.md) as the api's Twilio, calling back to this api.
 */
export async function startApi(env: Record<string, string> = {}, opts: { fleetSim?: Partial<Knobs>; apiDatabaseUrl?: (url: string) => string } = {}) {
  const template = inject('template');
  const db: { url: string; drop: () => Promise<void> } = await cloneTemplate(template, 'it');
  let fleetSim: StartedFleetSim | null = null;
  // the api's socket, taken before fleet-sim is told where its webhooks are
  const reserved = opts.fleetSim ? await reservePort() : null;
  if (reserved) {
    const webhooks = `http://127.0.0.1:${reserved.port}`;
    fleetSim = await startFleetSim({ databaseUrl: db.url, inboundUrl: `${webhooks}/api/sms/webhook/inbound`, knobs: opts.fleetSim });
    env = { TWILIO_API_URL: fleetSim.url, SMS_WEBHOOK_BASE_URL: webhooks, CONSOLE_PUBLIC_URL: webhooks, ...env };
  }
  // every api gets a mail sink: fleet-sim's, or one of its own (the owner password-reset mail, docs/fleet-sim.md "Mail")
  const ownSink = fleetSim ? null : new MailSink();
  const smtpUrl = fleetSim ? fleetSim.smtpUrl : await ownSink!.listen(0, '127.0.0.1');
  env = { SMTP_URL: smtpUrl, CONSOLE_PUBLIC_URL: 'http://console.test', ...env };
  Object.assign(process.env, {
    NODE_ENV: 'test',
    // the api's way to its database (a spec may route it through a proxy it can cut: health.spec); the spec's own pool
    // below always goes straight
    DATABASE_URL: opts.apiDatabaseUrl ? opts.apiDatabaseUrl(db.url) : db.url,
    REDIS_URL: template.redisUrl,
    REDIS_KEY_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
    LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    PORT: '0',
    // the per-user send quota is its own spec's (ledger.spec); elsewhere tests send more than a person would
    COMMAND_QUOTA_PER_MINUTE: '100000',
    COMMAND_QUOTA_PER_DAY: '1000000',
    CONSOLE_DIST: '',
    ...env,
  });
  const { createApi } = await import('../src/app.js');
  const app = await createApi();
  // Nest hands its argument to http's listen(), which serves on a given server's socket (no second bind)
  await (reserved ? app.listen(reserved.server as unknown as number) : app.listen(0, '127.0.0.1'));
  const { port } = app.getHttpServer().address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const pool = new pg.Pool({ connectionString: db.url, max: 3 });
  pool.on('error', () => undefined); // an idle connection ended by the server is dropped; the next query opens another
  // the seeded local FTP server (ftp_server 1) is fleet-sim's, on the port it got (docs/fleet-sim.md "FTP")
  if (fleetSim) await pool.query("UPDATE ftp_server SET port = $1 WHERE id = 1 AND host = '127.0.0.1'", [fleetSim.ftp.port]);

  async function call<T = any>(
    method: 'GET' | 'POST',
    path: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string>; noOrigin?: boolean; raw?: string; form?: FormData } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (!opts.noOrigin) headers[REQUEST_ORIGIN_HEADER] = REQUEST_ORIGIN_CONSOLE;
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | FormData | undefined;
    if (opts.form) {
      body = opts.form; // fetch sets the multipart content-type with its boundary
    } else if (opts.raw !== undefined) {
      body = opts.raw;
      headers['content-type'] ??= 'application/json';
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${base}/api${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  /** A fresh valid code for a user: the replay guard is reset so tests can sign in repeatedly. */
  async function codeFor(u: DevUser) {
    await pool.query('update backoffice_user set totp_last_step = null where username = $1', [u.username]);
    return generate({ secret: u.totpSecret! });
  }

  /** Both sign-in steps; returns the session token. */
  async function signIn(username: string) {
    const u = devUser(username);
    const login = await call('POST', '/login', { body: { username, password: u.password } });
    if (login.status !== 200) throw new Error(`login ${username}: ${login.status} ${JSON.stringify(login.body)}`);
    const token = await call('POST', '/token', { body: { username, password: u.password, code: await codeFor(u) } });
    if (token.status !== 200) throw new Error(`token ${username}: ${token.status} ${JSON.stringify(token.body)}`);
    return token.body.model.token as string;
  }

  return {
    base,
    app,
    pool,
    /** the api's Twilio and watches, when started with `fleetSim` */
    fleetSim,
    /** mails the api sent (its sink's), oldest first; only those to `to` when given */
    mails: (to?: string) => (fleetSim ? fleetSim.control.mails(to) : ownSink!.list(to)),
    call,
    get: <T = any>(path: string, token?: string) => call<T>('GET', path, { token }),
    post: <T = any>(path: string, body: unknown, token?: string) => call<T>('POST', path, { body, token }),
    /**
     * A send that asks for a confirmation (bulk SMS, push to all, a rollout to all, a destructive command): the first
     * call, and when it answers a confirmation token, the same call again with it (docs/sms.md "Confirmations").
     */
    async confirmed<T = any>(method: 'GET' | 'POST', path: string, body: Record<string, unknown> | null, token?: string): Promise<ApiResponse<T>> {
      const once = (confirm?: string) =>
        method === 'POST'
          ? call<T>('POST', path, { body: confirm ? { ...body, confirm_token: confirm } : body, token })
          : call<T>('GET', confirm ? `${path}${path.includes('?') ? '&' : '?'}confirm_token=${confirm}` : path, { token });
      const first = await once();
      const confirm = (first.body as { model?: { confirm_token?: string } })?.model?.confirm_token;
      return first.status === 200 && confirm ? once(confirm) : first;
    },
    codeFor,
    signIn,
    async close() {
      await app.close();
      await fleetSim?.close();
      await ownSink?.close();
      await pool.end();
      await db.drop();
    },
  };
}
