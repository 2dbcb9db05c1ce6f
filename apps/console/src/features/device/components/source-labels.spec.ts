import { describe, expect, it } from 'vitest';
import { LOCATION_SOURCES } from '@tracker/contract';
import { i18n } from '../../../lib/i18n';

describe('§4 location sources', () => {
  it('labels 2-6 and 8 as §4 says (third-party positioning providers), never as Wifi or Cell, in en, de and es', async () => {
    await i18n.loadLanguages(['de', 'es']); // German and Spanish are loaded on demand
    const expected = {
      en: 'Third-party positioning provider',
      de: 'Ortungsdienst eines Drittanbieters',
      es: 'Proveedor externo de posicionamiento',
    } as const;
    for (const lng of ['en', 'de', 'es'] as const) {
      const t = i18n.getFixedT(lng);
      for (const n of [6, 8]) {
        const label = t(`device.source.${LOCATION_SOURCES[n]}`);
        expect(label, `${lng} ${n}`).toBe(`${expected[lng]} (${n})`);
        expect(label).not.toMatch(/wifi|cell|celda/i);
      }
      expect(t(`device.source.${LOCATION_SOURCES[7]}`)).not.toBe(`device.source.${LOCATION_SOURCES[7]}`);
    }
  });
});
