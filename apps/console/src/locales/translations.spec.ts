import { describe, expect, it } from 'vitest';
import { ALL_ROLES, DEVICE_STATUS_KEYS, LANGUAGES, MENU, newUser, SEARCH_FILTERS, type MenuItem } from '@tracker/contract';
import { BUNDLES as ALL, type Tree } from './bundles';

const BUNDLES: Record<string, Tree> = ALL;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const keys = Object.fromEntries(Object.entries(BUNDLES).map(([l, t]) => [l, flatten(t)]));
  const enKeys = [...keys.en!.keys()].sort();

  it('has a bundle for every language of the contract', () => {
    expect(Object.keys(BUNDLES).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const lang of ['de', 'es']) {
    it(`${lang} has exactly the keys of en`, () => {
      const other = [...keys[lang]!.keys()].sort();
      expect(enKeys.filter((k) => !keys[lang]!.has(k)), `missing in ${lang}`).toEqual([]);
      expect(other.filter((k) => !keys.en!.has(k)), `only in ${lang}`).toEqual([]);
    });

    it(`${lang} keeps the placeholders of en and leaves nothing empty`, () => {
      for (const k of enKeys) {
        const v = keys[lang]!.get(k) ?? '';
        expect(v.trim(), `${lang}:${k} is empty`).not.toBe('');
        expect(placeholders(v), `${lang}:${k}`).toEqual(placeholders(keys.en!.get(k)!));
      }
    });
  }

  it('has every literal key the source uses', () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.spec.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const used = new Set<string>();
    for (const src of Object.values(sources)) {
      for (const m of src.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !keys.en!.has(k))).toEqual([]);
  });

  it('has the keys the source builds from contract data', () => {
    const menuKeys = (items: readonly MenuItem[]): string[] => items.flatMap((i) => [i.key, ...menuKeys(i.children ?? [])]);
    const built = [
      ...SEARCH_FILTERS.flatMap((f) => [`search.filter.${f}`, `search.placeholder.${f}`]),
      ...DEVICE_STATUS_KEYS.map((k) => `search.status.${k}`),
      ...ALL_ROLES.map((r) => `roles.${r}`),
      ...menuKeys(MENU).map((k) => `menu.${k}.label`),
      ...Object.keys(newUser.shape).map((f) => `ownersAdd.invalid.${f}`),
      ...LANGUAGES.map((l) => `languages.${l}`),
      ...['valid', 'browser', 'invalid'].flatMap((k) => [`email.${k}.title`, `email.${k}.body`]),
    ];
    expect(built.filter((k) => !keys.en!.has(k))).toEqual([]);
  });

  it('keeps the spec wording of §5, §6 and §8', () => {
    expect(keys.en!.get('access.forbidden')).toBe('401, You are not authorised to view this section');
    expect(keys.en!.get('toast.success')).toBe('Successfull');
    expect(keys.en!.get('toast.error')).toBe('Error');
    expect(keys.en!.get('auth.reset.mismatch')).toBe('Passwords dont match!');
    expect(keys.en!.get('search.noResults')).toBe('No results');
  });
});
