import type { z } from 'zod';
import {
  buildPath,
  ERROR_MESSAGES,
  ErrorCode,
  isFieldCode,
  REQUEST_ORIGIN_CONSOLE,
  REQUEST_ORIGIN_HEADER,
  type FieldError,
  type ROUTES,
  type RouteName,
  type RouteResponse,
} from '@tracker/contract';
import { currentLanguage, i18n } from './i18n';
import { reasonLabel } from './reasons';
import { clearSession, getSession } from './session';
import { serverErrorToast } from './toast';

export const API_PREFIX = '/api';

/**
 * The route registry (paths, methods, areas and the zod schemas of every call of the contract), loaded with the
 * first call instead of before the sign-in page renders: it is most of the contract's weight (docs/console.md,
 * "Bundle budget"), and the sign-in page shows before any call is made.
 */
let registry: Promise<typeof ROUTES> | null = null;
export const routeRegistry = (): Promise<typeof ROUTES> => (registry ??= import('./route-registry').then((m) => m.ROUTES));

type Def<N extends RouteName> = (typeof ROUTES)[N];
type Input<N extends RouteName, K extends 'query' | 'body' | 'params'> =
  Def<N> extends { [P in K]: infer S extends z.ZodType } ? z.input<S> : never;

/** What a route answers inside `{ model }`. */
export type ModelOf<N extends RouteName> = RouteResponse<N> extends { model: infer M } ? M : never;

export type CallOptions<N extends RouteName> = {
  query?: Input<N, 'query'>;
  body?: Input<N, 'body'>;
  params?: Input<N, 'params'>;
  signal?: AbortSignal;
  /** false when the caller shows the error itself (sign-in steps, reset link check); a 401 still logs out */
  toast?: boolean;
  /**
   * false for the modem-update status polling only (§4 Session, §8: "any 401 logs out, except modem-update status
   * polling"): a 401 there rejects like any error and keeps the session; the next other call or navigation decides.
   */
  logoutOn401?: boolean;
};

/** A failed call: the api's `{ error, code, errors }`, or a network / contract failure found in the browser. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK' | 'BAD_RESPONSE',
    message: string,
    readonly errors: readonly FieldError[] = [],
    /** the api's id of the failed request (X-Request-Id, `request_id`): the error toast shows it for support to quote */
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** the api client has shown this error's toast (a form's `toastFailure` then does not show it again) */
  toasted = false;

  /** §8: a list of messages when the server sent one, otherwise the message. */
  get messages(): string[] {
    return this.errors.length > 0 ? this.errors.map((e) => e.message) : [this.message];
  }

  /** §8 reset failure: "the first error message of the response". */
  get firstMessage(): string {
    return this.errors[0]?.message ?? this.message;
  }

  /** Field messages by field name, without a leading body wrapper (`newUser.email` -> `email`). */
  fieldErrors(prefix = ''): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.errors) {
      const f = prefix && e.field.startsWith(`${prefix}.`) ? e.field.slice(prefix.length + 1) : e.field;
      out[f] ??= e.message;
    }
    return out;
  }
}

const CODES = new Set<string>(Object.values(ErrorCode));

/** A field error of the api's answer, its message said in the UI language from its code and parameters. */
function localFieldError(e: Partial<FieldError>): FieldError {
  const field = String(e.field ?? '');
  const params = e.params && typeof e.params === 'object' ? e.params : undefined;
  if (isFieldCode(e.code)) return { field, code: e.code, ...(params ? { params } : {}), message: reasonLabel(i18n.t, e.code, params) };
  return { field, code: 'text', message: String(e.message ?? '') };
}

type SessionEndListener = () => void;
const sessionEndListeners = new Set<SessionEndListener>();

/** The app registers what else must be forgotten when a session ends (the query cache). */
export function onSessionEnd(l: SessionEndListener): () => void {
  sessionEndListeners.add(l);
  return () => sessionEndListeners.delete(l);
}

/** Forgets the session locally (after logout, a 401 or an expired expDate); route guards then go to /login. */
export function endSession(): void {
  clearSession();
  for (const l of sessionEndListeners) l();
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `?${s}` : '';
}

async function readError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON (a proxy's error page): fall through to the generic message
  }
  const b = (body ?? {}) as { error?: unknown; code?: unknown; errors?: unknown; request_id?: unknown };
  const code = typeof b.code === 'string' && CODES.has(b.code) ? (b.code as ErrorCode) : ErrorCode.Internal;
  const message = typeof b.error === 'string' && b.error ? b.error : ERROR_MESSAGES[currentLanguage()][code];
  const errors = Array.isArray(b.errors)
    ? (b.errors as unknown[])
        .filter((e): e is FieldError => typeof (e as FieldError)?.message === 'string')
        .map(localFieldError)
    : [];
  // the body's id, else the header's (a proxy's error page has no body of ours but may carry the header)
  const requestId = typeof b.request_id === 'string' && b.request_id ? b.request_id : (res.headers.get('x-request-id') ?? undefined);
  return new ApiError(res.status, code, message, errors, requestId);
}

