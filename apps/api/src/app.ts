import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { ROUTES } from '@tracker/contract';
import { AppConfig, buildOpenApi, HealthService, LOGGER, loggableUrl, MetricsService, nestLogger, openApiHtml, probeHandler, requestIds } from '@tracker/server';
import { AppModule } from './app.module.js';
import { securityHeaders } from './security-headers.js';

/** Builds the api (not listening yet): /api routes, docs, and the built console with SPA fallback. */
export async function createApi(): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { logger: nestLogger('api') });
  const config = app.get(AppConfig);
  const log = app.get<Logger>(LOGGER);
  app.setGlobalPrefix('api');
  // X-Forwarded-For is believed only from the proxies named in TRUST_PROXY (default none): the client address
  // feeds the sign-in throttle and the audit, so no caller may choose it (docs/access.md)
  const proxies = config.get('TRUST_PROXY');
  app.set('trust proxy', proxies.length ? proxies : false);
  app.disable('x-powered-by');
  // first: every answer says its request id (X-Request-Id) and every log line written for it carries it
  app.use(requestIds());
  // no ETag on api answers: every one is personal data sent with Cache-Control no-store (security-headers.ts), so
  // no client revalidates, and Express would hash every body for it (the built console's files keep theirs)
  app.set('etag', false);
  app.use(securityHeaders(config));
  // probes (docs/operations.md "Health"): outside /api, so no session, no audit and no request log
  const metrics = app.get(MetricsService);
  const probes = probeHandler(app.get(HealthService), { '/metrics': (res) => metrics.expose(res) });
  app.use((req: Request, res: Response, next: NextFunction) => {
    probes(req, res).then((handled) => handled || next(), next);
  });
  // a bulk SMS send takes up to 100,000 device ids (SMS_BULK_MAX, about 0.8 MB of JSON at 7-digit ids): 2 MB there only
  app.use(`/api${ROUTES.smsSendBulk.path}`, express.json({ limit: '2mb' }));
  app.useBodyParser('json', { limit: '1mb' });
  app.enableShutdownHooks();
  // idle keep-alive connections stay open 65 s (Node's default is 5 s): longer than the idle timeout of the clients
  // and proxies in front (undici's 4 s, load balancers' usual 60 s), so a client never sends a request on a socket
  // the api is closing at that moment. That race answered ECONNRESET to tests and to fleet-sim's delivery reports on
  // the loaded machine (docs/sms.md "Lost reports"); headersTimeout must stay above keepAliveTimeout.
  const server = app.getHttpServer();
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  app.use((req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      if (!req.path.startsWith('/api')) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // by route template (never the URL: bounded labels); a path no route matched is one label
      const route = typeof req.route?.path === 'string' ? `${req.baseUrl ?? ''}${req.route.path}` : 'unmatched';
      metrics.httpDuration.observe({ method: req.method, route, status: String(res.statusCode) }, ms / 1000);
      if (!log.isLevelEnabled('info')) return;
      const user = (req as Request & { user?: { username?: string } }).user?.username;
      // route template, never the URL: no query string, token or reset id reaches the log
      const reqId = (req as Request & { requestId?: string }).requestId;
      log.info({ reqId, method: req.method, route: loggableUrl(req), status: res.statusCode, ms: Math.round(ms), user }, 'request');
    });
    next();
  });

  const openapi = buildOpenApi();
  const html = openApiHtml(openapi);
  app.use('/api/docs/openapi.json', (_req: Request, res: Response) => res.json(openapi));
  app.use('/api/docs', (req: Request, res: Response, next: NextFunction) => (req.path === '/' ? res.type('html').send(html) : next()));

  const dist = config.get('CONSOLE_DIST');
  if (dist && existsSync(join(dist, 'index.html'))) {
    const root = resolve(dist);
    app.use(express.static(root, { index: false, maxAge: '1h' }));
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' || req.path.startsWith('/api')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(join(root, 'index.html'));
    });
  }
  return app;
}
