import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import type { Logger } from 'pino';
import { SessionQueriesRepository } from '../auth/session-queries.repository.js';
import { SessionRepository } from '../auth/session.repository.js';
import { SessionService } from '../auth/session.service.js';
import { ErrorFilter } from '../core/error.filter.js';
import { LOGGER } from '../core/tokens.js';
import { BearerStrategy } from '../auth/bearer.strategy.js';
import { AccessGuard, BearerAuthGuard } from './access.guard.js';
import { AuditInterceptor } from './audit.interceptor.js';
import { ValidationInterceptor } from './validation.interceptor.js';

/**
 * The request pipeline every route goes through: access guard (area, bearer session through Passport from the
 * Authorization header only, role), validation against the contract, audit of mutating calls, and the error filter.
 */
@Module({
  imports: [PassportModule],
  providers: [
    SessionService,
    SessionRepository,
    SessionQueriesRepository,
    BearerStrategy,
    BearerAuthGuard,
    { provide: APP_GUARD, useClass: AccessGuard },
    // outermost first: the audit context of a call is opened with its validated input
    { provide: APP_INTERCEPTOR, useClass: ValidationInterceptor },
    { provide: APP_INTERCEPTOR, useClass: AuditInterceptor },
    { provide: APP_FILTER, useFactory: (log: Logger) => new ErrorFilter(log), inject: [LOGGER] },
  ],
  exports: [SessionService],
})
export class AccessModule {}
