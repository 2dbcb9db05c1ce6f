import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { AppConfig } from '../config.js';
import { LOGGER } from '../tokens.js';

/**
 * The api's graceful stop (SIGTERM, docs/operations.md "Shutdown"), in the first phase of Nest's shutdown: the server
 * stops accepting connections, idle keep-alive connections are closed (again every 100 ms, as requests in flight
 * finish and leave theirs idle), and it resolves once the requests in flight have been answered, or after
 * SHUTDOWN_TIMEOUT_MS, when the connections left are cut. Postgres, Redis and the queues close only after this.
 */
@Injectable()
export class HttpDrain implements OnModuleDestroy {
  constructor(
    private readonly adapter: HttpAdapterHost,
    private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async onModuleDestroy(): Promise<void> {
    const server = this.adapter.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server?.listening) return;
    const timeout = this.config.get('SHUTDOWN_TIMEOUT_MS');
    this.log.info({ timeoutMs: timeout }, 'shutdown: no new connections, answering the requests in flight');
    await new Promise<void>((resolve) => {
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      const cut = setTimeout(() => {
        this.log.warn('shutdown: requests still in flight after SHUTDOWN_TIMEOUT_MS, connections cut');
        server.closeAllConnections();
      }, timeout);
      server.close(() => {
        clearInterval(idle);
        clearTimeout(cut);
        resolve();
      });
      server.closeIdleConnections();
    });
  }
}
