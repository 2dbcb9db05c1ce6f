// Device workspace (§2 Device: /device/{idDevice} and its tabs, §7 Device/Location/Setting/... calls, device exports):
// request and response schemas and the routes. Merged into ROUTES by routes.ts.
import { z } from 'zod';
import { countParam, dayParam, pageParam, positiveId, tzParam, wholeNumber } from './params.js';
import { IMSI_LENGTH, PAGE_SIZE, PHONE_MAX, PHONE_MIN } from './constants.js';
import { envelope, listResponse, page } from './schemas.js';
import { route, type RouteDef } from './route-def.js';
import { canAccess, type Area } from './access.js';
import type { RoleId } from './roles.js';

// ---------------------------------------------------------------------------------------------- constants

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

/** Checks a setting value against the §9 rules; returns a message or null. */
export function checkSettingValue(name: string | null | undefined, value: string): string | null {
  if (name === SETTING_LOCATION_INTERVAL) {
    return /^\d+$/.test(value) && isLocationInterval(Number(value))
      ? null
      : `Location interval must be a whole number of minutes from ${LOCATION_INTERVAL_MIN_MINUTES} to ${LOCATION_INTERVAL_MAX_MINUTES} in seconds (${LOCATION_INTERVAL_MIN_MINUTES * 60}, ${LOCATION_INTERVAL_MIN_MINUTES * 60 + 60}, ... ${LOCATION_INTERVAL_MAX_MINUTES * 60}) or Stand by (${LOCATION_INTERVAL_STANDBY})`;
  }
  if (name === SETTING_OPERATIONAL_TIME) {
    const n = Number(value);
    return /^\d+$/.test(value) && n >= OPERATIONAL_TIME_MIN && n <= OPERATIONAL_TIME_MAX
      ? null
      : 'Operational time must be a whole number from 1 to 24';
  }
  return null;
}

/** §4 notification error codes per platform: the translation key of a code. */
export function notificationErrorKey(platform: 'IOS' | 'ANDROID', code: number): string {
  if (platform === 'IOS') {
    const ios: Record<number, string> = {
      0: 'none',
      1: 'processing',
      2: 'missingToken',
      3: 'missingTopic',
      4: 'missingPayload',
      5: 'invalidTokenSize',
      6: 'topicSize',
      7: 'payloadSize',
      8: 'invalidToken',
    };
    if (code >= 100) return 'internalMessage';
    return ios[code] ?? 'undefined';
  }
  if (code === 0) return 'none';
  if (code === 1) return 'internalMessage';
  if (code === 400) return 'requestNotParsed';
  if (code === 401) return 'authenticationError';
  if (code >= 500) return 'internalError';
  return 'undefined';
}

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


// ---------------------------------------------------------------------------------------------- inputs

const deviceQuery = z.object({ device_id: positiveId('device_id') });
const deviceDayQuery = deviceQuery.extend({ date: dayParam, tz: tzParam });

/** Free text stored in PostgreSQL: no control characters (a NUL byte cannot be stored at all). */
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const noControlChars = (v: string) => !CONTROL_CHARS.test(v);

export const deviceIdQuery = deviceQuery;
export type DeviceIdQuery = z.infer<typeof deviceIdQuery>;
export const deviceDayQuerySchema = deviceDayQuery;
export type DeviceDayQuery = z.infer<typeof deviceDayQuery>;

export const factoryDetailsQuery = z.object({ id: positiveId('id') });
export const deviceUpdateQuery = deviceQuery.extend({ factory_id: positiveId('factory_id').optional() });

const optionalName = z
  .string()
  .trim()
  .max(50, 'At most 50 characters')
  .refine(noControlChars, 'Must not contain control characters')
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/** The earliest birth date the general settings accept (the wearer is a person alive today). */
export const BIRTH_DATE_MIN = '1900-01-01';
/** The general settings' height (cm) and weight (kg) ranges. */
export const HEIGHT_CM = { min: 30, max: 250 } as const;
export const WEIGHT_KG = { min: 2, max: 200 } as const;

