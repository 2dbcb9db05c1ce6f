// Activity: the read-only tabs of what happened to a device (audit trail, safe zones and their log, contacts, SMS,
// communications and gaps, temperature, notifications, log files) and the test notification.
import { z } from 'zod';
import { coded } from '../reasons.js';
import { countParam, pageParam, positiveId } from '../params.js';
import { envelope, listResponse, page } from '../schemas.js';
import { route, type RouteDef } from '../route-def.js';
import { deviceDayQuery, deviceQuery, int, intOrNull, iso, isoOrNull } from './shared.js';

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

// ---------------------------------------------------------------------------------------------- inputs

export const tracesQuery = deviceQuery.extend({
  page: pageParam(),
  count: countParam(20),
});
export const contactDeviceQuery = deviceQuery.extend({ device_type: positiveId('device_type').optional() });
export const testNotificationQuery = deviceQuery.extend({ user_id: positiveId('user_id').optional() });

export const logFileQuery = z.object({
  name: z
    .string({ error: coded('required') })
    .trim()
    .min(1, coded('required'))
    .max(200)
    .regex(/^[\w.-]+$/, coded('badFormat')),
  download: z.enum(['true', 'false']).optional(),
});

// ---------------------------------------------------------------------------------------------- outputs

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
  /** §3 message status: 0 created, 1 sent, 2 received, 3 error; and 4 expired (never sent: past its time to live) */
  status: int,
  /** why it failed, in English (from error_code and error_params) */
  error: z.string().nullable(),
  error_code: z.string().nullable(),
  error_params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  gsm_number: z.string().nullable(),
  /** an INBOUND reply: the OUTBOUND command it answers (the tab shows them together) */
  reply_to: intOrNull,
  /** the bulk send (campaign) the message belongs to */
  bulk_id: z.string().nullable(),
  /**
   * INBOUND: what the watch's message is (docs/sms.md "Correlation"): reply, progress (an interim report), alarm,
   * event (unprompted), message (free text), unmatched (reply-shaped, no command awaited it); null for OUTBOUND
   */
  kind: z.string().nullable(),
  /** an alarm's or event's code: sos, fall, band_removed, temperature, battery_low, power_on, power_off */
  event_code: z.string().nullable(),
  /** OUTBOUND: the end of its time to live (not sent by then: expired) */
  expires_at: isoOrNull,
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

// ---------------------------------------------------------------------------------------------- routes

export const ACTIVITY_ROUTES = {
  deviceTraces: route({
    method: 'GET',
    path: '/device/traces',
    area: 'deviceTabs',
    summary: "The device's audit trail, newest first",
    query: tracesQuery,
    response: page(traceItem),
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

} as const satisfies Record<string, RouteDef>;
