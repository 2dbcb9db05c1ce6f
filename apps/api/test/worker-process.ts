import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { passPorts, type ReservedPort } from '../../../scripts/test/ports.mjs';

// The built worker (apps/worker/dist) as a child process, so that a spec can kill it with SIGKILL mid-job.
const root = fileURLToPath(new URL('../../..', import.meta.url));
export const WORKER = `${root}apps/worker/dist/main.js`;

export function assertWorkerBuilt() {
  if (!existsSync(WORKER)) throw new Error(`${WORKER} is missing: build first (tsc -b tsconfig.json)`);
}

/** Child workers started by a spec: each started with `start(env)`, all killed by `killAll()` (afterAll). */
export function workerProcesses() {
  const children = new Set<ChildProcess>();
  return {
    /**
     * a worker with the api's environment (same database, Redis key prefix and so queues) plus `env`; `ports`: reserved
     * ports it serves on (named in `env`, e.g. WORKER_HTTP_PORT), handed over as their sockets
     */
    start(env: Record<string, string>, ports: ReservedPort[] = []): ChildProcess {
      const pass = passPorts(ports);
      const child = spawn(process.execPath, [...pass.execArgv, WORKER], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit', ...pass.stdio],
        env: { ...process.env, ...env, ...pass.env, LOG_LEVEL: env.LOG_LEVEL ?? 'warn', PROCESS_NAME: 'worker' },
      });
      void pass.release();
      children.add(child);
      child.once('exit', () => children.delete(child));
      return child;
    },
    killAll() {
      for (const c of children) c.kill('SIGKILL');
    },
    /** kills every running one and waits until they are gone */
    async killEach() {
      for (const c of [...children]) await kill(c);
    },
  };
}

/** SIGKILL, and wait until the process is gone. */
export async function kill(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}
