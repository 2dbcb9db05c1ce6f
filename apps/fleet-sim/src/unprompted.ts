/**
 * What a watch says on its own, not in answer to a command (docs/fleet-sim.md "Unprompted messages"): alarms and
 * events, `<WHAT>:<STATE>[,<details>]`. The server reads them with grammar.ts parseWatchMessage and stores them as
 * events, never as replies.
 */
export const ALARM_KINDS = ['sos', 'fall', 'band_removed', 'battery_low', 'temperature', 'power_on', 'power_off'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

/** Optional details: the SOS alarm's position, the low battery's percent, the temperature alarm's degrees. */
export interface AlarmDetails {
  lat?: number;
  lon?: number;
  percent?: number;
  celsius?: number;
}

/** what a watch reports when the details are not given */
export const DEFAULT_BATTERY_PERCENT = 10;
export const DEFAULT_CELSIUS = 39;

/** A control request that cannot be done: the HTTP status and `{ error }` naming the field. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const bad = (message: string) => new ControlError(400, message);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The text of an unprompted message of `kind` (throws a ControlError 400 naming the field when bad). */
export function alarmText(kind: unknown, d: AlarmDetails = {}): string {
  if (typeof kind !== 'string' || !(ALARM_KINDS as readonly string[]).includes(kind)) throw bad(`kind: one of ${ALARM_KINDS.join(', ')}`);
  for (const [field, allowed] of [['lat', 'sos'], ['lon', 'sos'], ['percent', 'battery_low'], ['celsius', 'temperature']] as const) {
    if (d[field] !== undefined && kind !== allowed) throw bad(`${field}: only for kind ${allowed}`);
  }
  switch (kind as AlarmKind) {
    case 'sos': {
      const { lat, lon } = d;
      if (lat === undefined && lon === undefined) return 'SOS:ALARM';
      if (!isNumber(lat) || lat < -90 || lat > 90) throw bad('lat: a latitude (-90 to 90), given with lon');
      if (!isNumber(lon) || lon < -180 || lon > 180) throw bad('lon: a longitude (-180 to 180), given with lat');
      return `SOS:ALARM,LAT=${lat},LON=${lon}`;
    }
    case 'fall':
      return 'FALL:ALARM';
    case 'band_removed':
      return 'BAND:REMOVED';
    case 'battery_low': {
      const p = d.percent ?? DEFAULT_BATTERY_PERCENT;
      if (!Number.isInteger(p) || p < 0 || p > 100) throw bad('percent: an integer from 0 to 100');
      return `BATTERY:LOW,${p}`;
    }
    case 'temperature': {
      const c = d.celsius ?? DEFAULT_CELSIUS;
      if (!isNumber(c) || c < -50 || c > 100) throw bad('celsius: a number from -50 to 100');
      return `TEMP:ALARM,${c}`;
    }
    case 'power_on':
      return 'POWER:ON';
    case 'power_off':
      return 'POWER:OFF';
  }
}
