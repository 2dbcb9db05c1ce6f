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

/** The log goes to stdout, or to the file named by LOG_FILE (see config.ts). */
export function createLogger(level: string, name = 'api', file: string | undefined = process.env.LOG_FILE || undefined): Logger {
  const options = { name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return file ? pino(options, pino.destination({ dest: file, sync: true, mkdir: true })) : pino(options);
}
