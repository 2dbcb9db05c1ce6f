import { pino, type Logger } from 'pino';

/** Keys whose values never reach the logs. */
export const REDACT_PATHS = [
  'password',
  'current',
  'repeat',
  'code',
  'token',
  'totp_secret',
  'secret',
  '*.password',
  '*.current',
  '*.repeat',
  '*.code',
  '*.token',
  '*.secret',
  'req.headers.authorization',
  'headers.authorization',
];

export function createLogger(level: string, name = 'api'): Logger {
  return pino({ name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } });
}
