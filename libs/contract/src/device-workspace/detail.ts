// Device detail (§2 the main page, information tabs, general settings, factory record, reinitialize, remove).
import { z } from 'zod';
import { dayParam, positiveId } from '../params.js';
import { coded } from '../reasons.js';
import { envelope } from '../schemas.js';
import { route, type RouteDef } from '../route-def.js';
import { deviceQuery, int, intOrNull, iso, isoOrNull, noControlChars } from './shared.js';

// ---------------------------------------------------------------------------------------------- inputs

export const factoryDetailsQuery = z.object({ id: positiveId('id') });
export const deviceUpdateQuery = deviceQuery.extend({ factory_id: positiveId('factory_id').optional() });

const optionalName = z
  .string()
  .trim()
  .max(50, coded('tooLong', { max: 50 }))
  .refine(noControlChars, coded('controlChars'))
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/** The earliest birth date the general settings accept (the wearer is a person alive today). */
export const BIRTH_DATE_MIN = '1900-01-01';
/** The general settings' height (cm) and weight (kg) ranges. */
export const HEIGHT_CM = { min: 30, max: 250 } as const;
export const WEIGHT_KG = { min: 2, max: 200 } as const;

/**
 * The wearer's profile (§3 Device: first_name, last_name, birth_date, height in cm, weight in kg, gender 1 boy / 2
 * girl; the console converts from inch and pound): the fields of `/device/settings` (settings.ts), each optional.
 */
export const wearerProfileFields = {
  first_name: optionalName,
  last_name: optionalName,
  birth_date: dayParam
    .refine((d) => d >= BIRTH_DATE_MIN, coded('birthDateTooEarly', { min: BIRTH_DATE_MIN }))
    .refine((d) => d <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), coded('birthDateFuture'))
    .nullable()
    .optional(),
  height: z
    .number()
    .int(coded('heightRange', HEIGHT_CM))
    .min(HEIGHT_CM.min, coded('heightRange', HEIGHT_CM))
    .max(HEIGHT_CM.max, coded('heightRange', HEIGHT_CM))
    .nullable()
    .optional(),
  weight: z
    .number()
    .int(coded('weightRange', WEIGHT_KG))
    .min(WEIGHT_KG.min, coded('weightRange', WEIGHT_KG))
    .max(WEIGHT_KG.max, coded('weightRange', WEIGHT_KG))
    .nullable()
    .optional(),
  /** 1 boy, 2 girl */
  gender: z.union([z.literal(1), z.literal(2)], { error: coded('genderValue') }).nullable().optional(),
};

/**
 * The device record (`/device/update`): its name id, enabled (audit 3/4), test flag, and the factory record
 * (`?factory_id`). The wearer's profile is `/device/settings` (settings.ts).
 */
export const deviceUpdateBody = z.object({
  name_id: optionalName,
  enabled: z.boolean().optional(),
  is_test: z.boolean().optional(),
});
export type DeviceUpdateBody = z.infer<typeof deviceUpdateBody>;

// ---------------------------------------------------------------------------------------------- outputs

/** The wearer's profile as answered (the device's detail and `/device/settings`). */
export const wearerProfile = {
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** YYYY-MM-DD */
  birth_date: z.string().nullable(),
  /** cm */
  height: intOrNull,
  /** kg */
  weight: intOrNull,
  /** 1 boy, 2 girl */
  gender: intOrNull,
};

export const deviceDetail = z.object({
  id: int,
  name_id: z.string().nullable(),
  imei_id: z.string().nullable(),
  imei: z.string(),
  imsi: z.string().nullable(),
  gsm_number: z.string().nullable(),
  device_type_id: int,
  device_type_name: z.string(),
  ...wearerProfile,
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

// ---------------------------------------------------------------------------------------------- routes

export const DETAIL_ROUTES = {
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
    summary: 'Changes the device record: name id, enabled (audited 3 enabled / 4 disabled), test flag; `factory_id` links a factory record',
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
} as const satisfies Record<string, RouteDef>;