/** General settings (§2): height in cm, weight in kg (the console converts from inch and pound). */
export const deviceUpdateBody = z.object({
  first_name: optionalName,
  last_name: optionalName,
  name_id: optionalName,
  birth_date: dayParam
    .refine((d) => d >= BIRTH_DATE_MIN, `Birth date must be ${BIRTH_DATE_MIN} or later`)
    .refine((d) => d <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), 'Birth date cannot be in the future')
    .nullable()
    .optional(),
  height: z
    .number()
    .int('Height is a whole number of cm')
    .min(HEIGHT_CM.min, `Height must be ${HEIGHT_CM.min} to ${HEIGHT_CM.max} cm`)
    .max(HEIGHT_CM.max, `Height must be ${HEIGHT_CM.min} to ${HEIGHT_CM.max} cm`)
    .nullable()
    .optional(),
  weight: z
    .number()
    .int('Weight is a whole number of kg')
    .min(WEIGHT_KG.min, `Weight must be ${WEIGHT_KG.min} to ${WEIGHT_KG.max} kg`)
    .max(WEIGHT_KG.max, `Weight must be ${WEIGHT_KG.min} to ${WEIGHT_KG.max} kg`)
    .nullable()
    .optional(),
  /** 1 boy, 2 girl */
  gender: z.union([z.literal(1), z.literal(2)], { error: 'Gender is 1 (boy) or 2 (girl)' }).nullable().optional(),
  enabled: z.boolean().optional(),
  is_test: z.boolean().optional(),
});
export type DeviceUpdateBody = z.infer<typeof deviceUpdateBody>;

export const tracesQuery = deviceQuery.extend({
  page: pageParam(),
  count: countParam(20),
});
export const locationListQuery = deviceDayQuery.extend({
  page: pageParam(),
  count: countParam(PAGE_SIZE.trackingList),
});
export type LocationListQuery = z.infer<typeof locationListQuery>;
/** location ids are bigint: any safe integer. */
export const locationByIdQuery = deviceQuery.extend({ location_id: positiveId('location_id', { max: Number.MAX_SAFE_INTEGER }) });

export const settingPushQuery = deviceQuery.extend({ setting_no: positiveId('setting_no') });
export const settingLoadDefaultQuery = deviceQuery.extend({
  type: wholeNumber('type must be a whole number (0 = all)').default(0),
});
export const settingEditBody = z.object({
  settings: z
    .array(
      z.object({
        setting_no: positiveId('setting_no'),
        value: z.string({ error: 'value is text' }).max(500, 'At most 500 characters').refine(noControlChars, 'Must not contain control characters'),
      }),
      { error: 'settings is required: a list of { setting_no, value }' },
    )
    .min(1, 'Nothing to save')
    .max(100, 'At most 100 settings at once'),
});
export type SettingEditBody = z.infer<typeof settingEditBody>;

export const contactDeviceQuery = deviceQuery.extend({ device_type: positiveId('device_type').optional() });
export const testNotificationQuery = deviceQuery.extend({ user_id: positiveId('user_id').optional() });

/** §5: the IMSI has exactly 15 characters (digits). */
export const simCardQuery = z.object({
  imsi: z
    .string({ error: `IMSI must be exactly ${IMSI_LENGTH} characters` })
    .trim()
    .regex(new RegExp(`^\\d{${IMSI_LENGTH}}$`), `IMSI must be exactly ${IMSI_LENGTH} characters`),
});
export const gsmNumber = z
  .string({ error: 'GSM number is required' })
  .trim()
  .regex(new RegExp(`^\\+\\d{${PHONE_MIN},${PHONE_MAX}}$`), `GSM number starts with + and has ${PHONE_MIN} to ${PHONE_MAX} digits`);
export const swapSimBody = z.object({
  device_id: positiveId('device_id'),
  sim_card_id: positiveId('sim_card_id'),
  gsm_number: gsmNumber,
});
export type SwapSimBody = z.infer<typeof swapSimBody>;

