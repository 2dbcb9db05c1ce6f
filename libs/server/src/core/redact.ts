/** Keys whose values never reach the audit trail. */
const SECRET_KEYS = new Set(['password', 'current', 'repeat', 'code', 'token', 'secret', 'otpauthUri', 'password_hash']);

export function redactSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => redactSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEYS.has(k) ? '[redacted]' : redactSecrets(v, depth + 1);
  }
  return out;
}

/** A path segment that may be a secret or a personal id (reset-link uuid, token, long number): never logged. */
const SECRET_SEGMENT = /^[A-Za-z0-9._~+=-]{12,}$/;

/**
 * What the logs say about a request's URL: the route's template when it matched one (`/api/backoffice/
 * forgotpassword/:uuid`), else the path with id-like segments replaced by `:x`. The query string is never logged
 * (it may hold a search for a person, or a token someone put there).
 */
export function loggableUrl(req: { route?: { path?: unknown }; baseUrl?: string; path?: string; originalUrl?: string; url?: string }): string {
  const template = typeof req.route?.path === 'string' ? `${req.baseUrl ?? ''}${req.route.path}` : undefined;
  if (template) return template;
  const path = (req.originalUrl ?? req.url ?? req.path ?? '').split('?')[0] ?? '';
  return path
    .split('/')
    .map((seg) => (SECRET_SEGMENT.test(seg) || /\d/.test(seg) ? ':x' : seg))
    .join('/')
    .slice(0, 200);
}

/** Database error fields that quote submitted values (`Key (email)=(a@b.c) already exists`): never logged or stored. */
const VALUE_FIELDS = new Set(['detail', 'where', 'hint', 'parameters', 'internalQuery', 'query', 'originalMessage', 'args']);
/** A value quoted in a database message: `(column)=(value)`, `input syntax for type integer: "value"`, `'value'`. */
const QUOTED_VALUES: [RegExp, string][] = [
  [/\(([^()]*)\)=\((?:[^()]|\([^()]*\))*\)/g, '($1)=(…)'],
  [/(for type [\w ]+|value|of relation \S+ violates [\w ]+ constraint[^:]*|input):? "[^"]*"/g, '$1 "…"'],
];

/** A message or stack with the values a database quotes in it replaced by `…`. */
export function withoutValues(s: string): string {
  return QUOTED_VALUES.reduce((t, [re, to]) => t.replace(re, to), s);
}

/**
 * A serialized error (pino's `err`) as the logs may hold it (docs/access.md "Logs"): a database error keeps its
 * SQLSTATE (as `sqlstate`: `code` is a redacted log key), constraint, table and column, never the detail text that
 * quotes the submitted values; any message or stack has such quoted values masked. Nested causes likewise.
 */
export function loggableError(e: unknown, depth = 0): unknown {
  if (e === null || typeof e !== 'object' || depth > 4) return typeof e === 'string' ? withoutValues(e) : e;
  if (Array.isArray(e)) return e.slice(0, 20).map((x) => loggableError(x, depth + 1));
  const src = e as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(src)) {
    if (VALUE_FIELDS.has(k)) continue;
    if (k === 'code' && typeof v === 'string' && /^[0-9A-Z]{5}$/.test(v)) out.sqlstate = v;
    else out[k] = typeof v === 'string' ? withoutValues(v) : loggableError(v, depth + 1);
  }
  return out;
}
