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
  it('trusts no proxy by default and reads a list of proxies', () => {
    const base = { DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://y' };
    expect(loadConfig(base as NodeJS.ProcessEnv).get('TRUST_PROXY')).toEqual([]);
    const c = loadConfig({ ...base, TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16,loopback,::1 ' } as NodeJS.ProcessEnv);
    expect(c.get('TRUST_PROXY')).toEqual(['10.0.0.5', '10.1.0.0/16', 'loopback', '::1']);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' } as NodeJS.ProcessEnv)).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/33' } as NodeJS.ProcessEnv)).toThrow(/TRUST_PROXY/);
  });
  it('refuses an account limit that one address alone could reach', () => {
    const base = { DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://y' };
    expect(() => loadConfig({ ...base, THROTTLE_PAIR_MAX: '5', THROTTLE_ACCOUNT_MAX: '5' } as NodeJS.ProcessEnv)).toThrow(/THROTTLE_ACCOUNT_MAX/);
  });
});
