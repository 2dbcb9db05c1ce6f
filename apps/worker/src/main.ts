// first: V8's memory-saving mode before the other modules load (v8-flags.ts)
import './v8-flags.js';
import 'reflect-metadata';
import { createServer } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { AppConfig, HealthService, MetricsService, nestLogger, probeHandler, startupFailed } from '@tracker/server/worker';
import { WorkerModule } from './worker.module.js';

process.env.PROCESS_NAME ??= 'worker';

// SIGTERM and SIGINT stop the worker gracefully (docs/operations.md "Shutdown"): running jobs finish, then Postgres,
// Redis and the queues close, then the process exits. Listened to before the application is created: its BullMQ
// workers take jobs as soon as it boots (onApplicationBootstrap), before Nest's own enableShutdownHooks could be on,
// and a SIGTERM then ended the process mid-job (sigterm.spec).
let stopping: Promise<void> | null = null;
const created = NestFactory.createApplicationContext(WorkerModule, { logger: nestLogger('worker') });
const stop = () => {
  stopping ??= created
    .then((ctx) => ctx.close())
    .then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('worker: shutdown failed', err);
        process.exit(1);
      },
    );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
// the periodic jobs declared to run at start (the sweeps, PERIODIC_JOBS) have run once the context is created
// a refusal to start (docs/deployment.md "Mode": the startup checks run in the bootstrap hooks) is one JSON log line on
// stderr and exit code 1
const app = await created.catch((err: unknown) => startupFailed('worker', err));

// the probe listener (docs/operations.md "Health"): WORKER_HTTP_PORT, none when unset
const config = app.get(AppConfig);
const port = config.get('WORKER_HTTP_PORT');
if (port !== undefined) {
  const metrics = app.get(MetricsService);
  const probes = probeHandler(app.get(HealthService), { '/metrics': (res) => metrics.expose(res) });
  const server = createServer((req, res) => {
    probes(req, res).then(
      (handled) => {
        if (!handled) res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, config.get('WORKER_HTTP_HOST'), resolve));
  const address = server.address();
  console.log(`worker probes on http://${config.get('WORKER_HTTP_HOST')}:${typeof address === 'object' && address ? address.port : port}`);
}
console.log('worker running');
