import { getTimeZone } from './time-zone';

/** §9 formats: YYYY-MM-DD and YYYY-MM-DD HH:mm:ss, in the chosen time zone. */
type DateInput = Date | string | number | null | undefined;

const cache = new Map<string, Intl.DateTimeFormat>();
function parts(date: Date, timeZone: string): Record<string, string> {
  let f = cache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    cache.set(timeZone, f);
  }
  const out: Record<string, string> = {};
  for (const p of f.formatToParts(date)) out[p.type] = p.value;
  return out;
}

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `YYYY-MM-DD` in `timeZone` (default: the chosen zone); '' for a missing or invalid value. */
export function formatDate(value: DateInput, timeZone: string = getTimeZone()): string {
  const d = toDate(value);
  if (!d) return '';
  const p = parts(d, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** `YYYY-MM-DD HH:mm:ss` in `timeZone` (default: the chosen zone); '' for a missing or invalid value. */
export function formatDateTime(value: DateInput, timeZone: string = getTimeZone()): string {
  const d = toDate(value);
  if (!d) return '';
  const p = parts(d, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
