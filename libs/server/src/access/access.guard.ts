import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import {
  canAccess,
  ErrorCode,
  REQUEST_ORIGIN_HEADER,
  type RouteDef,
} from '@tracker/contract';
import { DomainError } from '../core/errors.js';
import { ROUTE_DEF } from './endpoint.decorator.js';
import type { SessionUser } from './session-user.js';

/** Passport's bearer strategy, answering with our error codes instead of a bare 401. */
@Injectable()
export class BearerAuthGuard extends AuthGuard('bearer') {
  override handleRequest<T>(err: unknown, user: T): T {
    if (err) throw err;
    if (!user) throw new DomainError(ErrorCode.Unauthenticated);
    return user;
  }
}

/**
 * Global guard: every route must carry an area (`@Endpoint`); public areas pass, everything else needs a
 * valid session (401) and a role the §6 table allows for the area (403).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly bearer: BearerAuthGuard,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const def = this.reflector.get<RouteDef | undefined>(ROUTE_DEF, ctx.getHandler());
    if (!def) throw new DomainError(ErrorCode.Forbidden);
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: SessionUser }>();
    if (!req.headers[REQUEST_ORIGIN_HEADER]) throw new DomainError(ErrorCode.MissingRequestOrigin);
    if (def.area === 'public') return true;
    await this.bearer.canActivate(ctx);
    const user = req.user;
    if (!user) throw new DomainError(ErrorCode.Unauthenticated);
    if (!canAccess(user.role, def.area)) throw new DomainError(ErrorCode.Forbidden);
    return true;
  }
}
