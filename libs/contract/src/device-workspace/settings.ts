// Settings (§2 settings tab, §9 setting rules: list, edit, push, push all, load defaults).
import { z } from 'zod';
import { INT4_MAX, positiveId, wholeNumber } from '../params.js';
import { coded, reason, type Reason } from '../reasons.js';
import { envelope, listResponse } from '../schemas.js';
import { route, type RouteDef } from '../route-def.js';
import { deviceQuery, int, iso, isoOrNull, noControlChars } from './shared.js';
import { wearerProfile, wearerProfileFields } from './detail.js';

// ---------------------------------------------------------------------------------------------- §9 rules

/**
 * §9 location interval: any whole minute from 2 to 60, held in seconds (120, 180, ..., 3600), plus "Stand by"
 * (65000). LOCATION_INTERVAL_MINUTES are the common choices the console offers first.
 */
export const LOCATION_INTERVAL_MIN_MINUTES = 2;
export const LOCATION_INTERVAL_MAX_MINUTES = 60;
export const LOCATION_INTERVAL_MINUTES = [2, 3, 5, 10, 15, 20, 30, 45, 60] as const;
export const LOCATION_INTERVAL_STANDBY = 65000;
/** The common choices in seconds, Stand by last. */
export const LOCATION_INTERVAL_CHOICES: readonly number[] = [
  ...LOCATION_INTERVAL_MINUTES.map((m) => m * 60),
  LOCATION_INTERVAL_STANDBY,
];
/** Every value §9 allows, in seconds: each whole minute from 2 to 60, then Stand by. */
export const LOCATION_INTERVAL_ALL: readonly number[] = [
  ...Array.from({ length: LOCATION_INTERVAL_MAX_MINUTES - LOCATION_INTERVAL_MIN_MINUTES + 1 }, (_, i) => (i + LOCATION_INTERVAL_MIN_MINUTES) * 60),
  LOCATION_INTERVAL_STANDBY,
];
/** Whether a location interval (seconds) is one §9 allows. */
export function isLocationInterval(seconds: number): boolean {
  if (seconds === LOCATION_INTERVAL_STANDBY) return true;
  return Number.isInteger(seconds) && seconds % 60 === 0 && seconds >= LOCATION_INTERVAL_MIN_MINUTES * 60 && seconds <= LOCATION_INTERVAL_MAX_MINUTES * 60;
}
/** §9 operational time: 1 to 24 (hours a day the tracker is on). */
export const OPERATIONAL_TIME_MIN = 1;
export const OPERATIONAL_TIME_MAX = 24;
/** Names of the settings whose values §9 constrains (default_setting.name). */
export const SETTING_LOCATION_INTERVAL = 'location_interval';
export const SETTING_OPERATIONAL_TIME = 'operational_time';

/** Checks a setting value against the §9 rules; returns the reason it is refused (a code of REASONS) or null. */
export function checkSettingValue(name: string | null | undefined, value: string): Reason | null {
  if (name === SETTING_LOCATION_INTERVAL) {
    return /^\d+$/.test(value) && isLocationInterval(Number(value))
      ? null
      : reason('locationInterval', { min: LOCATION_INTERVAL_MIN_MINUTES, max: LOCATION_INTERVAL_MAX_MINUTES, standby: LOCATION_INTERVAL_STANDBY });
  }
  if (name === SETTING_OPERATIONAL_TIME) {
    const n = Number(value);
    return /^\d+$/.test(value) && n >= OPERATIONAL_TIME_MIN && n <= OPERATIONAL_TIME_MAX
      ? null
      : reason('operationalTime', { min: OPERATIONAL_TIME_MIN, max: OPERATIONAL_TIME_MAX });
  }
  return null;
}

// ---------------------------------------------------------------------------------------------- inputs

export const settingPushQuery = deviceQuery.extend({ setting_no: positiveId('setting_no') });
export const settingLoadDefaultQuery = deviceQuery.extend({
  type: wholeNumber(coded('wholeNumber', { min: 0, max: INT4_MAX })).default(0),
});
export const settingEditBody = z.object({
  settings: z
    .array(
      z.object({
        setting_no: positiveId('setting_no'),
        value: z
          .string({ error: coded('wrongType', { expected: 'text' }) })
          .max(500, coded('tooLong', { max: 500 }))
          .refine(noControlChars, coded('controlChars')),
      }),
      { error: coded('settingsRequired') },
    )
    .min(1, coded('nothingToSave'))
    .max(100, coded('tooManySettings', { max: 100 })),
});
export type SettingEditBody = z.infer<typeof settingEditBody>;

