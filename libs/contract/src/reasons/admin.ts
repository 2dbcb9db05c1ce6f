import type { ReasonDef } from './reason-def.js';

/** The reason codes of administration (docs/administration.md). */
export const ADMIN_REASONS = {
  usernameChars: { en: 'Username may hold letters, digits and . _ @ - only' },
  userTypesAll: { en: 'Device types: ALL (-1) cannot be combined with other types' },
  operatorStart: { en: 'Start is the MCC (3 digits) followed by the MNC (2 digits)' },
  operatorStartTaken: { en: 'Another operator already has start {{start}}', params: { start: 'text' } },
  translationEmpty: { en: 'The translation must not be empty' },
  termsKey: { en: 'Terms key may hold letters, digits and . _ - only' },
  gatewayCodeFormat: { en: 'Phone code {{code}} is not a country calling code (+ and 1 to 4 digits)', params: { code: 'text' } },
  gatewayNoCodes: { en: 'Enter at least one phone code' },
  gatewayCodeTaken: { en: 'Phone code {{code}} is already served by gateway {{gateway}}', params: { code: 'text', gateway: 'text' } },
  gatewayUrl: { en: 'Enter the gateway URL with http:// or https://, e.g. https://api.twilio.com' },
} as const satisfies Record<string, ReasonDef>;
