import { describe, expect, it } from 'vitest';
import { merge, type Tree } from './merge';

describe('merge of translation files', () => {
  it('joins nested keys, throws on a key twice, takes keys named like Object methods', () => {
    const a: Tree = { device: { title: 'Device', valueOf: 'Value of {{name}}' } };
    const b: Tree = { device: { toString: 'x' }, timeline: { title: 'Timeline' } };
    expect(merge(a, b)).toEqual({ device: { title: 'Device', valueOf: 'Value of {{name}}', toString: 'x' }, timeline: { title: 'Timeline' } });
    expect(() => merge(a, { device: { title: 'Again' } })).toThrow('translation key title is defined twice');
  });

  it('returns a copy: changing the bundle never reaches the files', () => {
    const file: Tree = { device: { title: 'Device' } };
    const bundle = merge(file);
    (bundle.device as Tree).title = 'changed';
    expect((file.device as Tree).title).toBe('Device');
  });
});
