import { describe, expect, it } from 'vitest';
import { DEV_TWILIO_ACCOUNT_SID, DEV_TWILIO_AUTH_TOKEN, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('lists every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc' } as NodeJS.ProcessEnv)).toThrow(/NODE_ENV[\s\S]*DATABASE_URL[\s\S]*REDIS_URL[\s\S]*PORT/);
  });
  it('applies defaults', () => {
    const c = loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://y' } as NodeJS.ProcessEnv);
    expect(c.get('PORT')).toBe(3000);
    expect(c.get('SESSION_TTL_MINUTES')).toBe(480);
  });
  it('runs without parallel query by default; takes a number of workers or empty (the server\'s own), nothing else', () => {
    const base = { NODE_ENV: 'development', DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://y' };
    expect(loadConfig(base as NodeJS.ProcessEnv).get('DB_MAX_PARALLEL_WORKERS_PER_GATHER')).toBe('0');
    expect(loadConfig({ ...base, DB_MAX_PARALLEL_WORKERS_PER_GATHER: '2' } as NodeJS.ProcessEnv).get('DB_MAX_PARALLEL_WORKERS_PER_GATHER')).toBe('2');
    expect(loadConfig({ ...base, DB_MAX_PARALLEL_WORKERS_PER_GATHER: '' } as NodeJS.ProcessEnv).get('DB_MAX_PARALLEL_WORKERS_PER_GATHER')).toBe('');
    expect(() => loadConfig({ ...base, DB_MAX_PARALLEL_WORKERS_PER_GATHER: '1; DROP' } as NodeJS.ProcessEnv)).toThrow(/DB_MAX_PARALLEL_WORKERS_PER_GATHER/);
  });
  it('trusts no proxy by default and reads a list of proxies', () => {
    const base = { NODE_ENV: 'development', DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://y' };
    expect(loadConfig(base as NodeJS.ProcessEnv).get('TRUST_PROXY')).toEqual([]);
    const c = loadConfig({ ...base, TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16,loopback,::1 ' } as NodeJS.ProcessEnv);
    expect(c.get('TRUST_PROXY')).toEqual(['10.0.0.5', '10.1.0.0/16', 'loopback', '::1']);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' } as NodeJS.ProcessEnv)).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/33' } as NodeJS.ProcessEnv)).toThrow(/TRUST_PROXY/);
  });
  it('refuses an account limit that one address alone could reach', () => {
    const base = { NODE_ENV: 'development', DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://y' };
    expect(() => loadConfig({ ...base, THROTTLE_PAIR_MAX: '5', THROTTLE_ACCOUNT_MAX: '5' } as NodeJS.ProcessEnv)).toThrow(/THROTTLE_ACCOUNT_MAX/);
  });
});

describe('loadConfig: the SMS gateway', () => {
  const base = { NODE_ENV: 'development', DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://y' };
  it('defaults to fleet-sim outside production', () => {
    const c = loadConfig(base as NodeJS.ProcessEnv);
    expect(c.get('TWILIO_ACCOUNT_SID')).toBe('AC00000000000000000000000000f1ee75');
    expect(c.get('TWILIO_AUTH_TOKEN')).toBe('fleet-sim-auth-token');
    expect(c.get('TWILIO_API_URL')).toBe('http://127.0.0.1:3010');
    expect(c.get('SMS_WEBHOOK_BASE_URL')).toBe('http://127.0.0.1:3000');
    const t = loadConfig({ ...base, NODE_ENV: 'test', TWILIO_API_URL: 'http://127.0.0.1:4444/', SMS_WEBHOOK_BASE_URL: 'http://127.0.0.1:5555/' } as NodeJS.ProcessEnv);
    expect(t.get('TWILIO_API_URL')).toBe('http://127.0.0.1:4444');
    expect(t.get('SMS_WEBHOOK_BASE_URL')).toBe('http://127.0.0.1:5555');
    // empty: the real Twilio
    expect(loadConfig({ ...base, TWILIO_API_URL: '' } as NodeJS.ProcessEnv).get('TWILIO_API_URL')).toBeNull();
  });
  it('requires the account, its secret and the webhook URL in production, and talks to the real Twilio there', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' } as NodeJS.ProcessEnv)).toThrow(
      /TWILIO_ACCOUNT_SID: required in production[\s\S]*TWILIO_AUTH_TOKEN: required in production[\s\S]*SMS_WEBHOOK_BASE_URL: required/,
    );
    const c = loadConfig({
      ...base,
      NODE_ENV: 'production',
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'secret',
      SMS_WEBHOOK_BASE_URL: 'https://backoffice.example.com',
      SMTP_URL: 'smtps://mail.example.com',
      CONSOLE_PUBLIC_URL: 'https://backoffice.example.com/',
    } as NodeJS.ProcessEnv);
    expect(c.get('TWILIO_API_URL')).toBeNull();
    expect(c.get('CONSOLE_PUBLIC_URL')).toBe('https://backoffice.example.com');
    expect(c.get('TWILIO_AUTH_TOKEN')).toBe('secret');
  });
  it('mails go to fleet-sim\'s sink outside production; production needs SMTP_URL and CONSOLE_PUBLIC_URL', () => {
    const dev = loadConfig({ ...base } as NodeJS.ProcessEnv);
    expect(dev.get('SMTP_URL')).toBe('smtp://127.0.0.1:3025');
    expect(dev.get('CONSOLE_PUBLIC_URL')).toBe('http://127.0.0.1:3000');
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' } as NodeJS.ProcessEnv)).toThrow(/SMTP_URL: required in production[\s\S]*CONSOLE_PUBLIC_URL: required/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://x' } as NodeJS.ProcessEnv)).toThrow(/SMTP_URL/);
  });
  it('names a malformed account SID or URL', () => {
    expect(() => loadConfig({ ...base, TWILIO_ACCOUNT_SID: 'AC123' } as NodeJS.ProcessEnv)).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ ...base, TWILIO_API_URL: 'fleet-sim:3010' } as NodeJS.ProcessEnv)).toThrow(/TWILIO_API_URL/);
    expect(() => loadConfig({ ...base, SMS_WEBHOOK_BASE_URL: 'ftp://x' } as NodeJS.ProcessEnv)).toThrow(/SMS_WEBHOOK_BASE_URL/);
  });
});

