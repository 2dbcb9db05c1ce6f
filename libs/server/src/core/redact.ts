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
