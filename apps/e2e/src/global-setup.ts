import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { eventually } from '../../../scripts/test/eventually.mjs';
import { passPorts, reservePort } from '../../../scripts/test/ports.mjs';
// @ts-expect-error plain ESM helper shared with the integration setup
import { cloneTemplate, ensureTemplate } from '../../../scripts/test/template-db.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** fleetSimUrl: the simulated Twilio and watches the api and worker send through (docs/fleet-sim.md) */
    e2e: { baseUrl: string; databaseUrl: string; fleetSimUrl: string };
  }
}

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Waits until `url` answers 2xx (a server starting refuses connections meanwhile). */
const answers = (url: string, deadline: number) =>
  eventually(async () => (await fetch(url)).ok, { what: `${url} to answer`, deadline, interval: 200, ignoreErrors: true });

/**
 * Resolves once `child` printed `line` on its stdout (the worker prints 'worker running' when its queues run: on a
 * loaded machine its boot takes 20 s, and a journey that sends an SMS before then waits for nothing); rejects if
 * it exits first or `ms` pass. Its stdout is drained after that.
 */
function printed(child: ChildProcess, line: string, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    let done = false;
    const finish = (err?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (err) reject(err);
      else resolve();
    };
    const timer = setTimeout(() => finish(new Error(`the worker did not print '${line}' within ${ms} ms`)), ms);
    child.once('exit', (code) => finish(new Error(`the worker exited (${code}) before printing '${line}'`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (done) return;
      seen = (seen + chunk.toString()).slice(-1000);
      if (seen.includes(line)) finish();
    });
  });
}

/** Starts the built api (serving the built console) on a free port against a clone of the test template, the worker,
 *  and fleet-sim (on a free port too) as their SMS gateway. */
export default async function setup(project: TestProject) {
  const template = await ensureTemplate();
  const db = await cloneTemplate(template, 'e2e');
  // every port is a socket taken now and handed to the process that serves on it (scripts/test/ports.mjs)
  const [apiSocket, simSocket, smtpSocket, ftpSocket] = await Promise.all([reservePort(), reservePort(), reservePort(), reservePort()]);
  const [port, simPort, smtpPort, ftpPort] = [apiSocket, simSocket, smtpSocket, ftpSocket].map((r) => r.port);
  // the seeded local FTP server (ftp_server 1) is fleet-sim's (docs/fleet-sim.md "FTP")
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  await c.query("UPDATE ftp_server SET port = $1 WHERE id = 1 AND host = '127.0.0.1'", [ftpPort]);
  await c.end();
  const baseUrl = `http://127.0.0.1:${port}`;
  const fleetSimUrl = `http://127.0.0.1:${simPort}`;
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_URL: template.redisUrl,
    REDIS_KEY_PREFIX: `e2e:${port}:`,
    PORT: String(port),
    CONSOLE_DIST: `${root}/apps/console/dist`,
    LOG_LEVEL: 'warn',
    UPLOAD_DIR: `${root}/.test-data/e2e-uploads-${port}`,
    TWILIO_API_URL: fleetSimUrl,
    SMS_WEBHOOK_BASE_URL: baseUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    CONSOLE_PUBLIC_URL: baseUrl,
    // every journey signs in as the same few users: the per-user send quota is the api spec's (ledger.spec)
    COMMAND_QUOTA_PER_MINUTE: '1000',
  };
  const simPorts = passPorts([simSocket, smtpSocket, ftpSocket]);
  const sim: ChildProcess = spawn(process.execPath, [...simPorts.execArgv, 'apps/fleet-sim/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit', ...simPorts.stdio],
    env: { ...env, ...simPorts.env, FLEET_SIM_PORT: String(simPort), FLEET_SIM_SMTP_PORT: String(smtpPort), FLEET_SIM_FTP_PORT: String(ftpPort), FLEET_SIM_INBOUND_URL: `${baseUrl}/api/sms/webhook/inbound`, FLEET_SIM_LATENCY_MS: '50-300' },
  });
  const apiPorts = passPorts([apiSocket]);
  const api: ChildProcess = spawn(process.execPath, [...apiPorts.execArgv, 'apps/api/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', ...apiPorts.stdio],
    env: { ...env, ...apiPorts.env },
  });
  await Promise.all([simPorts.release(), apiPorts.release()]);
  // the worker runs the jobs the console starts (imports, SMS, reports); the journeys start once it runs its queues
  const worker: ChildProcess = spawn(process.execPath, ['apps/worker/dist/main.js'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env });
  const workerUp = printed(worker, 'worker running', 180_000);
  await answers(`${baseUrl}/api/docs/openapi.json`, 30_000);
  await answers(`${fleetSimUrl}/control/config`, 30_000);
  await workerUp;
  project.provide('e2e', { baseUrl, databaseUrl: db.url, fleetSimUrl });
  return async () => {
    const exited = (p: ChildProcess) => new Promise((r) => (p.exitCode !== null ? r(null) : p.once('exit', r)));
    api.kill('SIGTERM');
    worker.kill('SIGTERM');
    sim.kill('SIGTERM');
    await Promise.all([exited(api), exited(worker), exited(sim)]);
    rmSync(env.UPLOAD_DIR, { recursive: true, force: true });
    await db.drop();
  };
}
