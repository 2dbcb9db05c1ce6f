import { describe, expect, it } from 'vitest';
import { buildCondition, caseVariants, nextPrefix } from './device-search.repository.js';

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

  it('uses btree ranges for 1-2 characters and trigram ILIKE from 3', () => {
    const short = buildCondition('user_name', { words: ['Li'] });
    expect(short.where[0]).toContain('o.first_name >= $1 AND o.first_name < $2');
    expect(short.where[0]).not.toContain('ILIKE');
    expect(short.params).toHaveLength(16); // 4 spellings x 2 columns x (from, to)
    const mixed = buildCondition('user_name', { words: ['Li', 'Anna'] });
    expect(mixed.where[1]).toBe('(o.first_name ILIKE $17 OR o.last_name ILIKE $17)');
    expect(mixed.params[16]).toBe('%Anna%');
    expect(buildCondition('email', { words: ['a'] })).toMatchObject({ where: ['(o.email >= $1 AND o.email < $2)'], params: ['a', 'b'] });
    expect(buildCondition('email', { words: ['ann'] })).toMatchObject({ where: ['o.email ILIKE $1'], params: ['%ann%'] });
  });
});
