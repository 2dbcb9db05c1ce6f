import type { ReasonDef } from './reason-def.js';

/** The reason codes of firmware (docs/firmware-modem.md "Firmware"). */
export const FIRMWARE_REASONS = {
  firmwareVersionFormat: { en: 'A version may hold letters, digits and . _ - only (at most 50)' },
  deviceLimit: { en: 'A custom list holds at most {{max}} devices', params: { max: 'number' } },
  expireDate: { en: 'Enter a valid expiry date in the future, at most a year ahead' },
  firmwareNoDevices: { en: 'Enter at least one IMEI or read them from a CSV file' },
  firmwareNoTargets: { en: 'No device matches this request (devices already on the version or in a running rollout are left out)' },
  firmwareUnknownDevices: { en: '{{count}} IMEIs are no device: {{imeis}}', params: { count: 'number', imeis: 'text' } },
  firmwareWrongTypeDevices: { en: '{{count}} devices are not of the binary\'s device type: {{imeis}}', params: { count: 'number', imeis: 'text' } },
  firmwareUnknownBinary: { en: 'Unknown firmware binary' },
  firmwareBinaryNoServer: { en: 'The binary has no FTP server or path' },
  firmwareSameVersion: { en: 'The devices on this version already run the binary' },
  firmwareCommandTooLong: { en: 'The FOTA command would have {{length}} characters, at most {{max}} fit in an SMS (shorten the FTP host, user, password or path)', params: { length: 'number', max: 'number' } },
  firmwareFtpUnavailable: { en: 'The FTP server could not be reached: {{detail}}', params: { detail: 'text' } },
  firmwareFtpRefused: { en: 'The FTP server refused the upload: {{detail}}', params: { detail: 'text' } },
  firmwareUploadIncomplete: { en: 'The FTP server holds {{got}} of {{expected}} bytes: the upload was removed', params: { got: 'number', expected: 'number' } },
  firmwareEmptyFile: { en: 'The file is empty' },
  firmwareHalted: {
    en: 'Halted: {{failed}} of {{size}} devices of wave {{wave}} failed, more than the threshold of {{threshold}} %',
    params: { failed: 'number', size: 'number', wave: 'number', threshold: 'number' },
  },
  firmwareTimeout: { en: 'No report from the device within {{minutes}} minutes of the command', params: { minutes: 'number' } },
  firmwareDeviceError: { en: 'The device reported an error: {{reason}}', params: { reason: 'text' } },
  firmwareRequestEnded: { en: 'The rollout ended before this command was sent' },
  firmwareNoDownloadLogin: { en: 'The binary\'s FTP server has no download login for the watches' },
} as const satisfies Record<string, ReasonDef>;
