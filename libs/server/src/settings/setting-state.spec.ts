import { describe, expect, it } from 'vitest';
import { settingDisplay, settingTransition, type SettingEvent, type SettingRow } from './setting-state.js';

describe("a device setting's state machine", () => {
  const pending: SettingRow = { value: '3', synced: false };
  const confirmed: SettingRow = { value: '3', synced: true };
  it.each<[string, SettingRow | null, SettingEvent, SettingRow | 'delete' | null]>([
    ['none -> pending on an edit or push', null, { kind: 'set', value: '3' }, { value: '3', synced: false }],
    ['confirmed -> pending on a new value', confirmed, { kind: 'set', value: '4' }, { value: '4', synced: false }],
    ['confirmed -> pending on a push of the same value (sent again)', confirmed, { kind: 'set', value: '3' }, { value: '3', synced: false }],
    ['pending stays pending on the same value', pending, { kind: 'set', value: '3' }, null],
    ['pending -> confirmed by the watch', pending, { kind: 'confirmed', value: '3' }, { value: '3', synced: true }],
    ['a confirmation of an older value leaves a newer edit pending', { value: '4', synced: false }, { kind: 'confirmed', value: '3' }, null],
    ['a confirmation of a setting the console has none of changes nothing', null, { kind: 'confirmed', value: '3' }, null],
    ['confirmed stays confirmed on a repeat', confirmed, { kind: 'confirmed', value: '3' }, null],
    ['unset drops the own value (the default applies)', pending, { kind: 'unset' }, 'delete'],
    ['unset of nothing changes nothing', null, { kind: 'unset' }, null],
  ])('%s', (_name, s, e, expected) => {
    expect(settingTransition(s, e)).toEqual(expected);
  });

  it.each([
    [true, null, 'confirmed'],
    [true, 3, 'confirmed'],
    [false, null, 'pending'],
    [false, 0, 'pending'],
    [false, 1, 'pending'],
    [false, 2, 'pending'],
    [false, 3, 'failed'],
    [false, 4, 'failed'],
  ] as const)('synced %s, last push status %s: %s', (synced, status, display) => {
    expect(settingDisplay(synced, status)).toBe(display);
  });
});
