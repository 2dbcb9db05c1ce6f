import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCode, type FieldError, type RouteDef } from '@tracker/contract';
import type { z } from 'zod';
import { map, type Observable } from 'rxjs';
import { DomainError } from '../core/errors.js';
import { AppConfig } from '../core/config.js';
import { ROUTE_DEF, type ValidatedInput } from './endpoint.decorator.js';

function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));
}

/**
 * Parses query, body and path params with the route's zod schemas (after the guard, so 401/403 come first)
 * and, outside production, checks the response against the route's response schema so contract drift fails
 * loudly in tests instead of in the console.
 */
@Injectable()
export class ValidationInterceptor implements NestInterceptor {
  private readonly checkResponses: boolean;
  constructor(
    private readonly reflector: Reflector,
    config: AppConfig,
  ) {
    this.checkResponses = config.get('NODE_ENV') !== 'production';
  }

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const def = this.reflector.get<RouteDef | undefined>(ROUTE_DEF, ctx.getHandler());
    if (!def) return next.handle();
    const req = ctx.switchToHttp().getRequest<{
      query: unknown;
      body: unknown;
      params: unknown;
      validated?: ValidatedInput;
    }>();
    const validated: ValidatedInput = {};
    const errors: FieldError[] = [];
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = def[part];
      if (!schema) continue;
      const r = schema.safeParse(req[part] ?? {});
      if (r.success) validated[part] = r.data;
      else errors.push(...toFieldErrors(r.error));
    }
    if (errors.length) throw new DomainError(ErrorCode.ValidationFailed, errors);
    req.validated = validated;
    if (!this.checkResponses) return next.handle();
    return next.handle().pipe(
      map((body) => {
        const r = def.response.safeParse(body);
        if (!r.success) {
          throw new Error(`Response of ${def.method} ${def.path} breaks the contract: ${r.error.message}`);
        }
        return body;
      }),
    );
  }
}
