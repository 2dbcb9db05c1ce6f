import { describe, expect, it } from 'vitest';
import { CARRIER_SIM_STATUSES, VALUE_RULES } from '@tracker/contract';
import { i18n } from '../../../lib/i18n';
import { localImportMessage } from './messages';

// what the api and the worker write (libs/server/src/imports), one of each
const SERVER_MESSAGES = [
  ...Object.values(VALUE_RULES).map((r) => r.message),
  'Duplicate entry',
  'Duplicate entry: same as line 12',
  'Line is too long (more than 4096 characters)',
  'Line is not valid UTF-8 text',
  'Line contains NUL bytes',
  'A quoted value is not closed',
  'Unexpected text after a quoted value',
  'A quote inside an unquoted value',
  'Line has 3 fields, the header has 4',
  'imsi is too long (at most 15 characters)',
  'imsi is required',
  'Unknown device type',
  'Unknown operator',
  'Unknown white label deployment',
  'No SIM card with this IMSI',
  'SIM card already in another device',
  'Missing column: imsi',
  'Column imsi appears twice in the header',
  'The file has a header but no data rows',
  'The file is empty',
  'The uploaded file is gone',
  'The header line cannot be read: A quoted value is not closed',
  'Columns ignored (not columns of this kind): notes, iccd',
];

describe('import messages in the UI language', () => {
  it('says every server message in English exactly as the server does', async () => {
    await i18n.changeLanguage('en');
    for (const m of SERVER_MESSAGES) {
      const expected = m.replace(/^imsi is/, 'IMSI is');
      expect(localImportMessage(i18n.t, m), m).toBe(expected);
    }
    expect(VALUE_RULES.carrierStatus.message).toContain(CARRIER_SIM_STATUSES.join(', '));
  });

  for (const lang of ['de', 'es']) {
    it(`translates every server message into ${lang}`, async () => {
      await i18n.changeLanguage(lang);
      for (const m of SERVER_MESSAGES) {
        const out = localImportMessage(i18n.t, m);
        expect(out, m).not.toBe(m);
        expect(out, m).not.toMatch(/\{\{|imports\./);
      }
      expect(localImportMessage(i18n.t, 'Something else')).toBe('Something else');
    });
  }
});
