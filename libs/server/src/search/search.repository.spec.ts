import { describe, expect, it } from 'vitest';
import { caseVariants, nextPrefix } from './search.repository.js';

/** How a search part becomes a condition is checked by its plan on seeded data (apps/api/test/search.spec.ts), not its SQL text. */
describe('short search parts', () => {
  it('spells a part in every letter case', () => {
    expect(caseVariants('li').sort()).toEqual(['LI', 'Li', 'lI', 'li']);
    expect(caseVariants('ö')).toEqual(['ö', 'Ö']);
    expect(caseVariants('1a').sort()).toEqual(['1A', '1a']);
  });

  it('gives the first string after a prefix, by code point', () => {
    expect(nextPrefix('li')).toBe('lj');
    expect(nextPrefix('Ö')).toBe('×');
    expect(nextPrefix('a😀')).toBe('a😁');
  });
});
