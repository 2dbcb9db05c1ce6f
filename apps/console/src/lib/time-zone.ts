import { useSyncExternalStore } from 'react';
import { DEFAULT_TIME_ZONE } from '@tracker/contract';

/** §3 "Time zone": region, zone, abbreviation, offset. Built from the browser's IANA data, not a hand list. */
export type TimeZoneEntry = {
  id: string;
  region: string;
  zone: string;
  abbreviation: string;
  offsetMinutes: number;
  /** "UTC +5:30", "UTC -3:00", "UTC +0:00" */
  offsetLabel: string;
};
export type TimeZoneRegion = { region: string; zones: TimeZoneEntry[] };

export const TIME_ZONE_KEY = 'tracker.timeZone';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, timeZoneName: 'longOffset' | 'short'): Intl.DateTimeFormat {
  const key = `${timeZone}|${timeZoneName}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName });
    formatters.set(key, f);
  }
  return f;
}

function zoneNamePart(timeZone: string, style: 'longOffset' | 'short', at: Date): string {
  return formatter(timeZone, style).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** Minutes east of UTC at `at` ("GMT+05:30" -> 330, "GMT" -> 0). */
export function offsetMinutes(timeZone: string, at: Date = new Date()): number {
  const m = /^GMT(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(zoneNamePart(timeZone, 'longOffset', at));
  if (!m || !m[1]) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC ${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
}

export function isValidTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || !tz) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export function describeTimeZone(id: string, at: Date = new Date()): TimeZoneEntry {
  const slash = id.indexOf('/');
  const region = slash < 0 ? id : id.slice(0, slash);
  const zone = (slash < 0 ? id : id.slice(slash + 1)).replace(/_/g, ' ');
  const offset = offsetMinutes(id, at);
  return {
    id,
    region,
    zone,
    abbreviation: id === 'UTC' ? 'UTC' : zoneNamePart(id, 'short', at),
    offsetMinutes: offset,
    offsetLabel: formatOffset(offset),
  };
}

let catalogue: TimeZoneRegion[] | null = null;

/** Every zone the browser knows, grouped by region (UTC first), zones sorted by offset then name. */
/** "UTC +0:00" for UTC, "Europe/Berlin (UTC +1:00)" otherwise (the header's button, the daily report's note). */
export function timeZoneLabel(id: string): string {
  const d = describeTimeZone(id);
  return id === 'UTC' ? d.offsetLabel : `${id.replace(/_/g, ' ')} (${d.offsetLabel})`;
}

export function timeZoneCatalogue(): TimeZoneRegion[] {
  if (catalogue) return catalogue;
  const now = new Date();
  const ids = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const byRegion = new Map<string, TimeZoneEntry[]>();
  byRegion.set('UTC', [describeTimeZone('UTC', now)]);
  for (const id of ids) {
    if (id === 'UTC') continue;
    const entry = describeTimeZone(id, now);
    const list = byRegion.get(entry.region) ?? [];
    list.push(entry);
    byRegion.set(entry.region, list);
  }
  const regions = [...byRegion.entries()].map(([region, zones]) => ({
    region,
    zones: zones.sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.zone.localeCompare(b.zone)),
  }));
  regions.sort((a, b) => (a.region === 'UTC' ? -1 : b.region === 'UTC' ? 1 : a.region.localeCompare(b.region)));
  catalogue = regions;
  return catalogue;
}

// ------------------------------------------------------------------------------------------- chosen zone

const listeners = new Set<() => void>();
let chosen: string = readStored();

function readStored(): string {
  try {
    const s = localStorage.getItem(TIME_ZONE_KEY);
    return isValidTimeZone(s) ? s : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The time zone dates are shown in (default UTC, §9). */
export function getTimeZone(): string {
  return chosen;
}

export function setTimeZone(tz: string): void {
  if (!isValidTimeZone(tz)) return;
  chosen = tz;
  localStorage.setItem(TIME_ZONE_KEY, tz);
  for (const l of listeners) l();
}

/** Tests: forget the choice. */
export function resetTimeZone(): void {
  chosen = readStored();
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useTimeZone(): string {
  return useSyncExternalStore(subscribe, getTimeZone, getTimeZone);
}
