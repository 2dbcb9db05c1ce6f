// Firmware (§2 /admin/fup/..., §3 Firmware binary and Upload request, §4 upload type, request and activity states,
// §5 Firmware, §7 Firmware, §9): FTP servers, binaries, rollout requests in waves and the devices' activity. How a
// rollout runs: docs/firmware-modem.md "Firmware". FIRMWARE_ROUTES is merged into ROUTES by routes.ts.
import { z } from 'zod';
import { countParam, pageParam, positiveId, wholeNumber } from './params.js';
import { coded, REASON_CODES } from './reasons.js';
import { envelope, listResponse, multilineText, page } from './schemas.js';
import { route, type RouteDef } from './route-def.js';
import { PAGE_SIZE } from './constants.js';
import { digitsOnly } from './validation.js';
import { int, intOrNull, iso, isoOrNull, noControlChars } from './device-workspace/shared.js';
import { commandRefusal, confirmationRequired, confirmToken } from './commands.js';

// ---------------------------------------------------------------------------------------------- states and limits

/** §4 firmware upload type. */
export const FIRMWARE_UPLOAD_TYPE = { all: 0, byVersion: 1, custom: 2 } as const;
/** §4 firmware request status: started or finished (stop sets 1). */
export const FIRMWARE_REQUEST_STATUS = { started: 0, finished: 1 } as const;
/** Why a request is where it is (beyond §4's two statuses): running is status 0, every other state status 1. */
export const FIRMWARE_REQUEST_STATES = ['running', 'finished', 'stopped', 'expired', 'halted'] as const;
export type FirmwareRequestState = (typeof FIRMWARE_REQUEST_STATES)[number];
/** §4 firmware activity status 0-2, plus 3 failed (with its reason) and 4 cancelled (never notified: the request ended). */
export const FIRMWARE_ACTIVITY_STATUS = { processing: 0, downloading: 1, finished: 2, failed: 3, cancelled: 4 } as const;
export const FIRMWARE_ACTIVITY_STATUSES = [0, 1, 2, 3, 4] as const;

/** §9: a custom device list holds at most 100 devices. */
export const FIRMWARE_CUSTOM_MAX = 100;
/** Defaults of a request's wave size, error threshold (percent) and per-device timeout (minutes), as hawkBit has them. */
export const FIRMWARE_DEFAULTS = { waveSize: 1000, errorThreshold: 20, timeoutMinutes: 30 } as const;
export const FIRMWARE_WAVE_MAX = 100_000;
export const FIRMWARE_TIMEOUT_MAX_MINUTES = 7 * 24 * 60;
/** The upload form's fields in the order §5 names them: the first missing one is the one reported. */
/** The longest file name of an uploaded binary (firmware_binary.file_name, in characters). */
export const FIRMWARE_FILE_NAME_MAX = 255;

export const FIRMWARE_UPLOAD_FIELDS = ['ftp_id', 'type', 'file', 'name', 'version'] as const;
export type FirmwareUploadField = (typeof FIRMWARE_UPLOAD_FIELDS)[number];
/** A request expires at most this far ahead. */
export const FIRMWARE_EXPIRY_MAX_DAYS = 366;
/** Versions travel in the FOTA command: letters, digits, dot, dash, underscore. */
export const FIRMWARE_VERSION_PATTERN = /^[A-Za-z0-9._-]{1,50}$/;

// ---------------------------------------------------------------------------------------------- inputs

const text = (max: number) =>
  z
    .string({ error: coded('required') })
    .trim()
    .min(1, coded('required'))
    .max(max, coded('tooLong', { max }))
    .refine(noControlChars, coded('controlChars'));

/** Multipart fields of POST /firmware/upload beside `file` (§7: ftp_id, type, file, name, version). */
export const firmwareUploadForm = z.object({
  ftp_id: positiveId('ftp_id', { required: coded('required') }),
  /** the device type the binary is for */
  type: positiveId('type', { required: coded('required') }),
  name: text(100),
  version: text(50).regex(FIRMWARE_VERSION_PATTERN, coded('firmwareVersionFormat')),
});
export type FirmwareUploadForm = z.infer<typeof firmwareUploadForm>;

/** The entries of a custom list as typed or read from a CSV: digits only, empty ones dropped, duplicates once. */
export function customList(entries: readonly (string | number)[]): string[] {
  return [...new Set(entries.map((e) => digitsOnly(String(e))).filter((e) => e !== ''))];
}

const EXPIRY = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * An expiry as the console sends it: `YYYY-MM-DD HH:mm:ss` (UTC, §9), ISO 8601 with a zone, or a day alone (the end
 * of that day, UTC). Null when it is no real time.
 */
