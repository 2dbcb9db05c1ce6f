import { z } from 'zod';

/** a delay drawn uniformly from [min, max] ms */
const range = z
  .object({ min: z.number().int().min(0), max: z.number().int().min(0) })
  .refine((l) => l.min <= l.max, 'min must not exceed max');

/**
 * What can go wrong, and how fast things happen (docs/fleet-sim.md, "Knobs"). Set at start (environment or
 * options) and changed at run time by POST /control/config with any subset of these fields.
 */
export const knobsSchema = z
  .object({
    /** delay before each status callback and before a watch's reply, drawn uniformly from [min, max] ms */
    latencyMs: range,
    /** share of delivered messages whose `delivered` report is never sent (the watch still gets the message) */
    lossRate: z.number().min(0).max(1),
    /** share of delivered messages whose watch never answers (switched off, out of battery, a silent firmware) */
    silentRate: z.number().min(0).max(1),
    /** share of status callbacks sent twice */
    duplicateRate: z.number().min(0).max(1),
    /** share of messages that end undelivered (30003, handset unreachable) */
    failureRate: z.number().min(0).max(1),
    /** messages accepted per second; beyond: 429 with Twilio's error 20429 (0: no limit) */
    ratePerSecond: z.number().min(0),
    /** the REST API resets every connection (control endpoints keep answering) */
    down: z.boolean(),
    /** the REST API answers only after this many ms (0: at once) */
    slowMs: z.number().int().min(0),
    /** the REST API answers 500 */
    error500: z.boolean(),
    /** callbacks in order, in reverse order (delivered before sent), or the whole sequence sent again */
    callbacks: z.enum(['inOrder', 'outOfOrder', 'repeat']),
    /** firmware (docs/fleet-sim.md "Firmware"): the FTP server refuses every login (530) */
    ftpRefuseLogin: z.boolean(),
    /** the FTP server keeps only this many bytes of an upload (0: all) */
    ftpTruncateUploadAt: z.number().int().min(0),
    /** share of watches whose download arrives damaged (they report CHECKSUM) */
    fotaCorruptRate: z.number().min(0).max(1),
    /** share of watches that report downloading and then nothing more */
    fotaStallRate: z.number().min(0).max(1),
    /** share of final firmware reports lost on the way (the watch says it again when asked with FOTA?) */
    fotaReportLossRate: z.number().min(0).max(1),
    /** share of modem-update commands (START_SSP, UPDATE_MODEM, SEND_ATCMD, DUP) a watch refuses (watch-modem.ts) */
    modemErrorRate: z.number().min(0).max(1),
    /** share of commands (all but SETTING, FOTA and LOG) a watch refuses for now with `<WORD>:ERR,BUSY` (handset.ts) */
    busyRate: z.number().min(0).max(1),
    /** share of delivered commands during which the watch sends `SOS:ALARM` unprompted, before its reply */
    alarmRate: z.number().min(0).max(1),
    /** extra delay before each reply of a watch, on top of latencyMs (delivery reports unaffected): a late reply */
    replyDelayMs: range,
    /** `reversed`: a watch's replies to the commands it received within replyWindowMs are posted newest first */
    replyOrder: z.enum(['inOrder', 'reversed']),
    /** the window of replyOrder `reversed`, from the first command the watch received in it */
    replyWindowMs: z.number().int().min(0),
  })
  .strict();

export type Knobs = z.infer<typeof knobsSchema>;

export const DEFAULT_KNOBS: Knobs = {
  latencyMs: { min: 20, max: 200 },
  lossRate: 0,
  silentRate: 0,
  duplicateRate: 0,
  failureRate: 0,
  ratePerSecond: 100,
  down: false,
  slowMs: 0,
  error500: false,
  callbacks: 'inOrder',
  ftpRefuseLogin: false,
  ftpTruncateUploadAt: 0,
  fotaCorruptRate: 0,
  fotaStallRate: 0,
  fotaReportLossRate: 0,
  modemErrorRate: 0,
  busyRate: 0,
  alarmRate: 0,
  replyDelayMs: { min: 0, max: 0 },
  replyOrder: 'inOrder',
  replyWindowMs: 1000,
};

/** A patch of knobs checked against the schema; the error names the field. */
export function mergeKnobs(base: Knobs, patch: unknown): Knobs {
  const parsed = knobsSchema.partial().safeParse(patch);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new KnobError(`${issue?.path.join('.') || 'config'}: ${issue?.message ?? 'invalid'}`);
  }
  return knobsSchema.parse({ ...base, ...parsed.data });
}

export class KnobError extends Error {}

const num = (v: string) => {
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n)) throw new KnobError(`not a number: ${v}`);
  return n;
};
const bool = (v: string) => ['1', 'true', 'yes'].includes(v.toLowerCase());
/** `ms` or `min-max` */
const msRange = (v: string) => {
  const [min = '', max = min] = v.split('-');
  return { min: num(min), max: num(max) };
};

const ENV: [string, keyof Knobs, (v: string) => unknown][] = [
  ['FLEET_SIM_LATENCY_MS', 'latencyMs', msRange],
  ['FLEET_SIM_LOSS_RATE', 'lossRate', num],
  ['FLEET_SIM_SILENT_RATE', 'silentRate', num],
  ['FLEET_SIM_DUPLICATE_RATE', 'duplicateRate', num],
  ['FLEET_SIM_FAILURE_RATE', 'failureRate', num],
  ['FLEET_SIM_RATE', 'ratePerSecond', num],
  ['FLEET_SIM_DOWN', 'down', bool],
  ['FLEET_SIM_SLOW_MS', 'slowMs', num],
  ['FLEET_SIM_ERROR500', 'error500', bool],
  ['FLEET_SIM_CALLBACKS', 'callbacks', (v) => v],
  ['FLEET_SIM_FTP_REFUSE', 'ftpRefuseLogin', bool],
  ['FLEET_SIM_FTP_TRUNCATE', 'ftpTruncateUploadAt', num],
  ['FLEET_SIM_FOTA_CORRUPT_RATE', 'fotaCorruptRate', num],
  ['FLEET_SIM_FOTA_STALL_RATE', 'fotaStallRate', num],
  ['FLEET_SIM_FOTA_REPORT_LOSS_RATE', 'fotaReportLossRate', num],
  ['FLEET_SIM_MODEM_ERROR_RATE', 'modemErrorRate', num],
  ['FLEET_SIM_BUSY_RATE', 'busyRate', num],
  ['FLEET_SIM_ALARM_RATE', 'alarmRate', num],
  ['FLEET_SIM_REPLY_DELAY_MS', 'replyDelayMs', msRange],
  ['FLEET_SIM_REPLY_ORDER', 'replyOrder', (v) => v],
  ['FLEET_SIM_REPLY_WINDOW_MS', 'replyWindowMs', num],
];

/** The knobs named by FLEET_SIM_* variables (FLEET_SIM_LATENCY_MS and FLEET_SIM_REPLY_DELAY_MS are `ms` or `min-max`); a bad one is named. */
export function knobsFromEnv(env: NodeJS.ProcessEnv): Partial<Knobs> {
  const k: Record<string, unknown> = {};
  for (const [name, key, parse] of ENV) {
    const v = env[name];
    if (v === undefined || v === '') continue;
    try {
      k[key] = parse(v);
      mergeKnobs(DEFAULT_KNOBS, { [key]: k[key] });
    } catch (e) {
      throw new KnobError(`${name}=${v}: ${(e as Error).message}`);
    }
  }
  return k as Partial<Knobs>;
}
