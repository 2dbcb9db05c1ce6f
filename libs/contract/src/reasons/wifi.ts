import type { ReasonDef } from './reason-def.js';

/** The reason codes of wifi access points (§5; libs/contract/src/wifi.ts). */
export const WIFI_REASONS = {
  wifiMacBlank: { en: 'MAC address cant be blank' },
  wifiMacFormat: { en: 'Wrong MAC address format' },
  wifiCoordinatesEmpty: { en: 'Longitude and latitude cant be empty' },
  wifiLatitudeRange: { en: 'Latitude may range from -90 to 90' },
  wifiLongitudeRange: { en: 'Longitude may range from -180 to 180' },
} as const satisfies Record<string, ReasonDef>;
