import { applyDecorators, createParamDecorator, HttpCode, RequestMapping, RequestMethod, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { RouteDef } from '@tracker/contract';
import type { SessionUser } from './session-user.js';

export const ROUTE_DEF = 'tracker:route-def';

/**
 * Binds a handler to a route of the contract's registry: its method and path, its §6 area (read by the
 * access guard) and its schemas (read by the validation interceptor). A handler without it is refused.
 */
export function Endpoint(def: RouteDef) {
  return applyDecorators(
    RequestMapping({ path: def.path, method: def.method === 'GET' ? RequestMethod.GET : RequestMethod.POST }),
    SetMetadata(ROUTE_DEF, def),
    HttpCode(200),
  );
}

export type ValidatedInput = { query?: unknown; body?: unknown; params?: unknown };

/** The request's query, body or path params as parsed by the route's zod schema. */
export const Input = createParamDecorator((part: keyof ValidatedInput, ctx: ExecutionContext) => {
  const req = ctx.switchToHttp().getRequest<{ validated?: ValidatedInput }>();
  return req.validated?.[part];
});

/** The signed-in user (set by the access guard). */
export const Session = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionUser => {
  const req = ctx.switchToHttp().getRequest<{ user?: SessionUser }>();
  if (!req.user) throw new Error('Session used on a public route');
  return req.user;
});

/** The signed-in user on a public route when the request carried a valid session (see AccessGuard), else undefined. */
export const OptionalSession = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionUser | undefined => {
  return ctx.switchToHttp().getRequest<{ user?: SessionUser }>().user;
});

/** Client IP and user agent for throttling and audit. */
export const ClientInfo = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const req = ctx.switchToHttp().getRequest<{ ip?: string; headers: Record<string, string | undefined> }>();
  return { ip: req.ip ?? 'unknown', userAgent: (req.headers['user-agent'] ?? '').slice(0, 300) };
});
export type ClientInfoValue = { ip: string; userAgent: string };
