import { describe, expect, it } from 'vitest';
import { LANGUAGES, REASON_CODES, REASONS, reasonParams, reasonText, type ReasonCode } from '@tracker/contract';
import { BUNDLES } from '../locales/bundles';
import { i18n } from './i18n';
import { reasonLabel } from './reasons';

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** A sample value for each parameter kind, so every text can be said. */
const sample = (code: ReasonCode) =>
  Object.fromEntries(
    Object.entries(reasonParams(code)).map(([name, kind]) => [
      name,
      kind === 'number' ? 12 : kind === 'column' ? 'imsi' : kind === 'reason' ? 'quoteNotClosed' : 'notes, iccd',
    ]),
  );

describe('reason codes (libs/contract/src/reasons.ts) in the console', () => {
  it('every code has a text in en, de and es with exactly the parameters the contract declares', () => {
    for (const lng of LANGUAGES) {
      const texts = (BUNDLES[lng] as { reasons: Record<string, string> }).reasons;
      for (const code of REASON_CODES) {
        const text = texts[code];
        expect(text, `${lng} reasons.${code}`).toBeTruthy();
        expect(placeholders(text!), `${lng} reasons.${code}`).toEqual(Object.keys(reasonParams(code)).sort());
      }
      expect(Object.keys(texts).sort(), `${lng}: texts of codes the contract does not declare`).toEqual([...REASON_CODES].sort());
    }
  });

  it('the English texts are the contract English texts (what the api answers and the report writes)', () => {
    const texts = (BUNDLES.en as { reasons: Record<string, string> }).reasons;
    for (const code of REASON_CODES) expect(texts[code], code).toBe(REASONS[code].en);
  });

  it('says a coded reason with its parameters: columns by their label, a nested reason by its text', async () => {
    await i18n.changeLanguage('en');
    for (const code of REASON_CODES) {
      const params = sample(code);
      const expected = reasonText(code, params).replace(/\bimsi\b/, 'IMSI');
      expect(reasonLabel(i18n.t, code, params), code).toBe(expected);
    }
    await i18n.changeLanguage('de');
    expect(reasonLabel(i18n.t, 'headerUnreadable', { reason: 'quoteNotClosed' })).toBe(
      'Die Kopfzeile ist nicht lesbar: Ein Wert in Anführungszeichen ist nicht geschlossen',
    );
    expect(reasonLabel(i18n.t, 'required', { field: 'device_type_id' })).toBe('Gerätetyp ist erforderlich');
    expect(reasonLabel(i18n.t, 'PASSWORD_MISMATCH')).toBe('Passwörter stimmen nicht überein!');
    await i18n.changeLanguage('es');
    expect(reasonLabel(i18n.t, 'duplicateOfLine', { line: 7 })).toBe('Entrada duplicada: igual que la línea 7');
    await i18n.changeLanguage('en');
  });
});