export const logFileQuery = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(200)
    .regex(/^[\w.-]+$/, 'name is a file name'),
  download: z.enum(['true', 'false']).optional(),
});
export const csvGenerateQuery = deviceDayQuery;
export const csvDownloadQuery = z.object({
  hash: z.string({ error: 'hash is required' }).regex(/^[a-f0-9]{32,64}$/, 'hash is invalid'),
});

// ---------------------------------------------------------------------------------------------- outputs

const iso = z.string();
const isoOrNull = z.string().nullable();
const int = z.number().int();
const intOrNull = z.number().int().nullable();

export const deviceDetail = z.object({
  id: int,
  name_id: z.string().nullable(),
  imei_id: z.string().nullable(),
  imei: z.string(),
  imsi: z.string().nullable(),
  gsm_number: z.string().nullable(),
  device_type_id: int,
  device_type_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** YYYY-MM-DD */
  birth_date: z.string().nullable(),
  height: intOrNull,
  weight: intOrNull,
  gender: intOrNull,
  initialized: z.boolean(),
  device_status: int,
  enabled: z.boolean(),
  is_test: z.boolean(),
  owner_id: intOrNull,
  owner_email: z.string().nullable(),
  owner_first_name: z.string().nullable(),
  owner_last_name: z.string().nullable(),
  white_label: z.string().nullable(),
  sim_id: intOrNull,
  sim_status: intOrNull,
  sim_iccid: z.string().nullable(),
  operator_name: z.string().nullable(),
  firmware: z.string().nullable(),
  activation_code: z.string().nullable(),
  factory_device_id: intOrNull,
  created: iso,
  last_seen_at: isoOrNull,
  battery: intOrNull,
});
export type DeviceDetail = z.infer<typeof deviceDetail>;
export const deviceDetailResponse = envelope(deviceDetail);

export const factoryDetail = z.object({
  id: int,
  imei: z.string(),
  imsi: z.string().nullable(),
  iccid: z.string().nullable(),
  activation_code: z.string().nullable(),
  serial_number: z.string().nullable(),
  device_type_id: intOrNull,
  firmware: z.string().nullable(),
  status: int,
  white_label_deployment_id: int,
  deployment_name: z.string().nullable(),
  created: iso,
});
export type FactoryDetail = z.infer<typeof factoryDetail>;
export const factoryDetailResponse = envelope(factoryDetail);

export const traceItem = z.object({
  id: int,
  created: iso,
  actor_name: z.string().nullable(),
  action: z.string(),
  /** §4 audit status 0-8, null for calls without one */
  status: intOrNull,
  before: z.unknown(),
  after: z.unknown(),
});
export type TraceItem = z.infer<typeof traceItem>;

export const locationItem = z.object({
  id: int,
  time: iso,
  latitude: z.number(),
  longitude: z.number(),
  radius: intOrNull,
  altitude: z.number().nullable(),
  angle: intOrNull,
  speed: z.number().nullable(),
  gsm_operator: z.string().nullable(),
  gsm_cell_id: z.string().nullable(),
  is_valid: z.boolean(),
  /** §4 location reason */
  reason: intOrNull,
  /** §4 location source */
  source: int,
  wifi_count: int,
  gsm_count: int,
});
export type LocationItem = z.infer<typeof locationItem>;
export const locationListResponse = envelope(
  z.object({
    items: z.array(locationItem),
    total_pages: int,
    total: int,
    more: z.boolean(),
    page: int,
  }),
);
export const locationDetail = locationItem.extend({
  wifi: z.array(z.object({ mac_address: z.string(), signal: intOrNull })),
  gsm: z.array(z.object({ mcc: int, mnc: int, lac: int, cell_id: z.string(), signal: intOrNull })),
  providers: z.array(z.object({ provider: z.string(), latitude: z.number(), longitude: z.number(), radius: intOrNull })),
});
export type LocationDetail = z.infer<typeof locationDetail>;
/** The day's path for the map: [latitude, longitude, epoch ms, location id], in time order. */
export const locationPathResponse = envelope(z.object({ points: z.array(z.tuple([z.number(), z.number(), z.number(), int])) }));

