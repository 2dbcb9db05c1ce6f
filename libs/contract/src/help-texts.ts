// Help texts (§2 owner profile tooltips, §6 "Role 1 alone may edit help-text tooltips on the owner profile and wifi
// pages", §7 POST /locale/helptext): a short text per locale path (e.g. `owner.profile.testUser`) and language.
import { z } from 'zod';
import { LANGUAGES } from './errors.js';
import { coded } from './reasons.js';
import { listResponse, okResponse } from './schemas.js';
import { route, type RouteDef } from './route-def.js';

const localePath = z
  .string({ error: coded('required') })
  .trim()
  .min(1, coded('required'))
  .max(200)
  .regex(/^[A-Za-z][\w.-]*$/, coded('badFormat'));

export const helpTextQuery = z.object({ localePath });
export const helpTextsQuery = z.object({ prefix: localePath, language: z.enum(LANGUAGES) });
export const helpTextSaveRequest = z.object({
  translateText: z.string().trim().max(2000),
  language: z.enum(LANGUAGES),
});
export type HelpTextSaveRequest = z.infer<typeof helpTextSaveRequest>;
export const helpTextItem = z.object({ locale_path: z.string(), language: z.string(), text: z.string() });
export type HelpTextItem = z.infer<typeof helpTextItem>;

export const HELP_TEXT_ROUTES = {
  helpTexts: route({
    method: 'GET',
    path: '/locale/helptexts',
    area: 'session',
    summary: 'The stored help texts under a locale path prefix in a language (the console falls back to its own text)',
    query: helpTextsQuery,
    response: listResponse(helpTextItem),
  }),
  helpTextSave: route({
    method: 'POST',
    path: '/locale/helptext',
    area: 'translations',
    summary: 'Sets the help text of a locale path in a language (role 1); an empty text removes it',
    query: helpTextQuery,
    body: helpTextSaveRequest,
    response: okResponse,
    mutating: true,
  }),
} as const satisfies Record<string, RouteDef>;
