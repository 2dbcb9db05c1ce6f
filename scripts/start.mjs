// `npm start`: the whole stack on this machine with a seeded fake fleet.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, buildServer, buildConsole, migrate, deviceCount, seed } from './lib/prepare.mjs';
import { ensureStack, ROOT } from './lib/stack.mjs';

ensureDependencies();
const stack = await ensureStack('dev');
buildServer();
buildConsole();
await migrate(stack.databaseUrl);
if ((await deviceCount(stack.databaseUrl)) === 0) {
  console.log('[start] empty database: seeding the fake fleet');
  seed(stack.databaseUrl);
}

const port = process.env.PORT ?? '3000';
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  DATABASE_URL: stack.databaseUrl,
  REDIS_URL: stack.redisUrl,
  PORT: port,
  CONSOLE_DIST: join(ROOT, 'apps/console/dist'),
};
const children = [
  spawn('node', ['apps/api/dist/main.js'], { cwd: ROOT, env: { ...env, PROCESS_NAME: 'api' }, stdio: 'inherit' }),
  spawn('node', ['apps/worker/dist/main.js'], { cwd: ROOT, env: { ...env, PROCESS_NAME: 'worker' }, stdio: 'inherit' }),
];

const users = JSON.parse(readFileSync(join(ROOT, 'seed/dev-users.json'), 'utf8'));
console.log(`
  Console and api: http://127.0.0.1:${port}   (api docs: http://127.0.0.1:${port}/api/docs)
  Sign in with a seeded user, e.g. admin / ${users.find((u) => u.username === 'admin')?.password}
  and the code from: npm run totp -- admin
  Users (one per role): ${users.map((u) => `${u.username} (${u.roleId})`).join(', ')}
  Passwords are in seed/dev-users.json (development only). Ctrl-C stops everything.
`);

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => {
    stack.stop();
    process.exit(code);
  }, 1500);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const c of children) {
  c.on('exit', (code) => {
    if (!stopping) {
      console.error(`[start] a process exited (${code}); stopping the stack`);
      stop(code || 1);
    }
  });
}
