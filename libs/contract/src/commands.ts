// The command ledger's rules as data, beside §6 (docs/access.md "Commands", docs/sms.md "The command ledger"): which
// command keys each role may send, how long a command may wait to be sent, and which sends ask for a confirmation.
// The api checks them on every route that causes an SMS; the console reads them to offer only what a role may send.
import { z } from 'zod';
import { coded } from './reasons.js';
import { ALL_ROLES, type RoleId } from './roles.js';
import { int, intOrNull, iso } from './device-workspace/shared.js';

/**
 * The classes of watch commands. A command key belongs to one (`commandClass`); a role may send a command when its
 * class lists the role (and, for a partner role, the device is of the partner's type, as on every device route).
 * `ttlMinutes`: a command not handed to a gateway within this time after it was stored is never sent (it ends
 * expired). `confirm`: a single send asks for a confirmation first (destructive commands).
 */
export const COMMAND_CLASSES = {
  /** everyday commands of a support agent: locate, status, reboot, APN, location interval */
  ordinary: { roles: [1, 12, 13, 14, 15], ttlMinutes: 6 * 60, confirm: false },
  /** a setting pushed from the settings tab or default settings: `SETTING,<no>,<value>#` */
  setting: { roles: [1, 12, 13, 14, 15], ttlMinutes: 24 * 60, confirm: false },
  /** the owner workspace's contact push: the watch fetches its contacts again */
  contacts: { roles: [1, 12, 13, 14, 15], ttlMinutes: 24 * 60, confirm: false },
  /** the wearer's profile of the general settings (height, weight, gender, birth date) */
  profile: { roles: [1, 12, 13, 14, 15], ttlMinutes: 24 * 60, confirm: false },
  /** what cannot be undone from here: factory reset, power off; stale ones must never go out */
  destructive: { roles: [1], ttlMinutes: 15, confirm: true },
  /** the logs tab's commands: start logging, upload the log */
  log: { roles: [1], ttlMinutes: 60, confirm: false },
  /** any text the sender writes: CUSTOM, SEND_ATCMD (an AT command reaches the modem: AT+CFUN=0 turns the radio off) */
  freeText: { roles: [1], ttlMinutes: 60, confirm: false },
  /** commands that point the watch at another server: SET_SERVER */
  network: { roles: [1], ttlMinutes: 60, confirm: false },
  /** firmware rollouts: FOTA and FOTA? (their request's own expiry ends them earlier) */
  firmware: { roles: [1], ttlMinutes: 24 * 60, confirm: false },
  /** the modem update's commands (START_SSP, UPDATE_MODEM, DUP and the modem run's MODEM_* keys) */
  modem: { roles: [1], ttlMinutes: 60, confirm: false },
  /** a key none of the above names (a command added to a type later): administrators only until it is classed */
  unclassed: { roles: [1], ttlMinutes: 60, confirm: false },
} as const satisfies Record<string, { roles: readonly RoleId[]; ttlMinutes: number; confirm: boolean }>;

export type CommandClass = keyof typeof COMMAND_CLASSES;

/** The class of each command key of the device types' catalogues (sms_command) and of the keys features use. */
const KEY_CLASS: Record<string, CommandClass> = {
  LOCATE: 'ordinary',
  STATUS: 'ordinary',
  REBOOT: 'ordinary',
  SET_APN: 'ordinary',
  SET_INTERVAL: 'ordinary',
  SET_SERVER: 'network',
  FACTORY_RESET: 'destructive',
  POWER_OFF: 'destructive',
  START_LOG: 'log',
  SEND_LOG: 'log',
  CUSTOM: 'freeText',
  SEND_ATCMD: 'freeText',
  START_SSP: 'modem',
  UPDATE_MODEM: 'modem',
  DUP: 'modem',
  SYNC_CONTACTS: 'contacts',
  SET_PROFILE: 'profile',
};

/** Keys made by features, by prefix: SETTING_<no>, FOTA_<request>, FOTAQ_<request>, MODEM_<step>. */
const PREFIX_CLASS: [string, CommandClass][] = [
  ['SETTING_', 'setting'],
  ['FOTAQ_', 'firmware'],
  ['FOTA_', 'firmware'],
  ['MODEM_', 'modem'],
];

