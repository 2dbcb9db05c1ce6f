import { describe, expect, it } from 'vitest';
import { parseImeis, validImei } from './imeis';

describe('IMEIs from text or CSV', () => {
  it('keeps the digits of each entry, drops entries without any, keeps order and duplicates', () => {
    expect(parseImeis('imei\r\n"350000000000001"\n350-000-000-000-002;350000000000001\t \n\n')).toEqual(['350000000000001', '350000000000002', '350000000000001']);
    expect(parseImeis('a, b ,c')).toEqual([]);
  });
  it('says which are IMEIs the api takes', () => {
    expect(validImei('350000000000001')).toBe(true);
    expect(validImei('35000000000001')).toBe(false);
  });
});
