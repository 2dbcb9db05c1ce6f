// Default settings (§2 /admin/defaultSettings, §3 Default setting, §7 Settings): the values a device type's devices
// start with, and pushing one of them to every device of the type (an SMS campaign, docs/sms.md).
import { z } from 'zod';
import { positiveId } from '../params.js';
import { coded } from '../reasons.js';
import { envelope, listResponse } from '../schemas.js';
import { route, type RouteDef } from '../route-def.js';
import { int, iso, noControlChars } from '../device-workspace/shared.js';
import { smsCampaign } from '../sms/send.js';
import { confirmationRequired, confirmToken } from '../commands.js';

export const defaultSettingsQuery = z.object({ device_type_id: positiveId('device_type_id') });
export type DefaultSettingsQuery = z.infer<typeof defaultSettingsQuery>;

/** §7 `pushToAll?setting_no`; every type has the same setting numbers, so the type is named too (docs/administration.md). */
/** `confirm_token`: the first call answers how many devices the push reaches, with the token the confirmed call brings back. */
export const pushToAllQuery = z.object({ setting_no: positiveId('setting_no'), device_type_id: positiveId('device_type_id'), confirm_token: confirmToken });
export type PushToAllQuery = z.infer<typeof pushToAllQuery>;

const text = (field: string, max: number) =>
  z
    .string({ error: coded('wrongType', { expected: 'text' }) })
    .max(max, coded('tooLong', { field, max }))
    .refine(noControlChars, coded('controlChars'));

export const defaultSettingAddBody = z.object({
  device_type_id: positiveId('device_type_id'),
  setting_no: positiveId('setting_no'),
  name: text('name', 100).trim().nullable().default(null),
  value: text('value', 500),
  synced: z.boolean({ error: coded('invalidBool') }).default(true),
  editable: z.boolean({ error: coded('invalidBool') }).default(true),
  /** the default profiles (`type` of /setting/loadDefault) the value belongs to; empty: every profile */
  types: z.array(positiveId('types'), { error: coded('wrongType', { expected: 'list' }) }).max(20, coded('tooBig', { max: 20 })).default([]),
});
export type DefaultSettingAddBody = z.infer<typeof defaultSettingAddBody>;
/** An edit names the default by id; its type and number stay (they are what devices know it by). */
export const defaultSettingEditBody = defaultSettingAddBody.omit({ device_type_id: true, setting_no: true }).extend({ id: positiveId('id') });
export type DefaultSettingEditBody = z.infer<typeof defaultSettingEditBody>;

export const defaultSettingItem = z.object({
  id: int,
  device_type_id: int,
  setting_no: int,
  name: z.string().nullable(),
  value: z.string(),
  synced: z.boolean(),
  editable: z.boolean(),
  types: z.array(int),
  updated_at: iso,
});
export type DefaultSettingItem = z.infer<typeof defaultSettingItem>;

export const DEFAULT_SETTING_ROUTES = {
  settingDefaults: route({
    method: 'GET',
    path: '/setting/defaults',
    area: 'defaultSettings',
    summary: "A device type's default settings, by setting number",
    query: defaultSettingsQuery,
    response: listResponse(defaultSettingItem),
  }),
  settingAddDefault: route({
    method: 'POST',
    path: '/setting/addDefault',
    area: 'defaultSettings',
    summary: 'Adds a default setting to a device type (type and setting number unique together)',
    body: defaultSettingAddBody,
    response: envelope(defaultSettingItem),
  }),
  settingEditDefault: route({
    method: 'POST',
    path: '/setting/editDefault',
    area: 'defaultSettings',
    summary: 'Changes a default setting (value, name, flags, profiles)',
    body: defaultSettingEditBody,
    response: envelope(defaultSettingItem),
  }),
  settingPushToAll: route({
    method: 'GET',
    path: '/setting/pushToAll',
    area: 'defaultSettings',
    summary:
      'Sends the default value of one setting to every device of the type: an SMS campaign (progress at /sms/campaign). The first call answers the target count and the refused devices with a confirmation token; the call that brings the token back starts it',
    query: pushToAllQuery,
    response: envelope(z.union([smsCampaign, confirmationRequired])),
    mutating: true,
  }),
} as const satisfies Record<string, RouteDef>;