export const safeZoneItem = z.object({
  id: int,
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  radius: int,
  enabled: z.boolean(),
  limit_percent: int,
  /** the zone applies to this device */
  attached: z.boolean(),
});
export type SafeZoneItem = z.infer<typeof safeZoneItem>;
export const safeZoneLogItem = z.object({
  id: int,
  time: iso,
  /** §4: 0 exit, 9 entry */
  type: int,
  safe_zone_id: intOrNull,
  safe_zone_name: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type SafeZoneLogItem = z.infer<typeof safeZoneLogItem>;

export const settingItem = z.object({
  setting_no: int,
  name: z.string().nullable(),
  value: z.string().nullable(),
  default_value: z.string().nullable(),
  editable: z.boolean(),
  /** the device confirmed the value; false = pending */
  synced: z.boolean(),
  updated_at: isoOrNull,
  /** the last push of this setting (an SMS queued for the pipeline) */
  last_push: z.object({ sms_id: int, status: int, created: iso }).nullable(),
  /** the default profiles (`type` of /setting/loadDefault) this setting's default belongs to; empty: every profile */
  profiles: z.array(int),
});
export type SettingItem = z.infer<typeof settingItem>;
export const settingPushResult = z.object({ setting_no: int, sms_id: int, message: z.string(), status: int, pending: z.literal(true) });
export type SettingPushResult = z.infer<typeof settingPushResult>;

export const contactItem = z.object({
  id: int,
  user_id: int,
  first_name: z.string(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  is_guest: z.boolean(),
  emergency: z.boolean(),
  primary: z.boolean(),
  relationship: z.string().nullable(),
  devices: z.array(int),
});
export type ContactItem = z.infer<typeof contactItem>;
export const contactDeviceResponse = envelope(
  z.object({
    contacts: z.array(contactItem),
    devices: z.array(z.object({ id: int, first_name: z.string().nullable(), imei: z.string(), enabled: z.boolean() })),
    limit: int,
  }),
);

export const smsItem = z.object({
  id: int,
  created: iso,
  sent_at: isoOrNull,
  received_at: isoOrNull,
  direction: z.enum(['OUTBOUND', 'INBOUND']),
  command_key: z.string().nullable(),
  message: z.string(),
  /** §3 message status: 0 created, 1 sent, 2 received, 3 error */
  status: int,
  error: z.string().nullable(),
  gsm_number: z.string().nullable(),
});
export type SmsItem = z.infer<typeof smsItem>;
export const smsCommandItem = z.object({
  command_key: z.string(),
  name: z.string(),
  takes_message: z.boolean(),
  description: z.string().nullable(),
});

export const communicationItem = z.object({
  id: int,
  time: iso,
  kind: z.string(),
  gap_seconds: intOrNull,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  signal: intOrNull,
  battery: intOrNull,
});
export type CommunicationItem = z.infer<typeof communicationItem>;
export const temperatureItem = z.object({ time: iso, temperature: z.number(), battery_temperature: z.number().nullable() });
export type TemperatureItem = z.infer<typeof temperatureItem>;

export const notificationItem = z.object({
  id: int,
  created: iso,
  sent_at: isoOrNull,
  platform: z.enum(['IOS', 'ANDROID']),
  type: z.string().nullable(),
  title: z.string().nullable(),
  message: z.string(),
  status: int,
  error_code: int,
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const simCardItem = z.object({
  id: int,
  imsi: z.string(),
  iccid: z.string().nullable(),
  gsm_number: z.string().nullable(),
  status: int,
  carrier_status: z.string(),
  operator_id: intOrNull,
  operator_name: z.string().nullable(),
  /** the device the SIM is in, if any */
  device_id: intOrNull,
});
export type SimCardItem = z.infer<typeof simCardItem>;

export const deviceLogItem = z.object({
  id: int,
  file_name: z.string(),
  log_level: intOrNull,
  duration: intOrNull,
  size_bytes: int,
  created: iso,
});
export type DeviceLogItem = z.infer<typeof deviceLogItem>;
/** The file as text, or (download=true) the file itself with a content-disposition header. */
export const deviceLogFileResponse = z.union([envelope(z.object({ name: z.string(), content: z.string() })), z.undefined()]);

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
  });

// ---------------------------------------------------------------------------------------------- tabs, landing, days with data

/** The §2 children of /device/{idDevice}, in tab order, with the §6 area each one needs (the console's tab bar). */
export const DEVICE_TABS = [
  { path: 'information/imsi', area: 'deviceTabs', key: 'infoImsi' },
  { path: 'information/imei', area: 'deviceImei', key: 'infoImei' },
  { path: 'generalSettings', area: 'deviceTabs', key: 'generalSettings' },
  { path: 'tracking', area: 'deviceTabs', key: 'tracking' },
  { path: 'settings', area: 'deviceTabs', key: 'settings' },
  { path: 'audit', area: 'deviceTabs', key: 'audit' },
  { path: 'deviceLogs', area: 'deviceLogs', key: 'deviceLogs' },
  { path: 'deviceTemp', area: 'deviceLogs', key: 'deviceTemp' },
  { path: 'contacts', area: 'deviceTabs', key: 'contacts' },
  { path: 'sms', area: 'deviceTabs', key: 'sms' },
  { path: 'gaps', area: 'deviceTabs', key: 'gaps' },
  { path: 'swap', area: 'deviceTabs', key: 'swap' },
  { path: 'notifications', area: 'deviceTabs', key: 'notifications' },
  { path: 'safezones', area: 'deviceTabs', key: 'safezones' },
] as const satisfies readonly { path: string; area: Area; key: string }[];

/**
 * Where a link to a device takes a role: the main page `/device/{id}` for the roles of `deviceMain`, otherwise the
 * first tab (in tab order) the role may open (§6: roles 9 and 10 may not open the main page, so they land on
 * `information/imsi`). Every link to a device goes through this, so no role is linked to a 401.
 */
export function devicePath(role: RoleId, deviceId: number): string {
  const base = `/device/${deviceId}`;
  if (canAccess(role, 'deviceMain')) return base;
  const tab = DEVICE_TABS.find((t) => canAccess(role, t.area));
  return tab ? `${base}/${tab.path}` : base;
}

/** A calendar month `YYYY-MM` (years from 0001). */
export const monthParam = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM')
  .refine((m) => Number(m.slice(0, 4)) >= 1, 'month must be YYYY-MM');
/** Days with data of a day tab: in `month` (default: the month of the last day with data), days in the tz zone. */
export const dataDaysQuery = deviceQuery.extend({ month: monthParam.optional(), tz: tzParam });
export type DataDaysQuery = z.infer<typeof dataDaysQuery>;
export const dataDays = z.object({
  /** the month the days belong to (`YYYY-MM`); the month of `last`, or of today (UTC) without data, when none was asked */
  month: z.string(),
  /** the days of `month` that have data, ascending (`YYYY-MM-DD` in the tz zone) */
  days: z.array(z.string()),
  /** the last day with data at all (any month), null when the device has none */
  last: z.string().nullable(),
});
export type DataDays = z.infer<typeof dataDays>;
export const dataDaysResponse = envelope(dataDays);

/** The kinds of data behind the day tabs, and the table and time column each one reads. */
export const DATA_DAY_KINDS = ['locations', 'safezone_logs', 'sms', 'communications', 'temperatures', 'notifications'] as const;
export type DataDayKind = (typeof DATA_DAY_KINDS)[number];

const dayList = (path: string, area: Area, what: string) =>
  route({
    method: 'GET',
    path,
    area,
    summary: `Days with ${what} in a month (days in the tz zone) and the last day with ${what}`,
    query: dataDaysQuery,
    response: dataDaysResponse,
  });

/** One call per day tab (each with its tab's area): the days that have data, so a tab opens on one. */
export const DEVICE_DAY_ROUTES = {
  locationDays: dayList('/location/days', 'deviceTabs', 'location fixes'),
  safezoneLogDays: dayList('/safezone/logs/days', 'deviceTabs', 'safe-zone log entries'),
  smsDays: dayList('/sms/days', 'deviceTabs', 'SMS'),
  communicationDays: dayList('/device/communications/days', 'deviceTabs', 'communications'),
  temperatureDays: dayList('/device/temperature/days', 'deviceLogs', 'temperatures'),
  notificationDays: dayList('/device/notifications/days', 'deviceTabs', 'notifications'),
} as const satisfies Record<string, RouteDef>;

/** The data kind behind each day route. */
export const DAY_ROUTE_KIND = {
  locationDays: 'locations',
  safezoneLogDays: 'safezone_logs',
  smsDays: 'sms',
  communicationDays: 'communications',
  temperatureDays: 'temperatures',
  notificationDays: 'notifications',
} as const satisfies Record<keyof typeof DEVICE_DAY_ROUTES, DataDayKind>;

export const DEVICE_ROUTES = {
  // ------------------------------------------------------------------ header, information, general settings
  deviceDetails: route({
    method: 'GET',
    path: '/device/device_details',
    area: 'deviceMain',
    summary: 'The device main page: header and details of a device',
    query: deviceQuery,
    response: deviceDetailResponse,
  }),
  deviceInfoImsi: route({
    method: 'GET',
    path: '/device/information/imsi',
    area: 'deviceTabs',
    summary: 'Device information (tab information/imsi)',
    query: deviceQuery,
    response: deviceDetailResponse,
  }),
  deviceInfoImei: route({
    method: 'GET',
    path: '/device/information/imei',
    area: 'deviceImei',
    summary: 'Device information (tab information/imei)',
    query: deviceQuery,
    response: deviceDetailResponse,
  }),
  factoryDetails: route({
    method: 'GET',
    path: '/device/factory_details',
    area: 'deviceTabs',
    summary: 'A factory record by its id (§7; a device links one in factory_device_id); 404 when there is none, 403 for another partner type',
    query: factoryDetailsQuery,
    response: factoryDetailResponse,
  }),
  deviceUpdate: route({
    method: 'POST',
    path: '/device/update',
    area: 'deviceEdit',
    summary: 'Saves the general settings (child name, birth date, height cm, weight kg, gender 1 boy / 2 girl)',
    query: deviceUpdateQuery,
    body: deviceUpdateBody,
    response: deviceDetailResponse,
  }),
  deviceInitialized: route({
    method: 'GET',
    path: '/device/initialized',
    area: 'deviceEdit',
    summary: 'Reinitialize: initialized false, device_status 1 (audited: not initialized)',
    query: deviceQuery,
    response: deviceDetailResponse,
    mutating: true,
  }),
  deviceRemove: route({
    method: 'GET',
    path: '/device/remove',
    area: 'deviceEdit',
    summary: 'Removes the device from its account (audited: removed from account)',
    query: deviceQuery,
    response: deviceDetailResponse,
    mutating: true,
  }),
  deviceTraces: route({
    method: 'GET',
    path: '/device/traces',
    area: 'deviceTabs',
    summary: "The device's audit trail, newest first",
    query: tracesQuery,
    response: page(traceItem),
  }),

  // ------------------------------------------------------------------ tracking
  locationList: route({
    method: 'GET',
    path: '/location/list',
    area: 'deviceTabs',
    summary: 'Location fixes of a day (20 per page, newest first, day in the tz time zone)',
    query: locationListQuery,
    response: locationListResponse,
  }),
  locationPath: route({
    method: 'GET',
    path: '/location/path',
    area: 'deviceTabs',
    summary: "The day's path for the map (every fix, compact)",
    query: deviceDayQuery,
    response: locationPathResponse,
  }),
  locationById: route({
    method: 'GET',
    path: '/location/by_id',
    area: 'deviceTabs',
    summary: 'One fix with its wifi, GSM and provider details',
    query: locationByIdQuery,
    response: envelope(locationDetail),
  }),
  safezoneDevice: route({
    method: 'GET',
    path: '/safezone/device',
    area: 'deviceTabs',
    summary: "The owner's safe zones, flagged when they apply to the device",
    query: deviceQuery,
    response: listResponse(safeZoneItem),
  }),
  safezoneLogs: route({
    method: 'GET',
    path: '/safezone/logs',
    area: 'deviceTabs',
    summary: 'Safe-zone log of a day (type 0 exit, 9 entry)',
    query: deviceDayQuery,
    response: listResponse(safeZoneLogItem),
  }),

  // ------------------------------------------------------------------ settings
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

  // ------------------------------------------------------------------ contacts, sms, gaps, temperature, logs
  contactDevice: route({
    method: 'GET',
    path: '/contact/device',
    area: 'deviceTabs',
    summary: "The device's contacts, the owner's devices and the contact limit",
    query: contactDeviceQuery,
    response: contactDeviceResponse,
  }),
  smsList: route({
    method: 'GET',
    path: '/sms/list',
    area: 'deviceTabs',
    summary: 'SMS of the device on a day, newest first',
    query: deviceDayQuery,
    response: listResponse(smsItem),
  }),
  smsCommands: route({
    method: 'GET',
    path: '/sms/commands',
    area: 'deviceTabs',
    summary: "The SMS commands of the device's type",
    query: deviceQuery,
    response: listResponse(smsCommandItem),
  }),
  deviceCommunications: route({
    method: 'GET',
    path: '/device/communications',
    area: 'deviceTabs',
    summary: 'Communications of a day with the gaps between them',
    query: deviceDayQuery,
    response: listResponse(communicationItem),
  }),
  deviceTemperature: route({
    method: 'GET',
    path: '/device/temperature',
    area: 'deviceLogs',
    summary: 'Temperatures of a day',
    query: deviceDayQuery,
    response: listResponse(temperatureItem),
  }),
  logsDevice: route({
    method: 'GET',
    path: '/logs/device',
    area: 'deviceLogs',
    summary: 'Log files the device uploaded',
    query: deviceQuery,
    response: listResponse(deviceLogItem),
  }),
  logsDeviceFile: route({
    method: 'GET',
    path: '/logs/device/file',
    area: 'deviceLogs',
    summary: 'A device log file as text, or downloaded (download=true)',
    query: logFileQuery,
    response: deviceLogFileResponse,
  }),

  // ------------------------------------------------------------------ notifications
  deviceNotifications: route({
    method: 'GET',
    path: '/device/notifications',
    area: 'deviceTabs',
    summary: 'Push notifications about the device on a day, with status and platform error code',
    query: deviceDayQuery,
    response: listResponse(notificationItem),
  }),
  deviceTestNotification: route({
    method: 'GET',
    path: '/device/test_notification',
    area: 'deviceEdit',
    summary: "Queues a test notification to the owner's app",
    query: testNotificationQuery,
    response: envelope(notificationItem),
    mutating: true,
  }),

  // ------------------------------------------------------------------ swap SIM
  simCard: route({
    method: 'GET',
    path: '/device/sim_card',
    area: 'deviceTabs',
    summary: 'Looks a SIM card up by IMSI (exactly 15 characters)',
    query: simCardQuery,
    response: envelope(simCardItem),
  }),
  swapSim: route({
    method: 'POST',
    path: '/device/swap_sim',
    area: 'deviceEdit',
    summary: 'Puts another SIM card into the device (audited: swap out, swap in)',
    body: swapSimBody,
    response: deviceDetailResponse,
  }),

  // ------------------------------------------------------------------ exports
  csvGenerate: route({
    method: 'GET',
    path: '/csv/generate',
    area: 'deviceTabs',
    summary: 'Prepares the device exports of a day; returns the hash the downloads take (expires)',
    query: csvGenerateQuery,
    response: csvGenerateResponse,
  }),
  csvCommunications: csvDownload('communications', 'communications'),
  csvLocations: csvDownload('locations', 'location fixes'),
  csvDeviceTrace: csvDownload('device_trace', 'audit trail'),
  csvSmsPerDevice: csvDownload('sms_per_device', 'SMS'),
  csvDeviceNotification: csvDownload('device_notification', 'notifications'),
  csvSafezone: csvDownload('safezone', 'safe-zone log'),

  // ------------------------------------------------------------------ days with data of the day tabs
  ...DEVICE_DAY_ROUTES,
} as const satisfies Record<string, RouteDef>;