/** The headers of every call (§7): the session's authorization, the request origin and the UI language. */
function callHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    [REQUEST_ORIGIN_HEADER]: REQUEST_ORIGIN_CONSOLE,
    'accept-language': currentLanguage(),
  };
  const session = getSession();
  if (session) headers.authorization = `Bearer ${session.token}`;
  return headers;
}

/** §8: a 401 on a signed-in call ends the session (once) with the server's message. */
function sessionLost(err: ApiError): ApiError {
  if (getSession()) {
    endSession();
    serverErrorToast(err.message, err.requestId);
    err.toasted = true;
  }
  return err;
}

/** Shows a failed call's toast (§8: its messages, with the request's id when known) when the caller wants it. */
function toasted(err: ApiError, show: boolean): ApiError {
  if (show) {
    serverErrorToast(err.messages, err.requestId);
    err.toasted = true;
  }
  return err;
}

/**
 * Calls one route of the contract's registry: adds the authorization, request-origin and accept-language headers,
 * checks the answer against the route's response schema, toasts failures (§8) and logs out on 401 (never on 403).
 * Returns the `model` of the answer.
 */
export async function apiCall<N extends RouteName>(name: N, options: CallOptions<N> = {}): Promise<ModelOf<N>> {
  const def: Def<N> = (await routeRegistry())[name];
  const path = buildPath(def.path, (options.params ?? {}) as Record<string, string | number>);
  const url = `${API_PREFIX}${path}${queryString(options.query)}`;
  const headers = callHeaders();
  const init: RequestInit = { method: def.method, headers, signal: options.signal };
  if (def.method !== 'GET') {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body ?? {});
  }
  const showToast = options.toast !== false;

  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (e) {
    if (options.signal?.aborted) throw e;
    throw toasted(new ApiError(0, 'NETWORK', i18n.t('errors.network')), showToast);
  }

  if (!res.ok) {
    const err = await readError(res);
    // public calls (wrong password, wrong code) answer 401 too: those are messages, not a lost session
    if (res.status === 401 && def.area !== 'public' && options.logoutOn401 !== false) throw sessionLost(err);
    throw toasted(err, showToast);
  }

  let json: unknown;
  try {
    json = await res.json();
  } catch (e) {
    // aborted while the body was read (the page moved on): not a bad answer, and nothing to tell the user
    if (options.signal?.aborted) throw e;
    json = undefined;
  }
  const parsed = def.response.safeParse(json);
  if (!parsed.success) {
    console.error(`Response of ${def.method} ${def.path} does not match the contract`, parsed.error);
    throw toasted(new ApiError(res.status, 'BAD_RESPONSE', i18n.t('errors.badResponse')), showToast);
  }
  return (parsed.data as { model: ModelOf<N> }).model;
}

/**
 * Multipart upload of a file with form fields (the registry's calls speak JSON): the same headers, the same error
 * body and the same 401 rule as `apiCall`. Rejects with an ApiError; the caller says what failed.
 */
export async function uploadFile<T>(path: string, file: File, fields: Record<string, string | number | undefined> = {}): Promise<T> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== '') form.set(k, String(v));
  form.set('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(`${API_PREFIX}${path}`, { method: 'POST', headers: callHeaders(), body: form });
  } catch {
    throw new ApiError(0, 'NETWORK', i18n.t('errors.network'));
  }
  if (!res.ok) {
    const err = await readError(res);
    throw res.status === 401 ? sessionLost(err) : err;
  }
  return (await res.json()) as T;
}

/** A file answer with the session headers; null after a failure, which is toasted (a 401 ends the session). */
async function fetchFile(path: string): Promise<Response | null> {
  let res: Response;
  try {
    res = await fetch(`${API_PREFIX}${path}`, { headers: callHeaders() });
  } catch {
    serverErrorToast(i18n.t('errors.network'));
    return null;
  }
  if (!res.ok) {
    const err = await readError(res);
    if (res.status === 401) sessionLost(err);
    else serverErrorToast(err.messages, err.requestId);
    return null;
  }
  return res;
}

/**
 * A file answer as a blob (what an `<audio>` plays through an object URL: media elements cannot send the session
 * header). Null after a failure, which is toasted as `downloadFile` does.
 */
export async function fetchBlob(path: string): Promise<Blob | null> {
  const res = await fetchFile(path);
  return res ? res.blob() : null;
}

/**
 * Fetches a file answer (CSV, log, help file) with the session headers and hands it to the browser as a download
 * under the server's file name (RFC 6266 `filename*` first). Never rejects: a failure is toasted (a 401 ends the
 * session) and the answer is false.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<boolean> {
  const res = await fetchFile(path);
  if (!res) return false;
  const disposition = res.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  let name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  if (utf8) {
    try {
      name = decodeURIComponent(utf8);
    } catch {
      // keep the ASCII name
    }
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
