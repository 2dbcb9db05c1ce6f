// Device exports (§4 Exports, §7 Reports and exports): a hash for a device and day, then one CSV download per kind.
import { z } from 'zod';
import { coded } from '../reasons.js';
import { envelope } from '../schemas.js';
import type { Area } from '../access.js';
import { route, type RouteDef } from '../route-def.js';
import { deviceDayQuery, iso } from './shared.js';

/** Device exports (§7 Reports and exports): the download paths served by hash. */
export const DEVICE_EXPORT_KINDS = [
  'communications',
  'locations',
  'device_trace',
  'sms_per_device',
  'device_notification',
  'safezone',
] as const;
export type DeviceExportKind = (typeof DEVICE_EXPORT_KINDS)[number];
/** Seconds an export hash stays valid. */
export const EXPORT_HASH_TTL_SECONDS = 600;

export const csvGenerateQuery = deviceDayQuery;
export const csvDownloadQuery = z.object({
  hash: z.string({ error: coded('required') }).regex(/^[a-f0-9]{32,64}$/, coded('badFormat')),
});

export const csvGenerateResponse = envelope(z.object({ hash: z.string(), expires_at: iso }));
/** CSV downloads answer text/csv, not JSON. */
export const csvDownloadResponse = z.undefined();

/**
 * `GET <path>` (`/csv/generate/...`): prepares an export and answers the hash its download takes; audited, as its
 * parameters name the data taken out (§7 Reports and exports). Every export's preparation is declared with it.
 */
export const csvGenerateRoute = <const A extends Area, const P extends string, const Q extends z.ZodType>(area: A, path: P, summary: string, query: Q) =>
  route({ method: 'GET', path, area, summary, query, response: csvGenerateResponse, audited: true });

/** `GET /csv/<kind>?hash`: an export's download by hash (text/csv, streamed; audited). Every download is declared with it. */
export const csvDownloadRoute = <const A extends Area, const K extends string>(area: A, kind: K, summary: string) =>
  route({ method: 'GET', path: `/csv/${kind}` as `/csv/${K}`, area, summary, query: csvDownloadQuery, response: csvDownloadResponse, audited: true });

// ---------------------------------------------------------------------------------------------- routes

const csvDownload = (kind: DeviceExportKind, what: string) =>
  csvDownloadRoute('deviceTabs', kind, `CSV download by hash: ${what} of the device and day given to /csv/generate (streamed)`);

export const EXPORT_ROUTES = {
  // ------------------------------------------------------------------ exports
  csvGenerate: csvGenerateRoute('deviceTabs', '/csv/generate', 'Prepares the device exports of a day; returns the hash the downloads take (expires)', csvGenerateQuery),
  csvCommunications: csvDownload('communications', 'communications'),
  csvLocations: csvDownload('locations', 'location fixes'),
  csvDeviceTrace: csvDownload('device_trace', 'audit trail'),
  csvSmsPerDevice: csvDownload('sms_per_device', 'SMS'),
  csvDeviceNotification: csvDownload('device_notification', 'notifications'),
  csvSafezone: csvDownload('safezone', 'safe-zone log'),
} as const satisfies Record<string, RouteDef>;
