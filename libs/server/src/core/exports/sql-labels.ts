import { REASON_CODES, REASONS, reasonParams, reasonText } from '@tracker/contract';

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** A parameter's text as JavaScript's String() gives it for a JSON value: absent '', null 'null'. */
const paramText = (params: string, name: string) => `CASE WHEN ${params} ? ${literal(name)} THEN coalesce(${params}->>${literal(name)}, 'null') ELSE '' END`;

/** The English text of every code said without parameters (a `reason` parameter names another code). */
function bareReasonSql(x: string): string {
  return `CASE ${x} ${REASON_CODES.map((c) => `WHEN ${literal(c)} THEN ${literal(reasonText(c))}`).join(' ')} ELSE ${x} END`;
}

/**
 * The English text of a stored reason (`code`, `params` jsonb) in SQL, for the exports' COPY path: what
 * `reasonText(storedReason(code, params))` answers in JavaScript (a code this list no longer declares is said as it
 * is; a `reason` parameter as that code's text). The texts come from the contract's REASONS when the statement is
 * built, so nothing is stored in the database. sql-labels.spec (integration) compares both for every code.
 */
export function reasonTextSql(code: string, params: string): string {
  const whens = REASON_CODES.map((c) => {
    const kinds = reasonParams(c);
    const parts = REASONS[c].en.split(/\{\{(\w+)\}\}/);
    const sql = parts.map((p, i) => {
      if (i % 2 === 0) return p ? literal(p) : null;
      const text = paramText(params, p);
      return kinds[p] === 'reason' ? bareReasonSql(`(${text})`) : text;
    });
    const pieces = sql.filter((x): x is string => x !== null);
    return `WHEN ${literal(c)} THEN ${pieces.length ? pieces.join(' || ') : "''"}`;
  });
  return `CASE ${code} ${whens.join(' ')} ELSE ${code} END`;
}