export function commandClass(key: string): CommandClass {
  return KEY_CLASS[key] ?? PREFIX_CLASS.find(([p]) => key.startsWith(p))?.[1] ?? 'unclassed';
}

/** May `role` send command `key`? (The device-type scope of partner roles is checked with the device.) */
export function commandAllowed(role: RoleId, key: string): boolean {
  return (COMMAND_CLASSES[commandClass(key)].roles as readonly RoleId[]).includes(role);
}

/** Minutes a command of `key` may wait to be sent. */
export const commandTtlMinutes = (key: string): number => COMMAND_CLASSES[commandClass(key)].ttlMinutes;

/** Does a single send of `key` ask for a confirmation first? */
export const commandNeedsConfirmation = (key: string): boolean => COMMAND_CLASSES[commandClass(key)].confirm;

/** The classes a role may send (the console offers only their commands). */
export function classesOf(role: RoleId): CommandClass[] {
  return (Object.keys(COMMAND_CLASSES) as CommandClass[]).filter((c) => (COMMAND_CLASSES[c].roles as readonly RoleId[]).includes(role));
}

/** Roles that send no command at all (read-only on every screen that sends one). */
export const ROLES_WITHOUT_COMMANDS: readonly RoleId[] = ALL_ROLES.filter((r) => classesOf(r).length === 0);

/**
 * Fleet-wide actions: the first call answers how many devices it would reach (and which it refuses) with a
 * confirmation token; only the call that brings the token back starts it (docs/sms.md "Confirmations").
 */
export const CONFIRMED_ACTIONS = {
  /** POST /sms/sendBulk */
  smsBulk: 'sms.bulk',
  /** POST /firmware/insert with upload_type 0 (all devices of the type) */
  firmwareAll: 'firmware.all',
  /** GET /setting/pushToAll */
  settingPushToAll: 'setting.push_to_all',
  /** a single destructive command (POST /sms/send of FACTORY_RESET, POWER_OFF) */
  destructive: 'sms.destructive',
} as const;
export type ConfirmedAction = (typeof CONFIRMED_ACTIONS)[keyof typeof CONFIRMED_ACTIONS];

/** Minutes a confirmation token stays good. */
export const CONFIRMATION_TTL_MINUTES = 5;

/** Default per-user quota of sends (calls that store commands); the api's COMMAND_QUOTA_* override them. */
export const COMMAND_QUOTA_DEFAULTS = { perMinute: 20, perDay: 500 } as const;

// ---------------------------------------------------------------------------------------------- answers

/** A device the ledger refused before anything was stored, with why (terminated, disabled, no number). */
export const commandRefusal = z.object({
  device_id: intOrNull,
  /** how the sender named it when no device has it (an IMEI of a list) */
  named_as: z.string().nullable(),
  /** the English text of the reason */
  reason: z.string(),
  reason_code: z.string(),
  reason_params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
});
export type CommandRefusal = z.infer<typeof commandRefusal>;

/** At most this many refusals are listed in an answer; the batch's outcome list has them all. */
export const REFUSALS_LISTED = 100;

/**
 * The first answer of a fleet-wide or destructive send: what it would do. Send the same request again with
 * `confirm_token` to start it (within CONFIRMATION_TTL_MINUTES, once).
 */
export const confirmationRequired = z.object({
  confirm_token: z.string(),
  action: z.string(),
  command_key: z.string().nullable(),
  /** devices that would get the command */
  targets: int,
  /** devices refused (not counted in targets); the first REFUSALS_LISTED are listed */
  refused: int,
  refusals: z.array(commandRefusal),
  expires_at: iso,
});
export type ConfirmationRequired = z.infer<typeof confirmationRequired>;

/** The token a confirmed call brings back (body field, or query parameter of a GET). */
export const confirmToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,64}$/, coded('badFormat'))
  .optional();

export const isConfirmationRequired = (m: unknown): m is ConfirmationRequired =>
  typeof m === 'object' && m !== null && 'confirm_token' in m;
