import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatMac, isMac, macAddress, normalizeMac, wifiLatitude, wifiLatitudeNumber, wifiLongitude, wifiLongitudeNumber } from './wifi.js';
import { decodeCoded } from './reasons.js';

const codeOf = (schema: z.ZodType, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? null : decodeCoded(r.error.issues[0]!.message)?.code;
};

describe('wifi rules (§5)', () => {
  it('accepts six hex pairs with :, - or no separators, one style throughout', () => {
    for (const ok of ['aa:bb:cc:dd:ee:ff', 'AA-BB-CC-DD-EE-FF', 'aabbccddeeff', ' 01:23:45:67:89:Ab ']) expect(isMac(ok), ok).toBe(true);
    for (const bad of ['aa:bb:cc:dd:ee', 'aa:bb-cc:dd:ee:ff', 'gg:bb:cc:dd:ee:ff', 'aabbccddeeff00', 'a:bb:cc:dd:ee:ff', '']) expect(isMac(bad), bad).toBe(false);
  });
  it('stores without separators in upper case and shows with colons', () => {
    expect(normalizeMac('aa-bb-cc-dd-ee-0f')).toBe('AABBCCDDEE0F');
    expect(formatMac('AABBCCDDEE0F')).toBe('AA:BB:CC:DD:EE:0F');
    expect(macAddress.parse('aa:bb:cc:dd:ee:ff')).toBe('AABBCCDDEEFF');
  });
  it('answers the §5 messages', () => {
    expect(codeOf(macAddress, '')).toBe('wifiMacBlank');
    // a blank MAC is only blank, not also badly formed (the api answers one message per field)
    expect(macAddress.safeParse(' ').error?.issues).toHaveLength(1);
    expect(codeOf(macAddress, undefined)).toBe('wifiMacBlank');
    expect(codeOf(macAddress, 'zz')).toBe('wifiMacFormat');
    // in a JSON body: numbers only; empty or null is empty
    expect(wifiLatitudeNumber.parse(-90)).toBe(-90);
    expect(codeOf(wifiLatitudeNumber, '52.5')).toBe('wrongType');
    expect(codeOf(wifiLongitudeNumber, null)).toBe('wifiCoordinatesEmpty');
    expect(codeOf(wifiLongitudeNumber, '')).toBe('wifiCoordinatesEmpty');
    expect(codeOf(wifiLongitudeNumber, 180.5)).toBe('wifiLongitudeRange');
    expect(codeOf(wifiLatitude, 91)).toBe('wifiLatitudeRange');
    expect(codeOf(wifiLatitude, '-90.5')).toBe('wifiLatitudeRange');
    expect(codeOf(wifiLongitude, 181)).toBe('wifiLongitudeRange');
    expect(codeOf(wifiLongitude, '')).toBe('wifiCoordinatesEmpty');
    expect(codeOf(wifiLatitude, undefined)).toBe('wifiCoordinatesEmpty');
    expect(wifiLatitude.parse('52.5')).toBe(52.5);
    expect(wifiLongitude.parse(-180)).toBe(-180);
  });
});
