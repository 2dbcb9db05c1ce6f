import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import {
  canAccess,
  ErrorCode,
  REQUEST_ORIGIN_HEADER,
  type Area,
  type RoleId,
  type RouteDef,
} from '@tracker/contract';
import { DomainError } from '../core/errors.js';
import { ROUTE_DEF } from './endpoint.decorator.js';
import type { SessionUser } from './session-user.js';

/**
 * §6 "Role 9 has the permission check true (read-only style). Role 10 has it true on the settings pages": these
 * roles see the device screens but may not change them; their refusal says so (READ_ONLY_ROLE) instead of the
 * navigation text of a section they may not open.
 */
export const READ_ONLY_AREAS: Partial<Record<Area, readonly RoleId[]>> = {
  deviceEdit: [9],
  deviceSettingsEdit: [9, 10],
  ownerCommand: [9, 10],
  ownerEdit: [9],
};

type GuardRequest = { headers: Record<string, string | string[] | undefined>; user?: SessionUser };

/**
 * The session token of a request, from the `Authorization: Bearer <token>` header only (RFC 6750 §2.1). A token
 * in the query string (`?access_token=`) or the body is never read: URLs end up in logs, proxies and browser
 * history. Returns undefined when the header is missing or not a bearer header.
 */
export function bearerToken(headers: GuardRequest['headers']): string | undefined {
  const h = headers.authorization;
  if (typeof h !== 'string') return undefined;
  const m = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(h);
  return m?.[1];
}

/** Passport's bearer strategy (`auth/bearer.strategy.ts`, header only), answering with our error codes. */
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
 * valid session (401) and a role the §6 table allows for the area (403; READ_ONLY_ROLE for the read-only roles
 * on the device change areas).
 * On public routes a valid session is attached when one is sent (POST /password needs to know it), never required.
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
    const req = ctx.switchToHttp().getRequest<GuardRequest>();
    // a gateway's webhook sends no request-origin header (it is public and checks the gateway's signature instead)
    if (!req.headers[REQUEST_ORIGIN_HEADER] && !(def.webhook && def.area === 'public')) throw new DomainError(ErrorCode.MissingRequestOrigin);
    if (def.area === 'public') {
      // a session sent along is known to the handler (POST /password), never required
      if (bearerToken(req.headers)) await Promise.resolve(this.bearer.canActivate(ctx)).catch(() => (req.user = undefined));
      return true;
    }
    await this.bearer.canActivate(ctx);
    const user = req.user;
    if (!user) throw new DomainError(ErrorCode.Unauthenticated);
    if (!canAccess(user.role, def.area)) {
      const readOnly = READ_ONLY_AREAS[def.area]?.includes(user.role);
      throw new DomainError(readOnly ? ErrorCode.ReadOnlyRole : ErrorCode.Forbidden);
    }
    return true;
  }
}
