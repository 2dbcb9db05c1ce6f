import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('lists every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc' } as NodeJS.ProcessEnv)).toThrow(/DATABASE_URL[\s\S]*REDIS_URL[\s\S]*PORT/);
  });
  it('applies defaults', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://y' } as NodeJS.ProcessEnv);
    expect(c.get('PORT')).toBe(3000);
    expect(c.get('SESSION_TTL_MINUTES')).toBe(480);
  });
});
