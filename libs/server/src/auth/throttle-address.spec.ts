import { describe, expect, it } from 'vitest';
import { throttleAddress } from './throttle.service.js';

describe('throttleAddress (what the sign-in throttle counts by)', () => {
  it('keeps an IPv4 address, also written IPv4-mapped', () => {
    expect(throttleAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64: one host cannot take a fresh address per attempt', () => {
    const a = throttleAddress('2001:db8:85a3:12:1::1');
    expect(a).toBe('2001:db8:85a3:12::/64');
    expect(throttleAddress('2001:0db8:85a3:0012:ffff:eeee:dddd:cccc')).toBe(a);
    expect(throttleAddress('2001:db8:85a3:13::1')).not.toBe(a);
    expect(throttleAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(throttleAddress('unknown')).toBe('unknown');
  });
});
