// Modem update (§2 /admin/modem/..., §3 Modem update task, §4 modem update and Session, §6 area modem, §7 Modem,
// §8 401 during modem polling, §9 limits and polling). The state machine behind it: docs/firmware-modem.md "Modem update".
import { z } from 'zod';
import { pageParam, positiveId } from './params.js';
import { coded } from './reasons.js';
import { envelope, page } from './schemas.js';
import { route, type RouteDef } from './route-def.js';
import { csvDownloadRoute, csvGenerateRoute } from './device-workspace/exports.js';
import { int, intOrNull, iso, isoOrNull } from './device-workspace/shared.js';
import { commandRefusal, REFUSALS_LISTED } from './commands.js';

/** §9: a process that has not reached its last task 10 days after it started, or has had 3 errors, ends as failed. */
export const MODEM_LIMITS = { days: 10, errors: 3 } as const;
/** The most IMEIs one call takes (a CSV of a whole batch of watches; bench/modem runs 10,000). */
export const MODEM_IMEIS_MAX = 10_000;
/** Rows per page of the modem lists and reports. */
export const MODEM_PAGE_SIZE = 20;
/** §4: the US carrier whose SIMs (IMSI prefix MCC 310 / MNC 41) take the 13-task profile. */
export const MODEM_US_CARRIER_PREFIX = '31041';
/** Command keys of the SMS a modem update sends: the SMS events' listener picks its own by this prefix. */
export const MODEM_COMMAND_PREFIX = 'MODEM_';

/**
 * What a task does: `settings` changes the device settings the update needs (and remembers the old values), `send`
 * sends an SMS command, `check` waits for the watch's reply to it, `process` reads what the DUP check reported,
 * `revert` puts the settings back and ends the process.
 */
export type ModemTaskKind = 'settings' | 'send' | 'check' | 'process' | 'revert';
/** A task: its key (the console's label), its kind, and for a send the device type's SMS command and its text. */
export type ModemTaskDef = { key: string; kind: ModemTaskKind; command?: string; message?: string; smsKey?: string };

const send = (key: string, command: string, smsKey: string, message = ''): ModemTaskDef => ({ key, kind: 'send', command, message, smsKey: `${MODEM_COMMAND_PREFIX}${smsKey}` });
const check = (key: string): ModemTaskDef => ({ key, kind: 'check' });

const FIRST: ModemTaskDef[] = [
  { key: 'updateSettings', kind: 'settings' },
  send('sendStartSsp', 'START_SSP', 'START_SSP'),
  check('checkStartSsp'),
  send('sendUpdateModem', 'UPDATE_MODEM', 'UPDATE_MODEM'),
  check('checkUpdateModem'),
  send('sendSwoptions', 'SEND_ATCMD', 'SWOPTIONS', 'AT#SWOPTIONS=1'),
  check('checkSwoptions'),
];
const LAST: ModemTaskDef[] = [
  send('sendDup', 'DUP', 'DUP'),
  check('checkDup'),
  { key: 'processDupFiles', kind: 'process' },
  { key: 'revertSettings', kind: 'revert' },
];

/**
 * §4 task lists, one per carrier profile, in order (task_id is the 1-based position). The US carrier's list adds the
 * SGACT step (activate the packet data context the DUP download needs on that network) and its check after SWOPTIONS:
 * 13 tasks. The other reading of the spec (12 and 14) is not taken: docs/firmware-modem.md "Decisions" says why.
 */
export const MODEM_PROFILES = {
  standard: [...FIRST, ...LAST],
  us_carrier: [...FIRST, send('sendSgact', 'SEND_ATCMD', 'SGACT', 'AT#SGACT=1,1'), check('checkSgact'), ...LAST],
} as const satisfies Record<string, readonly ModemTaskDef[]>;
export type ModemProfile = keyof typeof MODEM_PROFILES;
export const MODEM_PROFILE_NAMES = Object.keys(MODEM_PROFILES) as [ModemProfile, ...ModemProfile[]];
export const MODEM_TASK_KEYS = [...new Set(Object.values(MODEM_PROFILES).flatMap((l) => l.map((t) => t.key)))];

/** The profile of a device by its SIM's IMSI. */
export const modemProfileOf = (imsi: string | null | undefined): ModemProfile =>
  imsi?.startsWith(MODEM_US_CARRIER_PREFIX) ? 'us_carrier' : 'standard';

/** The task at `taskId` (1-based) of a profile; undefined beyond the list. */
export const modemTask = (profile: string, taskId: number): ModemTaskDef | undefined =>
  (MODEM_PROFILES as Record<string, readonly ModemTaskDef[]>)[profile]?.[taskId - 1];

/**
 * The device settings a modem update changes while it runs (task updateSettings) and puts back at its end (task
 * revertSettings, or a stop or failure): locations uploaded at most hourly (the longest interval that is not Stand by,
 * §9), so the watch opens no data session of its own while the modem is busy, and the watch kept on all day
 * (operational time 24, §9), so it does not switch itself off in the middle of the update. Only settings whose value
 * differs are changed; the value before is kept (docs/firmware-modem.md "Decisions").
 */
