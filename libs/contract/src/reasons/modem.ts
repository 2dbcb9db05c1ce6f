import type { ReasonDef } from './reason-def.js';

/** The reason codes of modem update (docs/firmware-modem.md "Modem update"). */
export const MODEM_REASONS = {
  modemNoImeis: { en: 'Enter at least one IMEI' },
  modemTooManyImeis: { en: 'At most {{max}} IMEIs at once', params: { max: 'number' } },
  modemAlreadyRunning: { en: 'A modem update is already running for this device' },
  modemTimeout: { en: 'No reply to {{command}} within {{minutes}} minutes', params: { command: 'text', minutes: 'number' } },
  modemDeadline: { en: 'Not finished within {{days}} days', params: { days: 'number' } },
  modemStopped: { en: 'Stopped by a user' },
  modemDupFilesInvalid: { en: 'The watch reported no usable DUP files: {{report}}', params: { report: 'text' } },
  modemNoNumber: { en: 'The device has no GSM number' },
  modemResetDone: { en: 'A finished update is not started over' },
  /** a temporary refusal (BUSY, LOW_BATTERY, NO_NETWORK, TIMEOUT): not an error, the command goes again after a pause */
  modemRetryLater: { en: 'The watch refused for now ({{reason}}); the command is sent again at {{at}}', params: { reason: 'text', at: 'text' } },
} as const satisfies Record<string, ReasonDef>;
