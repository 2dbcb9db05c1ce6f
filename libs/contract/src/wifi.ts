import { z } from 'zod';
import { coded } from './reasons.js';

/**
 * §5 Wifi access point rules, shared by the owner's /addwifi and the staff's /geolocation screens (one table,
 * `wifi_access_point`, one set of rules). The MAC is six hex pairs with optional `:` or `-` separators; it is stored
 * as 12 upper-case hex digits without separators and shown with colons.
 */
const MAC_RE = /^[0-9A-Fa-f]{2}(?:([:-]?)[0-9A-Fa-f]{2})(?:\1[0-9A-Fa-f]{2}){4}$/;

/** True when `s` is a MAC in one of the accepted spellings (one separator style throughout, or none). */
export function isMac(s: string): boolean {
  return MAC_RE.test(s.trim());
}

/** The stored form: 12 upper-case hex digits ('aa:bb-..' is refused by isMac first). */
export function normalizeMac(s: string): string {
  return s.trim().replace(/[:-]/g, '').toUpperCase();
}

/** The shown form: 'AABBCCDDEEFF' -> 'AA:BB:CC:DD:EE:FF'. */
export function formatMac(stored: string): string {
  return normalizeMac(stored).replace(/(..)(?!$)/g, '$1:');
}

/** A MAC field: required ('MAC address cant be blank'), well formed ('Wrong MAC address format'); parses to the stored form. */
export const macAddress = z
  .string({ error: coded('wifiMacBlank') })
  .refine((s) => s.trim() !== '', { message: coded('wifiMacBlank'), abort: true })
  .refine(isMac, coded('wifiMacFormat'))
  .transform(normalizeMac);

const coordinate = (min: number, max: number, code: 'wifiLatitudeRange' | 'wifiLongitudeRange', strings = true) =>
  z.preprocess(
    (v) => (strings && typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' || (!strings && v === null) ? undefined : v),
    z
      .number({
        error: strings ? coded('wifiCoordinatesEmpty') : (iss) => (iss.input === undefined ? coded('wifiCoordinatesEmpty') : coded('wrongType', { expected: 'number' })),
      })
      .refine(Number.isFinite, coded(code))
      .refine((n) => n >= min && n <= max, coded(code)),
  );

/** Latitude -90..90 ('Latitude may range from -90 to 90'); missing or empty: 'Longitude and latitude cant be empty'. */
export const wifiLatitude = coordinate(-90, 90, 'wifiLatitudeRange');
/** Longitude -180..180 ('Longitude may range from -180 to 180'); missing or empty: 'Longitude and latitude cant be empty'. */
export const wifiLongitude = coordinate(-180, 180, 'wifiLongitudeRange');
/**
 * The same rules for a JSON body (/geolocation/wifi): a number, never a string ("1e3", "0x10" are refused as every
 * number field of the api refuses them); missing, '' or null: 'Longitude and latitude cant be empty'.
 */
export const wifiLatitudeNumber = coordinate(-90, 90, 'wifiLatitudeRange', false);
export const wifiLongitudeNumber = coordinate(-180, 180, 'wifiLongitudeRange', false);