export const MODEM_SETTINGS: readonly { setting_no: number; name: string; value: string }[] = [
  { setting_no: 1, name: 'location_interval', value: '3600' },
  { setting_no: 2, name: 'operational_time', value: '24' },
];

export const MODEM_STATUSES = ['RUNNING', 'DONE', 'FAILED', 'STOPPED'] as const;
export type ModemStatus = (typeof MODEM_STATUSES)[number];
/** The three reports (§2): devices updated, being updated, not updated (failed or stopped). */
export const MODEM_REPORTS = ['done', 'updating', 'notUpdated'] as const;
export type ModemReport = (typeof MODEM_REPORTS)[number];

// ---------------------------------------------------------------------------------------------- inputs

const imei = z.string({ error: coded('invalidImei') }).trim().regex(/^\d{15}$/, coded('invalidImei'));
/** `{ IMEIs }` (§7): typed or read from a CSV in the browser (digits only kept), 1 to MODEM_IMEIS_MAX. */
export const modemImeisBody = z.object({
  IMEIs: z
    .array(imei, { error: coded('modemNoImeis') })
    .min(1, coded('modemNoImeis'))
    .max(MODEM_IMEIS_MAX, coded('modemTooManyImeis', { max: MODEM_IMEIS_MAX })),
});
export type ModemImeisBody = z.infer<typeof modemImeisBody>;

export const modemListQuery = z.object({
  report: z.enum(MODEM_REPORTS, { error: coded('notOneOf', { options: MODEM_REPORTS.join(', ') }) }).optional(),
  page: pageParam(),
});
export type ModemListQuery = z.infer<typeof modemListQuery>;
export const modemPageQuery = z.object({ page: pageParam() });
export const modemIdQuery = z.object({ modem_id: positiveId('modem_id') });
export const modemDeviceQuery = z.object({ device_id: positiveId('device_id') });
export const modemCsvQuery = z.object({
  report: z.enum(MODEM_REPORTS, { error: coded('notOneOf', { options: MODEM_REPORTS.join(', ') }) }),
});

// ---------------------------------------------------------------------------------------------- outputs

/** A coded reason as answered: the code, its parameters and the English text (the console says it in its language). */
export const modemReason = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  text: z.string(),
});
export type ModemReason = z.infer<typeof modemReason>;

/** One device's modem update (§3 Modem update task: id = modem_id, task_id, IMEI, DeviceId). */
export const modemProcess = z.object({
  modem_id: int,
  device_id: int,
  imei: z.string(),
  profile: z.enum(MODEM_PROFILE_NAMES),
  status: z.enum(MODEM_STATUSES),
  task_id: int,
  task_count: int,
  /** the current task's key (the last one once DONE) */
  task: z.string(),
  errors: int,
  /** the last error, or why the process ended */
  error: modemReason.nullable(),
  started: iso,
  /** when the current task began (for a check: since when the watch's reply is awaited) */
  step_started_at: iso,
  deadline_at: iso,
  finished_at: isoOrNull,
  /**
   * waiting at a send task until then before its command goes again (a temporary refusal's backoff, an error's pause);
   * defaults to null so a reader built before the field still takes answers without it
   */
  retry_at: isoOrNull.default(null),
});
export type ModemProcess = z.infer<typeof modemProcess>;

/**
 * One outcome per IMEI of a start: `refused` is a device that cannot take commands (terminated, disabled, no GSM
 * number: the gate of docs/firmware-modem.md "Starting"), listed with its reason in `refusals`.
 */
export const MODEM_INIT_OUTCOMES = ['started', 'unknownImei', 'duplicate', 'alreadyRunning', 'refused'] as const;
export type ModemInitOutcome = (typeof MODEM_INIT_OUTCOMES)[number];
export const modemInitResponse = envelope(
  z.object({
    items: z.array(z.object({ imei: z.string(), outcome: z.enum(MODEM_INIT_OUTCOMES), device_id: intOrNull, modem_id: intOrNull, profile: z.enum(MODEM_PROFILE_NAMES).nullable(), task_count: intOrNull })),
    started: int,
    /**
     * devices the gate refused (outcome `refused`); the first REFUSALS_LISTED with their reasons in `refusals` (both
     * default to none, so an answer without them, from before the gate, still reads)
     */
    refused: int.default(0),
    refusals: z.array(commandRefusal).max(REFUSALS_LISTED).default([]),
  }),
);
export type ModemInitResponse = z.infer<typeof modemInitResponse>;

export const modemStatusResponse = envelope(
  z.object({ items: z.array(z.object({ imei: z.string(), device_id: intOrNull, process: modemProcess.nullable() })) }),
);
export type ModemStatusResponse = z.infer<typeof modemStatusResponse>;

