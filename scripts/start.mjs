// `npm start`: the whole stack on this machine with a seeded fake fleet.
// `npm start -- --api 2 --workers 2`: that many api processes (on PORT, PORT+1, ...) and worker processes against the
// one Postgres and Redis, as behind a load balancer (docs/scaling.md).
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, buildServer, buildConsole, migrate, deviceCount, seed, registerFleetSimFtp } from './lib/prepare.mjs';
import { ensureStack, ROOT } from './lib/stack.mjs';
import { runOnNode24 } from './lib/node24.mjs';
import { supervise } from './lib/supervise.mjs';

// Node 24 LTS (README "Runtime"): on an older Node this runs the script again on the pinned build
await runOnNode24(import.meta.url);

const { values: opts } = parseArgs({
  options: {
    api: { type: 'string', default: '1' },
    workers: { type: 'string', default: '1' },
    production: { type: 'boolean', default: false },
    // the built output as it is (apps/*/dist, apps/console/dist): the e2e spec of `npm start` (npm-start.e2e.ts), whose
    // Nx target has built them already
    'skip-build': { type: 'boolean', default: false },
  },
});
// the mode (docs/deployment.md "Mode"): development unless NODE_ENV says otherwise; `--production` runs the built apps
// as a deployment would, without fleet-sim, the seed or any development default (the environment gives the secrets)
const mode = opts.production ? 'production' : (process.env.NODE_ENV ?? 'development');
const development = mode === 'development' || mode === 'test';
const count = (v, name) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`--${name} takes a whole number from 1 to 16 (got ${v})`);
  return n;
};
const apis = count(opts.api, 'api');
const workers = count(opts.workers, 'workers');

ensureDependencies();
const stack = await ensureStack('dev');
if (!opts['skip-build']) {
  buildServer();
  buildConsole();
}
await migrate(stack.databaseUrl);
if (development && (await deviceCount(stack.databaseUrl)) === 0) {
  console.log('[start] empty database: seeding the fake fleet');
  seed(stack.databaseUrl);
}

const port = process.env.PORT ?? '3000';
// fleet-sim (docs/fleet-sim.md): the simulated Twilio and watches; the api and worker reach it as TWILIO_API_URL
// unless that is set (e.g. to a real Twilio account, docs/sms.md), and it posts back to the first api
const simPort = process.env.FLEET_SIM_PORT ?? '3010';
// ... and its mail sink takes the api's mails (the owner password-reset mail) as SMTP_URL unless that is set
const smtpPort = process.env.FLEET_SIM_SMTP_PORT ?? '3025';
// ... and its firmware FTP server (the seeded ftp_server 1 is pointed at it), serving .data/fleet-sim-ftp
const ftpPort = process.env.FLEET_SIM_FTP_PORT ?? '2121';
const ftpRoot = process.env.FLEET_SIM_FTP_ROOT ?? join(ROOT, '.data/fleet-sim-ftp');
if (development) await registerFleetSimFtp(stack.databaseUrl, ftpPort, ftpRoot);
const webhookBase = process.env.SMS_WEBHOOK_BASE_URL ?? `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  NODE_ENV: mode,
  DATABASE_URL: stack.databaseUrl,
  REDIS_URL: stack.redisUrl,
  PORT: port,
  CONSOLE_DIST: join(ROOT, 'apps/console/dist'),
  // fleet-sim's addresses are development defaults only: in production the environment names the real ones
  ...(development ? devUrls() : {}),
};
function devUrls() {
  return {
    TWILIO_API_URL: process.env.TWILIO_API_URL ?? `http://127.0.0.1:${simPort}`,
    SMS_WEBHOOK_BASE_URL: webhookBase,
    SMTP_URL: process.env.SMTP_URL ?? `smtp://127.0.0.1:${smtpPort}`,
    CONSOLE_PUBLIC_URL: process.env.CONSOLE_PUBLIC_URL ?? `http://127.0.0.1:${port}`,
  };
}
const simEnv = { ...env, FLEET_SIM_PORT: simPort, FLEET_SIM_SMTP_PORT: smtpPort, FLEET_SIM_FTP_PORT: ftpPort, FLEET_SIM_FTP_ROOT: ftpRoot, FLEET_SIM_INBOUND_URL: process.env.FLEET_SIM_INBOUND_URL ?? `${webhookBase}/api/sms/webhook/inbound` };
const name = (kind, i, n) => (n > 1 ? `${kind}-${i + 1}` : kind);
const apiPorts = Array.from({ length: apis }, (_, i) => String(Number(port) + i));
// each process under a supervisor: a crash (or a SIGKILL) restarts it with a backoff (scripts/lib/supervise.mjs)
const processes = [
  ...(development ? [{ name: 'fleet-sim', script: 'apps/fleet-sim/dist/main.js', env: simEnv }] : []),
  ...apiPorts.map((p, i) => ({ name: name('api', i, apis), script: 'apps/api/dist/main.js', env: { ...env, PORT: p } })),
  ...Array.from({ length: workers }, (_, i) => ({ name: name('worker', i, workers), script: 'apps/worker/dist/main.js', env })),
];
const supervisors = processes.map((p) =>
  supervise({
    name: p.name,
    start: () => spawn(process.execPath, [p.script], { cwd: ROOT, env: { ...p.env, PROCESS_NAME: p.name }, stdio: 'inherit' }),
  }),
);

if (development) {
  const users = JSON.parse(readFileSync(join(ROOT, 'seed/dev-users.json'), 'utf8'));
  console.log(`
  Console and api: ${apiPorts.map((p) => `http://127.0.0.1:${p}`).join(', ')}   (api docs: http://127.0.0.1:${port}/api/docs)
  ${apis} api and ${workers} worker process(es) on one Postgres and Redis${apis > 1 ? ' (any api serves any session)' : ''}
  SMS go to fleet-sim (simulated Twilio and watches) at http://127.0.0.1:${simPort}, knobs: POST /control/config (docs/fleet-sim.md)
  Firmware binaries go to fleet-sim's FTP server on 127.0.0.1:${ftpPort} (FTP server 1 in the console)
  Sign in with a seeded user, e.g. admin / ${users.find((u) => u.username === 'admin')?.password}
  and the code from: npm run totp -- admin
  Users (one per role): ${users.map((u) => `${u.username} (${u.roleId})`).join(', ')}
  Passwords are in seed/dev-users.json (development only). A crashed process is restarted; Ctrl-C stops everything.
`);
} else {
  console.log(`
  ${mode}: console and api on ${apiPorts.map((p) => `http://127.0.0.1:${p}`).join(', ')}, ${apis} api and ${workers} worker process(es)
  No fleet-sim, no seed, no development defaults (docs/deployment.md). A crashed process is restarted; Ctrl-C stops everything.
`);
}

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('[start] stopping');
  const kill = setTimeout(() => {
    for (const s of supervisors) s.child()?.kill('SIGKILL');
  }, 10_000);
  await Promise.all(supervisors.map((s) => s.stop('SIGTERM')));
  clearTimeout(kill);
  stack.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
