import { describe, expect, it } from 'vitest';
import { optimizeForSize } from './v8-flags.js';

describe('optimizeForSize: the worker in V8 memory-saving mode unless WORKER_OPTIMIZE_FOR_SIZE turns it off', () => {
  it('is on by default and for any other value', () => {
    expect(optimizeForSize({})).toBe(true);
    expect(optimizeForSize({ WORKER_OPTIMIZE_FOR_SIZE: '1' })).toBe(true);
    expect(optimizeForSize({ WORKER_OPTIMIZE_FOR_SIZE: 'true' })).toBe(true);
  });

  it('is off for 0 or false, whatever the case and spaces', () => {
    expect(optimizeForSize({ WORKER_OPTIMIZE_FOR_SIZE: '0' })).toBe(false);
    expect(optimizeForSize({ WORKER_OPTIMIZE_FOR_SIZE: ' False ' })).toBe(false);
  });
});
