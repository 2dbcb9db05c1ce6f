import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  CONTROL_CHARS,
  CONTROL_CHARS_MULTILINE,
  codedIssues,
  ErrorCode,
  fieldError,
  issueFieldError,
  MULTILINE_TEXT,
  type FieldError,
  type RouteDef,
} from '@tracker/contract';
import type { z } from 'zod';
import { map, type Observable } from 'rxjs';
import { DomainError } from '../core/errors.js';
import { AppConfig } from '../core/config.js';
import { ROUTE_DEF, type ValidatedInput } from './endpoint.decorator.js';

function toFieldErrors(error: z.ZodError, part: string): FieldError[] {
  return error.issues.map((i) => issueFieldError(i, part));
}

type Def = { type?: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType>; element?: z.ZodType; catchall?: z.ZodType };
const defOf = (s: z.ZodType | undefined): Def | undefined => (s as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The schema wrapped by optional/nullable/default/pipe (transform) wrappers, one step. */
function inner(s: z.ZodType): z.ZodType | undefined {
  const d = defOf(s);
  return d?.innerType ?? (d?.type === 'pipe' ? d.in : undefined);
}

/** Whether the field at `path` of `schema` is marked multi-line free text (`multilineText`). */
function isMultiline(schema: z.ZodType | undefined, path: readonly (string | number)[]): boolean {
  let s = schema;
  for (const key of path) {
    while (s && !['object', 'array'].includes(defOf(s)?.type ?? '') && inner(s)) s = inner(s);
    const d = defOf(s);
    s = d?.type === 'object' ? d.shape?.[String(key)] : d?.type === 'array' ? d.element : undefined;
    if (!s) return false;
  }
  for (let cur = s; cur; cur = inner(cur)) if (MULTILINE_TEXT.has(cur)) return true;
  return false;
}

/**
 * Every string (and key) of the raw input without control characters (CONTROL_CHARS; tabs and line breaks only
 * in fields marked multi-line). Runs before the route's schema, for every route, so no NUL byte or escape
 * sequence reaches a query, the database or a log, whatever the route's own schema says.
 */
export function controlCharErrors(value: unknown, schema: z.ZodType | undefined, part: string): FieldError[] {
  const errors: FieldError[] = [];
  const walk = (v: unknown, path: (string | number)[], depth: number) => {
    if (errors.length >= 20 || depth > 32) return;
    if (typeof v === 'string') {
      const re = isMultiline(schema, path) ? CONTROL_CHARS_MULTILINE : CONTROL_CHARS;
      if (re.test(v)) errors.push(fieldError(path.length ? path.join('.') : part, 'controlChars'));
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => walk(x, [...path, i], depth + 1));
    } else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (errors.length >= 20) return;
        if (CONTROL_CHARS.test(k)) errors.push(fieldError([...path, k.replace(CONTROL_CHARS, '?')].join('.'), 'controlChars'));
        else walk(x, [...path, k], depth + 1);
      }
    }
  };
  walk(value, [], 0);
  return errors;
}

/**
 * The fields of a body its schema does not know (one rule for every body, docs/architecture.md "Input"): a zod
 * object drops them silently, so a misspelt or stray field would look accepted; each is refused as `unknownField`.
 * Objects declared open (`z.looseObject`, a catchall: the SMS gateways' webhooks) take any field.
 */
export function unknownFieldErrors(value: unknown, schema: z.ZodType | undefined, part: string): FieldError[] {
  const errors: FieldError[] = [];
  const walk = (v: unknown, s: z.ZodType | undefined, path: (string | number)[], depth: number) => {
    if (!s || v === null || typeof v !== 'object' || errors.length >= 20 || depth > 32) return;
    let cur: z.ZodType | undefined = s;
    while (cur && !['object', 'array'].includes(defOf(cur)?.type ?? '') && inner(cur)) cur = inner(cur);
    const d = defOf(cur);
    if (d?.type === 'array' && Array.isArray(v)) {
      v.forEach((x, i) => walk(x, d.element, [...path, i], depth + 1));
    } else if (d?.type === 'object' && !Array.isArray(v)) {
      const shape = d.shape ?? {};
      for (const [k, x] of Object.entries(v)) {
        if (k in shape) walk(x, shape[k], [...path, k], depth + 1);
        else if (!d.catchall) errors.push(fieldError([...path, k].join('.') || part, 'unknownField', { field: k }));
      }
    }
  };
  walk(value, schema, [], 0);
  return errors;
}

/** The raw parts of a request a route validates: path params, query and body as Express parsed them. */
export type RouteInput = { params?: unknown; query?: unknown; body?: unknown };

/**
 * A route's input checked as every request's is: control characters in any part and unknown body fields first
 * (the schemas do not run then), else each part parsed with the route's schema, its issues said as codes. Either
 * the field errors or the parsed parts. Pure, so the rules are unit-tested per route (route-input.spec.ts).
 */
export function validateRouteInput(def: RouteDef, input: RouteInput): { errors: FieldError[]; validated: ValidatedInput } {
  const validated: ValidatedInput = {};
  const errors: FieldError[] = [];
  for (const part of ['params', 'query', 'body'] as const) {
    errors.push(...controlCharErrors(input[part], def[part], part));
  }
  if (def.body) errors.push(...unknownFieldErrors(input.body, def.body, 'body'));
  if (errors.length) return { errors, validated };
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = def[part];
    if (!schema) continue;
    const r = schema.safeParse(input[part] ?? {}, { error: codedIssues });
    if (r.success) validated[part] = r.data;
    else errors.push(...toFieldErrors(r.error, part));
  }
  return { errors, validated };
}

/**
 * Refuses control characters in any part of the input (`controlCharErrors`), then parses query, body and path params with the route's zod schemas (after the guard, so 401/403 come first)
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
    this.checkResponses = config.development;
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
    const { errors, validated } = validateRouteInput(def, req);
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
