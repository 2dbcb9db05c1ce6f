import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ERROR_STATUS, ErrorCode, errorMessage, fieldError, pickLanguage, type ErrorBody } from '@tracker/contract';
import type { Logger } from 'pino';
import { DomainError } from './errors.js';
import { loggableUrl } from './redact.js';

type Res = { status(n: number): Res; json(b: unknown): void; setHeader(k: string, v: string): void; headersSent: boolean };
type Req = { requestId?: string; headers: Record<string, string | undefined>; method: string; originalUrl?: string; url: string; route?: { path?: unknown }; baseUrl?: string };

const STATUS_CODE: Record<number, ErrorCode> = {
  400: ErrorCode.ValidationFailed,
  401: ErrorCode.Unauthenticated,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  409: ErrorCode.Duplicate,
  413: ErrorCode.PayloadTooLarge,
  429: ErrorCode.Throttled,
};

/** Maps every failure to `{ error, code, errors? }` with the status of its code, in the request's language. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly log: Logger) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const http = host.switchToHttp();
    const res = http.getResponse<Res>();
    const req = http.getRequest<Req>();
    if (res.headersSent) return;
    const lang = pickLanguage(req.headers['accept-language']);
    let code: ErrorCode = ErrorCode.Internal;
    let body: ErrorBody;
    if (exception instanceof DomainError) {
      code = exception.code;
      for (const [k, v] of Object.entries(exception.headers ?? {})) res.setHeader(k, v);
      // field errors carry their code and params (the console says them in its language) and an English message
      const errors = exception.errors;
      body = { error: errorMessage(code, lang), code, ...(errors ? { errors } : {}) };
    } else {
      const status =
        exception instanceof HttpException
          ? exception.getStatus()
          : typeof (exception as { status?: unknown })?.status === 'number'
            ? (exception as { status: number }).status
            : 500;
      code = STATUS_CODE[status] ?? ErrorCode.Internal;
      body = { error: errorMessage(code, lang), code };
      // body-parser: malformed JSON is the client's fault; say so
      if ((exception as { type?: string })?.type === 'entity.parse.failed') {
        body.errors = [fieldError('body', 'malformedJson')];
      }
      if (code === ErrorCode.Internal) {
        // the route's template, never the URL itself: a query string or path may carry a token, a reset id or a search
        this.log.error({ err: exception, method: req.method, route: loggableUrl(req) }, 'unhandled error');
      }
    }
    if (req.requestId) body.request_id = req.requestId;
    res.status(ERROR_STATUS[code]).json(body);
  }
}
