import { signalLevel } from '@tracker/contract';
import { formatDate } from '../../lib/dates';

/** §9 unit conversions: cm and inch, kg and pound. */
export const CM_PER_INCH = 2.54;
export const KG_PER_POUND = 0.45359237;
export const cmToInch = (cm: number) => Math.round((cm / CM_PER_INCH) * 10) / 10;
export const inchToCm = (inch: number) => Math.round(inch * CM_PER_INCH);
export const kgToPound = (kg: number) => Math.round((kg / KG_PER_POUND) * 10) / 10;
export const poundToKg = (lb: number) => Math.round(lb * KG_PER_POUND);

/** Today in the user's time zone (the default day of the date tabs). */
export const today = (tz: string) => formatDate(new Date(), tz);

export const isDay = (s: string | null): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/** §9 five-level signal scale; null when the device reported none. */
export const signalBars = (dbm: number | null | undefined) => (dbm === null || dbm === undefined ? null : signalLevel(dbm));

/** Seconds as "1 h 05 min" / "12 min" / "40 s". */
export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const m = Math.round(seconds / 60);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}
