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
