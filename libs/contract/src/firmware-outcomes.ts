// A firmware request's outcome per device (§2 /admin/fup/..., beside /firmware/search): every targeted device's
// activity with its coded reason, and the devices the ledger refused; a state filter and a CSV. What each holds:
// docs/firmware-modem.md "Outcomes".
import { z } from 'zod';
import { positiveId } from './params.js';
import { coded } from './reasons.js';
import type { RouteDef } from './route-def.js';
import { intOrNull, iso, isoOrNull } from './device-workspace/shared.js';
import { codedReason } from './firmware.js';
import { OUTCOME_PAGE_SIZE, outcomePage, outcomeQueries, outcomeRoutes } from './outcomes.js';

/**
 * The state filter of a request's devices: all; failed (failed, cancelled: not updated, each with its reason, and
 * refused by the ledger); pending (processing, downloading); done (finished); cancelled; refused.
 */
export const FIRMWARE_DEVICE_STATES = ['all', 'failed', 'pending', 'done', 'cancelled', 'refused'] as const;
export type FirmwareDeviceState = (typeof FIRMWARE_DEVICE_STATES)[number];
/** A device's outcome: its activity status (§4 0-2, 3 failed, 4 cancelled) by name, or refused. */
export const FIRMWARE_OUTCOMES = ['processing', 'downloading', 'finished', 'failed', 'cancelled', 'refused'] as const;
export type FirmwareOutcome = (typeof FIRMWARE_OUTCOMES)[number];

const queries = outcomeQueries({ request_id: positiveId('request_id', { required: coded('required') }) }, FIRMWARE_DEVICE_STATES);

/** GET /firmware/devices?request_id&state&page&count */
export const firmwareDevicesQuery = queries.page;
export type FirmwareDevicesQuery = z.infer<typeof firmwareDevicesQuery>;
/** GET /csv/generate/firmware_devices?request_id&state */
export const firmwareDevicesCsvQuery = queries.csv;
export type FirmwareDevicesCsvQuery = z.infer<typeof firmwareDevicesCsvQuery>;

/** One device of a request: its activity, or its refusal (no activity: `status`, `wave` and `progress` null). */
export const firmwareDeviceItem = z.object({
  device_id: intOrNull,
  imei: z.string().nullable(),
  /** the device as the request named it (an IMEI of a custom list), when no device has it (a refusal) */
  named_as: z.string().nullable(),
  outcome: z.enum(FIRMWARE_OUTCOMES),
  /** the activity status: 0 processing, 1 downloading, 2 finished, 3 failed, 4 cancelled; null when refused */
  status: intOrNull,
  wave: intOrNull,
  from_version: z.string().nullable(),
  to_version: z.string().nullable(),
  progress: intOrNull,
  notified_at: isoOrNull,
  sent_at: isoOrNull,
  finished_at: isoOrNull,
  /** why it failed, was cancelled or refused: a coded reason with its English text */
  error: codedReason.nullable(),
  /** the activity's last change, or when the device was refused */
  updated_at: iso,
});
export type FirmwareDeviceItem = z.infer<typeof firmwareDeviceItem>;
export const firmwareDevicesResponse = outcomePage(firmwareDeviceItem);
export type FirmwareDevicesPage = z.infer<typeof firmwareDevicesResponse>['model'];

const firmwareOutcomeRoutes = outcomeRoutes({
  area: 'firmware',
  path: '/firmware/devices',
  summary: `A request's devices with their outcome and reason, and the refused ones; state all, failed, pending, done, cancelled, refused (${OUTCOME_PAGE_SIZE} per page)`,
  query: firmwareDevicesQuery,
  response: firmwareDevicesResponse,
  csv: 'firmware_devices',
  csvQuery: firmwareDevicesCsvQuery,
  what: "a request's devices",
});

export const FIRMWARE_OUTCOME_ROUTES = {
  firmwareDevices: firmwareOutcomeRoutes.list,
  firmwareDevicesCsvGenerate: firmwareOutcomeRoutes.csvGenerate,
  csvFirmwareDevices: firmwareOutcomeRoutes.csvDownload,
} as const satisfies Record<string, RouteDef>;
