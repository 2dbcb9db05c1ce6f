/** Days of the user's time zone in SQL, shared by every repository that cuts data by day (device tabs, imports). */
import { ErrorCode, fieldError } from '@tracker/contract';
import { DomainError } from './errors.js';

/** Today in zone `tz`, as YYYY-MM-DD. */
export const todayIn = (tz: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** The day `n` days after `day` (before it when negative), both YYYY-MM-DD. */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

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
    throw new DomainError(ErrorCode.ValidationFailed, [fieldError('tz', 'unknownTimeZone', { field: 'tz' })]);
  }
  throw e;
}
