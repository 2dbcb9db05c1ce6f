import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { RouteDef } from '@tracker/contract';
import { mergeMap, Observable } from 'rxjs';
import { auditCall, AuditService } from '../core/audit.service.js';
import { ROUTE_DEF, type ValidatedInput } from './endpoint.decorator.js';
import type { SessionUser } from './session-user.js';

/**
 * Opens the audit context of every mutating call, and of every read the contract marks `audited` (the exports under
 * /csv: who prepared and who downloaded which data), with who, what, input and address (see `auditCall`). The service that makes
 * the call's change records it inside the change's transaction (`AuditService.recordCall` or a device event), so a
 * change never commits without its record. A successful call that no service recorded changed nothing in Postgres
 * (the password step of the sign-in, a job handed to Redis after its row was recorded): it gets its generic row here.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const def = this.reflector.get<RouteDef | undefined>(ROUTE_DEF, ctx.getHandler());
    if (!def || !(def.audited || (def.mutating ?? def.method === 'POST'))) return next.handle();
    const req = ctx.switchToHttp().getRequest<{ user?: SessionUser; ip?: string; validated?: ValidatedInput }>();
    const context = {
      actorId: req.user?.userId ?? null,
      actorName: req.user?.username ?? usernameOf(req.validated?.body),
      action: `${def.method} ${def.path}`,
      area: def.area,
      input: { query: req.validated?.query, params: req.validated?.params, body: req.validated?.body },
      ip: req.ip ?? null,
    };
    const record = async (result: unknown) => {
      if (!call.recorded) await this.audit.record({ ...context, result });
    };
    // a streamed download records itself before its first byte (recordCallNow), a JSON answer after the handler
    const call = { recorded: false, context, flush: () => record(undefined) };
    // the handler runs when the observable is subscribed: subscribe inside the call's audit context
    const handled = new Observable<unknown>((sub) => auditCall.run(call, () => next.handle().subscribe(sub)));
    return handled.pipe(
      mergeMap(async (body) => {
        await record((body as { model?: unknown })?.model);
        return body;
      }),
    );
  }
}

function usernameOf(body: unknown): string | null {
  const u = (body as { username?: unknown } | undefined)?.username;
  return typeof u === 'string' ? u : null;
}