/** docs/deployment.md "Mode": nothing of development in staging or production. */
describe('loadConfig: the mode', () => {
  const base = { DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://y' };
  const deployment = {
    ...base,
    TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
    TWILIO_AUTH_TOKEN: 'a-real-secret',
    SMS_WEBHOOK_BASE_URL: 'https://backoffice.example.com',
    SMTP_URL: 'smtps://mail.example.com',
    CONSOLE_PUBLIC_URL: 'https://backoffice.example.com',
  };
  it('is required: a process without NODE_ENV does not start', () => {
    expect(() => loadConfig(base as NodeJS.ProcessEnv)).toThrow(/NODE_ENV: required: development, test, staging or production/);
    expect(() => loadConfig({ ...base, NODE_ENV: 'prod' } as NodeJS.ProcessEnv)).toThrow(/NODE_ENV/);
  });
  it('gives the development defaults (fleet-sim\'s public token) only in development and test', () => {
    for (const mode of ['development', 'test']) {
      const c = loadConfig({ ...base, NODE_ENV: mode } as NodeJS.ProcessEnv);
      expect(c.get('TWILIO_AUTH_TOKEN')).toBe(DEV_TWILIO_AUTH_TOKEN);
      expect(c.development).toBe(true);
    }
    // staging used to take them (any mode but production): forged webhooks signed with the public token passed
    expect(() => loadConfig({ ...base, NODE_ENV: 'staging' } as NodeJS.ProcessEnv)).toThrow(
      /TWILIO_ACCOUNT_SID: required in staging[\s\S]*TWILIO_AUTH_TOKEN: required in staging[\s\S]*SMS_WEBHOOK_BASE_URL: required in staging[\s\S]*SMTP_URL: required in staging[\s\S]*CONSOLE_PUBLIC_URL: required in staging/,
    );
    const staging = loadConfig({ ...deployment, NODE_ENV: 'staging' } as NodeJS.ProcessEnv);
    expect(staging.development).toBe(false);
    expect(staging.get('TWILIO_API_URL')).toBeNull();
  });
  it('refuses the public development token and account in staging and production', () => {
    for (const mode of ['staging', 'production']) {
      expect(() => loadConfig({ ...deployment, NODE_ENV: mode, TWILIO_AUTH_TOKEN: DEV_TWILIO_AUTH_TOKEN } as NodeJS.ProcessEnv)).toThrow(
        new RegExp(`TWILIO_AUTH_TOKEN: the public development token \\(fleet-sim's\\) is refused in ${mode}`),
      );
      expect(() => loadConfig({ ...deployment, NODE_ENV: mode, TWILIO_ACCOUNT_SID: DEV_TWILIO_ACCOUNT_SID } as NodeJS.ProcessEnv)).toThrow(
        /TWILIO_ACCOUNT_SID: fleet-sim's development account is refused/,
      );
    }
  });
  it('takes them in production only with ALLOW_DEVELOPMENT_SECRETS=1 (benchmarks), never without the secrets', () => {
    const dev = { ...deployment, NODE_ENV: 'production', TWILIO_ACCOUNT_SID: DEV_TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN: DEV_TWILIO_AUTH_TOKEN };
    expect(loadConfig({ ...dev, ALLOW_DEVELOPMENT_SECRETS: '1' } as NodeJS.ProcessEnv).get('TWILIO_AUTH_TOKEN')).toBe(DEV_TWILIO_AUTH_TOKEN);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', ALLOW_DEVELOPMENT_SECRETS: '1' } as NodeJS.ProcessEnv)).toThrow(/TWILIO_AUTH_TOKEN: required in production/);
  });
});