export const MODEM_STOP_OUTCOMES = ['stopped', 'notRunning', 'unknownImei', 'duplicate'] as const;
export const modemStopResponse = envelope(
  z.object({ items: z.array(z.object({ imei: z.string(), outcome: z.enum(MODEM_STOP_OUTCOMES), modem_id: intOrNull })), stopped: int }),
);
export type ModemStopResponse = z.infer<typeof modemStopResponse>;

/** Every device's latest process counted: by status, and the running ones by task; done when none still runs. */
export const modemAllStatusesResponse = envelope(
  z.object({
    total: int,
    running: int,
    done: int,
    failed: int,
    stopped: int,
    by_task: z.array(z.object({ profile: z.enum(MODEM_PROFILE_NAMES), task_id: int, count: int })),
    /** §4: processing is done when every device has reached its last task (no process is running) */
    processing_done: z.boolean(),
  }),
);
export type ModemAllStatuses = z.infer<typeof modemAllStatusesResponse>['model'];

export const modemPageResponse = page(modemProcess);
export type ModemPage = z.infer<typeof modemPageResponse>['model'];

export const modemProgressResponse = envelope(
  z.object({
    process: modemProcess,
    tasks: z.array(z.object({ task_id: int, key: z.string(), kind: z.enum(['settings', 'send', 'check', 'process', 'revert']), state: z.enum(['done', 'current', 'pending']) })),
    history: z.array(z.object({ task_id: int, task: z.string(), outcome: z.string(), reason: modemReason.nullable(), sms_id: intOrNull, created: iso })),
    /** the settings the first task changed: number, the value before (null: the type's default) */
    saved_settings: z.array(z.object({ setting_no: int, previous: z.string().nullable() })),
    settings_restored_at: isoOrNull,
    dup_files: z.array(z.object({ name: z.string(), size: int })).nullable(),
  }),
);
export type ModemProgress = z.infer<typeof modemProgressResponse>['model'];

export const modemOneResponse = envelope(modemProcess);

// ---------------------------------------------------------------------------------------------- routes

export const MODEM_ROUTES = {
  modemInit: route({
    method: 'POST',
    path: '/device/initModemUpdateProcess',
    area: 'modem',
    summary:
      'Starts a modem update for each IMEI (per-IMEI outcome: started, unknown, duplicate in the list, already running, refused: terminated, disabled or no GSM number, listed with the reason); 400 when nothing starts and the gate refused a device',
    body: modemImeisBody,
    response: modemInitResponse,
    mutating: true,
  }),
  modemCheckStatus: route({
    method: 'POST',
    path: '/device/checkStatusModemUpdateProcess',
    area: 'modem',
    summary: "Each IMEI's latest modem update (null when it has none or the IMEI is unknown); polled every 2 s",
    body: modemImeisBody,
    response: modemStatusResponse,
  }),
  modemStop: route({
    method: 'POST',
    path: '/device/stopModemUpdateProcess',
    area: 'modem',
    summary: 'Stops the running modem update of each IMEI (its settings are put back)',
    body: modemImeisBody,
    response: modemStopResponse,
    mutating: true,
  }),
  modemAllStatuses: route({
    method: 'GET',
    path: '/device/checkAllStatusesForModemUpdateProcess',
    area: 'modem',
    summary: "Every device's latest modem update counted by status and task; processing_done when none still runs",
    response: modemAllStatusesResponse,
  }),
  modemList: route({
    method: 'GET',
    path: '/modem/list',
    area: 'modem',
    summary: `Every device's latest modem update, newest first (${MODEM_PAGE_SIZE} per page); report: done, updating, notUpdated`,
    query: modemListQuery,
    response: modemPageResponse,
  }),
  modemWaiting: route({
    method: 'GET',
    path: '/modem/waiting',
    area: 'modem',
    summary: `Running modem updates waiting for a watch's reply, longest waiting first (${MODEM_PAGE_SIZE} per page)`,
    query: modemPageQuery,
    response: modemPageResponse,
  }),
  modemUpdate: route({
    method: 'GET',
    path: '/modem/update',
    area: 'modem',
    summary: 'Starts a modem update for one device (409 when one is running)',
    query: modemDeviceQuery,
    response: modemOneResponse,
    mutating: true,
  }),
  modemProgress: route({
    method: 'GET',
    path: '/modem/progress',
    area: 'modem',
    summary: "A modem update's tasks, history, changed settings and DUP files; polled every 5 s while shown",
    query: modemIdQuery,
    response: modemProgressResponse,
  }),
  modemReset: route({
    method: 'GET',
    path: '/modem/reset',
    area: 'modem',
    summary: 'Starts a modem update over from its first task (errors and the 10 days counted afresh)',
    query: modemIdQuery,
    response: modemOneResponse,
    mutating: true,
  }),
  modemCsvGenerate: csvGenerateRoute('modem', '/csv/generate/modem', 'The hash /csv/modem takes for a report (done, updating, notUpdated)', modemCsvQuery),
  csvModem: csvDownloadRoute('modem', 'modem', 'CSV download by hash: every device of a modem report (streamed)'),
} as const satisfies Record<string, RouteDef>;
