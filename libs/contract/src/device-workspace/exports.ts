// Device exports (§4 Exports, §7 Reports and exports): a hash for a device and day, then one CSV download per kind.
import { z } from 'zod';
import { coded } from '../reasons.js';
import { envelope } from '../schemas.js';
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

// ---------------------------------------------------------------------------------------------- routes

const csvDownload = (kind: DeviceExportKind, what: string) =>
  route({
    method: 'GET',
    path: `/csv/${kind}`,
    area: 'deviceTabs',
    summary: `CSV download by hash: ${what} of the device and day given to /csv/generate (streamed)`,
    query: csvDownloadQuery,
    response: csvDownloadResponse,
    audited: true,
  });

export const EXPORT_ROUTES = {
  // ------------------------------------------------------------------ exports
  csvGenerate: route({
    method: 'GET',
    path: '/csv/generate',
    area: 'deviceTabs',
    summary: 'Prepares the device exports of a day; returns the hash the downloads take (expires)',
    query: csvGenerateQuery,
    response: csvGenerateResponse,
    audited: true,
  }),
  csvCommunications: csvDownload('communications', 'communications'),
  csvLocations: csvDownload('locations', 'location fixes'),
  csvDeviceTrace: csvDownload('device_trace', 'audit trail'),
  csvSmsPerDevice: csvDownload('sms_per_device', 'SMS'),
  csvDeviceNotification: csvDownload('device_notification', 'notifications'),
  csvSafezone: csvDownload('safezone', 'safe-zone log'),
} as const satisfies Record<string, RouteDef>;
