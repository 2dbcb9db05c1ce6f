import type { ReasonDef } from './reason-def.js';

/** The reason codes of administration data (#11: translations, default settings). */
export const ADMIN_DATA_REASONS = {
  unknownLanguage: { en: 'Unknown language {{language}}', params: { language: 'text' } },
  translationKey: { en: 'A key may hold only letters, digits, dots, dashes and underscores' },
} as const satisfies Record<string, ReasonDef>;
