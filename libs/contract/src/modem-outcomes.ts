// The modem updates' outcome per device (§2 /admin/modem/...): every device's latest modem update, or its later
// refusal by the ledger, with a state filter, the reason and a CSV. The schema keeps no run of an
// initModemUpdateProcess call (each device's process stands alone), so the list is the devices' latest outcomes, as
// the reports are. What it holds: docs/firmware-modem.md "Outcomes".
import { z } from 'zod';
import type { RouteDef } from './route-def.js';
import { iso } from './device-workspace/shared.js';
import { modemProcess, modemReason } from './modem.js';
import { OUTCOME_PAGE_SIZE, outcomePage, outcomeQueries, outcomeRoutes } from './outcomes.js';

/**
 * The state filter of the modem outcomes: all; failed (failed or stopped: not updated, with the reason, and
 * refused by the ledger); pending (running); done; stopped; refused.
 */
export const MODEM_DEVICE_STATES = ['all', 'failed', 'pending', 'done', 'stopped', 'refused'] as const;
export type ModemDeviceState = (typeof MODEM_DEVICE_STATES)[number];
/** A device's outcome: its latest process's status, or refused (the ledger refused it after that process began). */
export const MODEM_OUTCOMES = ['running', 'done', 'failed', 'stopped', 'refused'] as const;
export type ModemOutcome = (typeof MODEM_OUTCOMES)[number];

const queries = outcomeQueries({}, MODEM_DEVICE_STATES);

/** GET /modem/devices?state&page&count */
export const modemDevicesQuery = queries.page;
export type ModemDevicesQuery = z.infer<typeof modemDevicesQuery>;
/** GET /csv/generate/modem_devices?state */
export const modemDevicesCsvQuery = queries.csv;
export type ModemDevicesCsvQuery = z.infer<typeof modemDevicesCsvQuery>;

/** One device: its latest process (`process`), or its refusal (`process` null); `reason` is either's. */
export const modemDeviceItem = z.object({
  /** the device's IMEI, or the IMEI the call named when no device has it (a refusal) */
  imei: z.string(),
  device_id: z.number().int().nullable(),
  outcome: z.enum(MODEM_OUTCOMES),
  process: modemProcess.nullable(),
  /** the process's last error or why it ended; the refusal's reason */
  reason: modemReason.nullable(),
  /** since when: the process's end, or its current task's start while it runs; the refusal's time */
  at: iso,
});
export type ModemDeviceItem = z.infer<typeof modemDeviceItem>;
export const modemDevicesResponse = outcomePage(modemDeviceItem);
export type ModemDevicesPage = z.infer<typeof modemDevicesResponse>['model'];

const modemOutcomeRoutes = outcomeRoutes({
  area: 'modem',
  path: '/modem/devices',
  summary: `Every device's latest modem update or later refusal, with its reason; state all, failed, pending, done, stopped, refused (${OUTCOME_PAGE_SIZE} per page)`,
  query: modemDevicesQuery,
  response: modemDevicesResponse,
  csv: 'modem_devices',
  csvQuery: modemDevicesCsvQuery,
  what: 'the modem outcomes',
});

export const MODEM_OUTCOME_ROUTES = {
  modemDevices: modemOutcomeRoutes.list,
  modemDevicesCsvGenerate: modemOutcomeRoutes.csvGenerate,
  csvModemDevices: modemOutcomeRoutes.csvDownload,
} as const satisfies Record<string, RouteDef>;
