import type { LoggerService } from '@nestjs/common';
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

/**
 * Nest's own messages, its errors and warnings (a module that cannot start, such as a refused configuration, or an
 * exception nothing handled), as JSON lines on stderr at their level, like every other log line (docs/operations.md
 * "Logs"), instead of Nest's coloured text with a stack. Given to NestFactory as `logger` by the api and the worker;
 * Nest's informational lines are dropped, as they were. `stream` is a spec's.
 */
export function nestLogger(name: string, stream: DestinationStream = pino.destination({ fd: 2, sync: true })): LoggerService {
  const log = createLogger('warn', name, undefined, stream);
  const write =
    (level: 'error' | 'warn' | 'fatal') =>
    (message: unknown, ...rest: unknown[]) => {
      // Nest passes (message, context), or (message, stack, context) for an error
      const strings = rest.filter((x): x is string => typeof x === 'string');
      const context = strings.at(-1);
      if (message instanceof Error) log[level]({ err: message, context }, message.message);
      else log[level]({ context, ...(strings.length > 1 ? { stack: strings[0] } : {}) }, String(message));
    };
  return { log: () => undefined, error: write('error'), warn: write('warn'), fatal: write('fatal') };
}

/**
 * A process that cannot start (a startup check refused it in its bootstrap hooks, or a dependency failed there): the
 * reason as one JSON line on stderr at level fatal, then exit code 1, instead of Node's uncaught-error print
 * (docs/operations.md "Logs"). Used by the api's and the worker's main.ts around their start. `exit` is a spec's.
 */
export function startupFailed(name: string, err: unknown, stream: DestinationStream = pino.destination({ fd: 2, sync: true }), exit: (code: number) => never = process.exit): never {
  createLogger('fatal', name, undefined, stream).fatal({ err }, err instanceof Error ? err.message : String(err));
  return exit(1);
}
