import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The header a request id comes in (from a proxy or a client) and goes back out in. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What a caller's own request id may be: up to 128 letters, digits and `._:-` (anything else: a new one). */
const ACCEPTED = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request a piece of code runs for (the api's request id), for the log lines written while serving it. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** The request's id: the caller's X-Request-Id when it looks like one (a proxy's), else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER.toLowerCase()];
  const v = Array.isArray(given) ? given[0] : given;
  return v && ACCEPTED.test(v) ? v : randomUUID();
}

/**
 * Express middleware, first of the api's: gives each request its id (`requestIdOf`), answers it in X-Request-Id,
 * keeps it on the request (`req.requestId`, for the error body) and runs the rest of the request inside
 * `requestContext`, so every log line written meanwhile carries it as `reqId` (logger.ts).
 */
export function requestIds() {
  return (req: IncomingMessage & { requestId?: string }, res: ServerResponse, next: () => void) => {
    const id = requestIdOf(req);
    req.requestId = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    requestContext.run({ requestId: id }, next);
  };
}
