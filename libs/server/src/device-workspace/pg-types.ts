import pg from 'pg';
import { ErrorCode } from '@tracker/contract';
import { DomainError } from '../core/errors.js';

const parseTimestamp = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ);

/**
 * Per-query type parsers for the device workspace (the shared pool's global parsers stay untouched):
 * bigint ids as numbers (ids stay far below 2^53), timestamptz as ISO strings, dates as `YYYY-MM-DD` text.
 */
export const WORKSPACE_TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8) return (v: string) => Number(v);
    if (oid === pg.types.builtins.TIMESTAMPTZ) return (v: string) => (parseTimestamp(v) as Date).toISOString();
    if (oid === pg.types.builtins.DATE) return (v: string) => v;
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
} as pg.CustomTypesConfig;

/** A day of the user's time zone as a half-open range on a timestamptz column ($date, $tz numbered from `n`). */
export function dayRange(column: string, n: number): string {
  return `${column} >= ($${n}::date::timestamp AT TIME ZONE $${n + 1}) AND ${column} < (($${n}::date + 1)::timestamp AT TIME ZONE $${n + 1})`;
}

/**
 * The contract checks `tz` against the runtime's zone list, but PostgreSQL has its own (e.g. Node still knows
 * `US/Pacific-New`, PostgreSQL does not): its refusal is the client's bad parameter, a 400 on `tz`, not a 500.
 */
export function rethrowUnknownTimeZone(e: unknown): never {
  const err = e as { code?: unknown; message?: unknown };
  if (err?.code === '22023' && typeof err.message === 'string' && /time zone .* not recognized/.test(err.message)) {
    throw new DomainError(ErrorCode.ValidationFailed, [{ field: 'tz', message: 'tz is not a known time zone' }]);
  }
  throw e;
}
