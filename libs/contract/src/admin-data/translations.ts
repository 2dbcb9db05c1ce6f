// Translations (§2 /admin/translations, §3 Translation, §7 Translations): the texts sent to watches and apps, per
// language and device type, stored in Postgres. HTML values are sanitised by the api on save.
import { z } from 'zod';
import { positiveId } from '../params.js';
import { coded } from '../reasons.js';
import { envelope, listResponse, multilineText } from '../schemas.js';
import { route, type RouteDef } from '../route-def.js';
import { int, iso, noControlChars } from '../device-workspace/shared.js';

export const TRANSLATION_KEY_MAX = 200;
export const TRANSLATION_VALUE_MAX = 5_000;
/** A key: letters, digits, dots, dashes and underscores (what the watches and apps look texts up by). */
export const TRANSLATION_KEY_RE = /^[A-Za-z0-9_.-]+$/;

const languageCode = (field: string) =>
  z
    .string({ error: coded('required', { field }) })
    .trim()
    .min(1, coded('required', { field }))
    .max(8, coded('tooLong', { field, max: 8 }))
    .refine(noControlChars, coded('controlChars'));

export const translationAllQuery = z.object({
  language: languageCode('language'),
  /** only this device type's texts (all types without it) */
  device_type_id: positiveId('device_type_id').optional(),
});
export type TranslationAllQuery = z.infer<typeof translationAllQuery>;

export const translationAddBody = z.object({
  key: z
    .string({ error: coded('required', { field: 'key' }) })
    .trim()
    .min(1, coded('required', { field: 'key' }))
    .max(TRANSLATION_KEY_MAX, coded('tooLong', { field: 'key', max: TRANSLATION_KEY_MAX }))
    .refine((s) => TRANSLATION_KEY_RE.test(s), coded('translationKey')),
  language_code: languageCode('language_code'),
  device_type_id: positiveId('device_type_id'),
  value: multilineText(
    z
      .string({ error: coded('required', { field: 'value' }) })
      .max(TRANSLATION_VALUE_MAX, coded('tooLong', { field: 'value', max: TRANSLATION_VALUE_MAX }))
      .refine((s) => s.trim() !== '', coded('translationEmpty')),
  ),
  is_html: z.boolean({ error: coded('invalidBool') }).default(false),
});
export type TranslationAddBody = z.infer<typeof translationAddBody>;
/** An edit names the translation by id; key, language and type may change with it (unique together). */
export const translationEditBody = translationAddBody.extend({ id: positiveId('id') });
export type TranslationEditBody = z.infer<typeof translationEditBody>;

export const translationItem = z.object({
  id: int,
  key: z.string(),
  language_code: z.string(),
  device_type_id: int,
  /** as stored: an HTML value is already sanitised; the console shows it as text (escaped) */
  value: z.string(),
  is_html: z.boolean(),
  updated_at: iso,
});
export type TranslationItem = z.infer<typeof translationItem>;

export const TRANSLATION_ROUTES = {
  translationAll: route({
    method: 'GET',
    path: '/translation/all',
    area: 'translations',
    summary: 'The translations of a language (optionally of one device type), by type and key',
    query: translationAllQuery,
    response: listResponse(translationItem),
  }),
  translationAdd: route({
    method: 'POST',
    path: '/translation/add',
    area: 'translations',
    summary: 'Adds a translation (key, language and device type unique together; HTML values sanitised)',
    body: translationAddBody,
    response: envelope(translationItem),
  }),
  translationEdit: route({
    method: 'POST',
    path: '/translation/edit',
    area: 'translations',
    summary: 'Changes a translation (HTML values sanitised)',
    body: translationEditBody,
    response: envelope(translationItem),
  }),
} as const satisfies Record<string, RouteDef>;