// ---------------------------------------------------------------------------------------------- outputs

export const settingItem = z.object({
  setting_no: int,
  name: z.string().nullable(),
  value: z.string().nullable(),
  default_value: z.string().nullable(),
  editable: z.boolean(),
  /** the device confirmed the value; false = pending */
  synced: z.boolean(),
  /** confirmed by the watch, pending, or failed: its latest push ended in error or expired (docs/device-workspace.md) */
  state: z.enum(['confirmed', 'pending', 'failed']),
  updated_at: isoOrNull,
  /** the last push of this setting (an SMS of the pipeline): its §3 status and, when it failed, why (docs/sms.md) */
  last_push: z
    .object({
      sms_id: int,
      status: int,
      created: iso,
      /** the failure's English text, code and parameters (the device's `:ERR,<reason>` reply: smsDeviceRefused) */
      error: z.string().nullable(),
      error_code: z.string().nullable(),
      error_params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
    })
    .nullable(),
  /** the default profiles (`type` of /setting/loadDefault) this setting's default belongs to; empty: every profile */
  profiles: z.array(int),
});
export type SettingItem = z.infer<typeof settingItem>;
export const settingPushResult = z.object({ setting_no: int, sms_id: int, message: z.string(), status: int, pending: z.literal(true) });
export type SettingPushResult = z.infer<typeof settingPushResult>;

// ---------------------------------------------------------------------------------------------- general settings

/**
 * `/device/settings` (§2 /generalSettings, §7 GET and POST /device/settings?device_id): the wearer's profile of §3
 * Device. Only the fields sent change; at least one is needed (`nothingToSave`).
 */
export const deviceSettingsBody = z.object(wearerProfileFields);
export type DeviceSettingsBody = z.infer<typeof deviceSettingsBody>;

export const deviceGeneralSettings = z.object({
  device_id: int,
  ...wearerProfile,
  /** the latest SMS that sent the profile to the watch (command SET_PROFILE; the server's watch grammar builds it), as a setting's last push */
  last_push: settingItem.shape.last_push,
});
export type DeviceGeneralSettings = z.infer<typeof deviceGeneralSettings>;

// ---------------------------------------------------------------------------------------------- routes

export const SETTINGS_ROUTES = {
  deviceSettings: route({
    method: 'GET',
    path: '/device/settings',
    area: 'deviceTabs',
    summary: "The general settings: the wearer's profile (names, birth date, height cm, weight kg, gender) and its last push to the watch",
    query: deviceQuery,
    response: envelope(deviceGeneralSettings),
  }),
  deviceSettingsSave: route({
    method: 'POST',
    path: '/device/settings',
    area: 'deviceSettingsEdit',
    summary:
      "Changes the wearer's profile (the fields sent); a change of height, weight, gender or birth date is sent to the watch by SMS (PROFILE,...#)",
    query: deviceQuery,
    body: deviceSettingsBody,
    response: envelope(deviceGeneralSettings),
  }),
  settingAll: route({
    method: 'GET',
    path: '/setting/all',
    area: 'deviceTabs',
    summary: "The device's settings with their defaults, pending state and last push",
    query: deviceQuery,
    response: listResponse(settingItem),
  }),
  settingEdit: route({
    method: 'POST',
    path: '/setting/edit',
    area: 'deviceSettingsEdit',
    summary: 'Changes settings (marked pending until pushed and confirmed)',
    query: deviceQuery,
    body: settingEditBody,
    response: listResponse(settingItem),
  }),
  settingPush: route({
    method: 'GET',
    path: '/setting/push',
    area: 'deviceSettingsEdit',
    summary: 'Queues an SMS that sends one setting to the device (pending until confirmed)',
    query: settingPushQuery,
    response: envelope(settingPushResult),
    mutating: true,
  }),
  settingPushAll: route({
    method: 'GET',
    path: '/setting/push_all',
    area: 'deviceSettingsEdit',
    summary: 'Queues SMS that send every editable setting to the device',
    query: deviceQuery,
    response: listResponse(settingPushResult),
    mutating: true,
  }),
  settingLoadDefault: route({
    method: 'GET',
    path: '/setting/loadDefault',
    area: 'deviceSettingsEdit',
    summary:
      "Loads the defaults of the device's type: `type` 0 replaces every setting, a profile of the type (the `profiles` of /setting/all) only that profile's settings; another type is a 400",
    query: settingLoadDefaultQuery,
    response: listResponse(settingItem),
    mutating: true,
  }),
} as const satisfies Record<string, RouteDef>;