export function parseExpiry(s: string): Date | null {
  const m = EXPIRY.exec(s.trim());
  if (!m) return null;
  const [, day, hh, mm, ss, zone] = m;
  const iso = hh === undefined ? `${day}T23:59:59Z` : `${day}T${hh}:${mm}:${ss ?? '00'}${zone ?? 'Z'}`;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime()) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) return null;
  return d;
}

/** §5: a valid expire date (statuses.expire_date): a real time, in the future, at most FIRMWARE_EXPIRY_MAX_DAYS ahead. */
export function validExpiry(s: string, now = Date.now()): boolean {
  const d = parseExpiry(s);
  return !!d && d.getTime() > now && d.getTime() <= now + FIRMWARE_EXPIRY_MAX_DAYS * 86_400_000;
}

const range = (min: number, max: number) => wholeNumber(coded('wholeNumber', { min, max }), { min, max });

/** POST /firmware/insert: a rollout of a binary (§3 Upload request), with the waves and threshold beyond the spec. */
export const firmwareInsertBody = z
  .object({
    fup_upload_id: positiveId('fup_upload_id', { required: coded('required') }),
    upload_type: range(0, 2),
    for_version: z.string().trim().max(50, coded('tooLong', { max: 50 })).refine(noControlChars, coded('controlChars')).optional(),
    /** upload type 2: IMEIs typed or read from a CSV; digits only are kept, at most 100 devices (§5 device_limit) */
    extend: z
      .array(z.union([z.string().max(100, coded('badFormat')), z.number()]), { error: coded('wrongType', { expected: 'list' }) })
      .max(FIRMWARE_CUSTOM_MAX * 10, coded('deviceLimit', { max: FIRMWARE_CUSTOM_MAX }))
      .transform(customList)
      .pipe(
        z
          .array(z.string().regex(/^\d{15}$/, coded('invalidImei')))
          .max(FIRMWARE_CUSTOM_MAX, coded('deviceLimit', { max: FIRMWARE_CUSTOM_MAX })),
      )
      .optional(),
    comment: multilineText(z.string().trim().max(500, coded('tooLong', { max: 500 })).refine(noControlChars, coded('controlChars')).optional()),
    expired_at: z.string({ error: coded('expireDate') }).max(40, coded('expireDate')).refine((s) => validExpiry(s), coded('expireDate')),
    wave_size: range(1, FIRMWARE_WAVE_MAX).default(FIRMWARE_DEFAULTS.waveSize),
    error_threshold: range(0, 100).default(FIRMWARE_DEFAULTS.errorThreshold),
    timeout_minutes: range(1, FIRMWARE_TIMEOUT_MAX_MINUTES).default(FIRMWARE_DEFAULTS.timeoutMinutes),
    /** upload type 0 (every device of the type): the token the first call answered with the target count */
    confirm_token: confirmToken,
  })
  .superRefine((b, ctx) => {
    if (b.upload_type === FIRMWARE_UPLOAD_TYPE.byVersion && !b.for_version) {
      ctx.addIssue({ code: 'custom', path: ['for_version'], message: coded('required', { field: 'for_version' }) });
    }
    if (b.upload_type === FIRMWARE_UPLOAD_TYPE.custom && !b.extend?.length) {
      ctx.addIssue({ code: 'custom', path: ['extend'], message: coded('firmwareNoDevices') });
    }
  });
export type FirmwareInsertBody = z.infer<typeof firmwareInsertBody>;

export const firmwareIdQuery = z.object({ id: positiveId('id', { required: coded('required') }) });
export const firmwareRequestsQuery = z.object({ page: pageParam(), count: countParam(20, 100) });
export const firmwareSearchQuery = z.object({
  /** part of an IMEI (digits) */
  query: z.string().trim().max(15, coded('tooLong', { max: 15 })).regex(/^\d*$/, coded('digitsOnly', { what: 'query' })).optional(),
  request_id: positiveId('request_id').optional(),
  page: pageParam(),
  count: countParam(PAGE_SIZE.firmwareActivity, 100),
});
export type FirmwareSearchQuery = z.infer<typeof firmwareSearchQuery>;

// ---------------------------------------------------------------------------------------------- outputs

const reasonParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
/** A coded reason with its English text (for readers of the api; the console says it from the code). */
export const codedReason = z.object({ code: z.enum(REASON_CODES), params: reasonParamsSchema, message: z.string() });

/** GET /firmware/getFTP: the servers a binary can go to (never their credentials). */
export const ftpServerItem = z.object({ id: int, name: z.string(), host: z.string(), port: int, base_path: z.string() });

/** GET /firmware/getUploads: §3 firmware binary. */
export const firmwareBinaryItem = z.object({
  id: int,
  name: z.string(),
  version: z.string(),
  device_type_id: intOrNull,
  device_type: z.string().nullable(),
  ftp_server_id: intOrNull,
  ftp_server: z.string().nullable(),
  file_name: z.string(),
  path: z.string().nullable(),
  size_bytes: int,
  sha256: z.string().nullable(),
  created: iso,
  created_by: z.string().nullable(),
});
export type FirmwareBinaryItem = z.infer<typeof firmwareBinaryItem>;

