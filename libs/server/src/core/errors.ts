import type { ErrorCode, FieldError } from '@tracker/contract';

/** Prisma's unique violation (P2002) or PostgreSQL's (23505): a write that met a unique key taken by another row. */
export const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' && e !== null && ['P2002', '23505'].includes((e as { code?: string }).code ?? '');

/**
 * A failure the client should see: mapped to its status code and localized message by the error filter. Its field
 * errors are coded (`fieldError(field, code, params)`, house rule "Reasons and messages"), never sentences.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly errors?: FieldError[],
    /** extra response headers (e.g. Retry-After) */
    readonly headers?: Record<string, string>,
  ) {
    super(code);
  }
}
