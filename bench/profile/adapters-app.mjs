// The app of bench/profile/adapters.mjs: one Nest app (the same controller, global guard and interceptor) on Express
// or on Fastify (argv: adapter, port), answering a GET with 25 search-like rows and a form-encoded POST. Copied into
// .data/bench-adapters and run there, where @nestjs/platform-fastify is installed.
import 'reflect-metadata';
import { Body, Controller, Get, Injectable, Module, Post, Query } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import { map } from 'rxjs';

const adapter = process.argv[2];
const port = Number(process.argv[3]);

class Guard {
  canActivate(ctx) {
    return ctx.switchToHttp().getRequest().headers['authorization'] !== 'no';
  }
}
Injectable()(Guard);
class Interceptor {
  intercept(_ctx, next) {
    return next.handle().pipe(map((v) => v));
  }
}
Injectable()(Interceptor);
class C {
  search(q) {
    return { model: { items: Array.from({ length: 25 }, (_, i) => ({ device_id: i, imei: '35' + String(i).padStart(13, '0'), email: 'someone@example.com', q: q.query })), total_pages: 1, more: false } };
  }
  hook(b) {
    return { ok: !!b.MessageSid };
  }
}
const d = (name) => Object.getOwnPropertyDescriptor(C.prototype, name);
Get('search')(C.prototype, 'search', d('search'));
Query()(C.prototype, 'search', 0);
Post('hook')(C.prototype, 'hook', d('hook'));
Body()(C.prototype, 'hook', 0);
Reflect.defineMetadata('design:paramtypes', [Object], C.prototype, 'search');
Reflect.defineMetadata('design:paramtypes', [Object], C.prototype, 'hook');
Controller()(C);
class AppModule {}
Module({ controllers: [C], providers: [{ provide: APP_GUARD, useClass: Guard }, { provide: APP_INTERCEPTOR, useClass: Interceptor }] })(AppModule);

let app;
if (adapter === 'fastify') {
  const { FastifyAdapter } = await import('@nestjs/platform-fastify');
  app = await NestFactory.create(AppModule, new FastifyAdapter(), { logger: ['error'] });
} else {
  app = await NestFactory.create(AppModule, { logger: ['error'] });
  app.useBodyParser('urlencoded', { extended: false });
}
await app.listen(port, '127.0.0.1');
process.send?.('ready');
