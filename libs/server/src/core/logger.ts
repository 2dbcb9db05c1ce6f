import { pino, type DestinationStream, type Logger } from 'pino';
import { currentRequestId } from './request-context.js';
import { loggableError } from './redact.js';

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

/** The log goes to stdout, or to the file named by LOG_FILE (see config.ts), or to `stream` (a spec's). */
export function createLogger(
  level: string,
  name = 'api',
  file: string | undefined = process.env.LOG_FILE || undefined,
  stream?: DestinationStream,
): Logger {
  // every line written while the api serves a request carries that request's id (request-context.ts)
  const mixin = () => {
    const reqId = currentRequestId();
    return reqId ? { reqId } : {};
  };
  // an error is logged by its kind, code and constraint, never with the values a database quotes (docs/access.md "Logs")
  const errSerializer = (e: unknown) => loggableError(e instanceof Error ? pino.stdSerializers.err(e) : e);
  const options = { name, level, mixin, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, serializers: { err: errSerializer, e: errSerializer, error: errSerializer } };
  if (stream) return pino(options, stream);
  return file ? pino(options, pino.destination({ dest: file, sync: true, mkdir: true })) : pino(options);
}
