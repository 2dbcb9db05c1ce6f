import { describe, expect, it } from 'vitest';
import { DAILY_FIGURES, SMS_COUNTER_FIGURES, SMS_FIGURES } from '@tracker/contract';
import { BUNDLES, type Tree } from '../../locales/bundles';

// The SMS figures (contract SMS_FIGURES, docs/statistics.md "SMS figures") read the same on the traffic page, a
// campaign's progress (sms.figures.*) and the daily report (dailyReport.figures.sms_*), in every language.
const at = (tree: Tree, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], tree);

describe('SMS figures', () => {
  it.each(['en', 'de', 'es'] as const)('have one name each in %s, the daily report saying the same words', (lng) => {
    const names = SMS_FIGURES.map((f) => at(BUNDLES[lng], `sms.figures.${f}`));
    expect(names.every((n) => typeof n === 'string' && n.length > 0), lng).toBe(true);
    expect(new Set(names).size).toBe(SMS_FIGURES.length);
    for (const f of SMS_COUNTER_FIGURES) {
      expect(DAILY_FIGURES).toContain(`sms_${f}`);
      expect(at(BUNDLES[lng], `dailyReport.figures.sms_${f}`), `${lng} ${f}`).toBe(`SMS: ${String(at(BUNDLES[lng], `sms.figures.${f}`))}`);
    }
  });

  it('never call a reply "received"', () => {
    expect(at(BUNDLES.en, 'sms.figures.received')).toBe('Received by the device');
    expect(at(BUNDLES.en, 'sms.figures.replies')).toBe('Replies from the devices');
  });
});
