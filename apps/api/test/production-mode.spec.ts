import { spawn } from 'node:child_process';
import bcrypt from 'bcrypt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEV_SEED_USERS } from '@tracker/server';
// @ts-expect-error plain ESM helper
import { cloneTemplate } from '../../../scripts/test/template-db.mjs';
import { assertWorkerBuilt, WORKER } from './worker-process.js';

/**
 * Nothing of development in staging or production (docs/deployment.md "Mode"): the api and the worker refuse to start
 * on a database where the development seed's users still sign in with their published passwords. (The refusals of
 * the configuration itself, missing secrets and the public development token, are config.spec.ts's.)
 */
const template = inject('template');
let db: { url: string; drop: () => Promise<void> };
let pool: pg.Pool;

/** a deployment's settings: its own gateway account and secret, no development defaults */
const deployment = (mode: string, extra: Record<string, string> = {}) => ({
  NODE_ENV: mode,
  DATABASE_URL: db.url,
  REDIS_URL: template.redisUrl,
  REDIS_KEY_PREFIX: `test:prodmode:${process.pid}:`,
  LOG_LEVEL: 'silent',
  PORT: '0',
  CONSOLE_DIST: '',
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'a-real-deployment-secret',
  TWILIO_API_URL: 'http://127.0.0.1:9',
  SMS_WEBHOOK_BASE_URL: 'https://backoffice.example.com',
  SMTP_URL: 'smtp://127.0.0.1:9',
  CONSOLE_PUBLIC_URL: 'https://backoffice.example.com',
  ALLOW_DEVELOPMENT_SECRETS: '0',
  ...extra,
});

/** the api in this process with `env`: resolves when it initialised, rejects with its refusal */
async function bootApi(env: Record<string, string>) {
  Object.assign(process.env, env);
  const { createApi } = await import('../src/app.js');
  const app = await createApi();
  try {
    await app.init();
  } finally {
    await app.close();
  }
}

/** the built worker with `env` until it says it runs (then stopped) or exits: its exit code and stderr */
function runWorker(env: Record<string, string>): Promise<{ running: boolean; code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [WORKER], { env: { ...process.env, ...env, LOG_LEVEL: 'error' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let running = false;
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout.on('data', (c: Buffer) => {
      if (!running && c.toString().includes('worker running')) {
        running = true;
        child.kill('SIGKILL');
      }
    });
    child.on('exit', (code) => resolve({ running, code, stderr }));
  });
}

beforeAll(async () => {
  assertWorkerBuilt();
  db = await cloneTemplate(template, 'prodmode');
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

describe('staging and production refuse the development seed', () => {
  it('the api does not start in production or staging while the seeded users keep their published passwords', async () => {
    await expect(bootApi(deployment('production'))).rejects.toThrow(
      /Refusing to start in production: the development seed's users admin, changeme, enroll, manager, nologin, partnera-manager/,
    );
    await expect(bootApi(deployment('staging'))).rejects.toThrow(/Refusing to start in staging/);
  });

  it('the worker does not start either', async () => {
    const r = await runWorker(deployment('production'));
    expect(r.running).toBe(false);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/Refusing to start in production: the development seed's users/);
    // said as one JSON log line at level fatal (startupFailed), not Node's print of an uncaught error
    const line = JSON.parse(r.stderr.trim().split('\n').at(-1)!) as { level: number; name: string; msg: string };
    expect(line).toMatchObject({ level: 60, name: 'worker' });
    expect(line.msg).toMatch(/^Refusing to start in production: the development seed's users/);
    expect(r.code).toBe(1);
  });

  it('ALLOW_DEVELOPMENT_SECRETS=1 lets a benchmark start on them', async () => {
    await expect(bootApi(deployment('production', { ALLOW_DEVELOPMENT_SECRETS: '1' }))).resolves.toBeUndefined();
  });

  it('starts once those users have passwords of their own (or are gone)', async () => {
    const hash = await bcrypt.hash('a password of our own 7', 4);
    const users = DEV_SEED_USERS.map((u) => u.username);
    await pool.query('UPDATE backoffice_user SET password_hash = $2 WHERE username = ANY($1)', [users.filter((u) => u !== 'admin'), hash]);
    // one left with its published password is enough to refuse
    await expect(bootApi(deployment('production'))).rejects.toThrow(/the development seed's users admin sign in/);
    await pool.query('UPDATE backoffice_user SET password_hash = $2 WHERE username = $1', ['admin', hash]);
    await expect(bootApi(deployment('production'))).resolves.toBeUndefined();
    const r = await runWorker(deployment('production'));
    expect(r.running).toBe(true);
  });
});