export const firmwareActivityCounts = z.object({ processing: int, downloading: int, finished: int, failed: int, cancelled: int });

/** GET /firmware/getRequests: §3 upload request, with its progress. */
export const firmwareRequestItem = z.object({
  id: int,
  /** §4: 0 started, 1 finished */
  status: int,
  state: z.enum(FIRMWARE_REQUEST_STATES),
  fup_upload_id: int,
  binary_name: z.string(),
  device_type: z.string().nullable(),
  upload_type: int,
  for_version: z.string().nullable(),
  comment: z.string().nullable(),
  expired_at: iso,
  /** the custom list's device ids (upload type 2) */
  extend: z.array(int),
  newVersion: z.string().nullable(),
  wave_size: int,
  error_threshold: int,
  timeout_minutes: int,
  current_wave: int,
  wave_count: int,
  total: int,
  counts: firmwareActivityCounts,
  /** why a halted request stopped itself */
  halt: codedReason.nullable(),
  created: iso,
  created_by: z.string().nullable(),
  ended_at: isoOrNull,
});
export type FirmwareRequestItem = z.infer<typeof firmwareRequestItem>;

/** GET /firmware/search: one device of a rollout. */
export const firmwareActivityItem = z.object({
  id: int,
  request_id: int,
  device_id: int,
  imei: z.string(),
  /** 0 processing, 1 downloading, 2 finished, 3 failed, 4 cancelled */
  status: int,
  from_version: z.string().nullable(),
  to_version: z.string().nullable(),
  progress: int,
  wave: int,
  notified_at: isoOrNull,
  sent_at: isoOrNull,
  finished_at: isoOrNull,
  error: codedReason.nullable(),
  updated_at: iso,
});
export type FirmwareActivityItem = z.infer<typeof firmwareActivityItem>;

export const firmwareUploadResponse = envelope(firmwareBinaryItem);
/**
 * A started rollout: its id, devices, waves, and the devices the ledger refused (terminated, disabled, no number;
 * the first REFUSALS_LISTED listed, all of them in the request's device list). Upload type 0 answers a confirmation
 * first (the target count and a token).
 */
export const firmwareStarted = z.object({ id: int, total: int, wave_count: int, refused: int, refusals: z.array(commandRefusal) });
export const firmwareInsertResponse = envelope(z.union([firmwareStarted, confirmationRequired]));
export const firmwareRequestsResponse = page(firmwareRequestItem);
export const firmwareStopResponse = envelope(firmwareRequestItem);
export const firmwareSearchResponse = page(firmwareActivityItem);

// ---------------------------------------------------------------------------------------------- routes

export const FIRMWARE_ROUTES = {
  firmwareFtp: route({
    method: 'GET',
    path: '/firmware/getFTP',
    area: 'firmware',
    summary: 'FTP servers firmware binaries are uploaded to (no credentials)',
    response: listResponse(ftpServerItem),
  }),
  firmwareUpload: route({
    method: 'POST',
    path: '/firmware/upload',
    area: 'firmware',
    summary: 'Multipart upload of a firmware binary (ftp_id, type, file, name, version): streamed to the FTP server, sha256 recorded',
    response: firmwareUploadResponse,
    mutating: true,
  }),
  firmwareUploads: route({
    method: 'GET',
    path: '/firmware/getUploads',
    area: 'firmware',
    summary: 'Firmware binaries, newest first',
    response: listResponse(firmwareBinaryItem),
  }),
  firmwareInsert: route({
    method: 'POST',
    path: '/firmware/insert',
    area: 'firmware',
    summary: 'Starts a rollout: upload type 0 all, 1 by version, 2 custom list; waves, error threshold, expiry',
    body: firmwareInsertBody,
    response: firmwareInsertResponse,
    mutating: true,
  }),
  firmwareRequests: route({
    method: 'GET',
    path: '/firmware/getRequests',
    area: 'firmware',
    summary: 'Rollout requests with their progress, newest first (20 per page)',
    query: firmwareRequestsQuery,
    response: firmwareRequestsResponse,
  }),
  firmwareStop: route({
    method: 'GET',
    path: '/firmware/stop',
    area: 'firmware',
    summary: 'Stops a running request at once (status 1): nothing more is sent',
    query: firmwareIdQuery,
    response: firmwareStopResponse,
    mutating: true,
  }),
  firmwareSearch: route({
    method: 'GET',
    path: '/firmware/search',
    area: 'firmware',
    summary: 'OTA activity of devices by IMEI part and request (20 per page)',
    query: firmwareSearchQuery,
    response: firmwareSearchResponse,
  }),
} as const satisfies Record<string, RouteDef>;
