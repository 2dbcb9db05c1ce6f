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
    expect(short.owners).toEqual({ kind: 'names', nameWhere: expect.stringContaining('n.name >= $1 AND n.name < $2') });
    expect(short.where).toEqual([]);
    expect(short.params).toHaveLength(8); // 4 spellings x (from, to)
    // the longest word picks the names, the others filter the owners
    const mixed = buildCondition('user_name', { words: ['Li', 'Anna'] });
    expect(mixed.owners).toEqual({ kind: 'names', nameWhere: 'n.name ILIKE $1' });
    expect(mixed.params[0]).toBe('%Anna%');
    expect(mixed.where).toHaveLength(1);
    expect(mixed.where[0]).toContain('o.first_name >= $2 AND o.first_name < $3');
    expect(buildCondition('email', { words: ['a'] })).toMatchObject({ where: ['(o.email >= $1 AND o.email < $2)'], params: ['a', 'b'], owners: { kind: 'ordered' } });
    expect(buildCondition('email', { words: ['ann'] })).toMatchObject({ where: ['o.email ILIKE $1'], params: ['%ann%'], owners: { kind: 'matches' } });
  });
});
