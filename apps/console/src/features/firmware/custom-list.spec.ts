import { describe, expect, it } from 'vitest';
import { overLimit, readDeviceList } from './custom-list';

describe('a custom device list as typed or read from a CSV', () => {
  it('splits on commas, semicolons, spaces and lines, keeps digits only, each device once', () => {
    expect(readDeviceList('imei\n"351234567890123";35123-4567890124\r\n 351234567890123 ,,\n')).toEqual(['351234567890123', '351234567890124']);
  });
  it('says when the list holds more than 100 devices', () => {
    expect(overLimit(readDeviceList(Array.from({ length: 100 }, (_, i) => 350000000000000 + i).join(',')))).toBe(false);
    expect(overLimit(readDeviceList(Array.from({ length: 101 }, (_, i) => 350000000000000 + i).join(',')))).toBe(true);
  });
});
