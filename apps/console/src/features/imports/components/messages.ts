import type { TFunction } from 'i18next';
import { CARRIER_SIM_STATUSES, IMPORT_COLUMNS, VALUE_RULES, type ValueRuleName } from '@tracker/contract';

const RULE_BY_MESSAGE = new Map<string, ValueRuleName>(
  (Object.entries(VALUE_RULES) as [ValueRuleName, { message: string }][]).map(([name, r]) => [r.message, name]),
);
const COLUMN_NAMES = new Set(Object.values(IMPORT_COLUMNS).flatMap((cols) => cols.map((c) => c.name)));

/**
 * The contract's value messages (English, as the api, the stored import errors and the error report say them) in
 * the UI language: a rule's message, "<column> is required", or the note of ignored header columns. Any other message
 * is returned as it is.
 */
export function localRuleMessage(t: TFunction, message: string): string {
  const rule = RULE_BY_MESSAGE.get(message);
  if (rule) return t(`imports.rules.${rule}`, { statuses: CARRIER_SIM_STATUSES.join(', ') });
  const ignored = /^Columns ignored \(not columns of this kind\): (.*)$/.exec(message);
  if (ignored) return t('imports.rules.ignoredColumns', { columns: ignored[1] });
  const required = /^(\w+) is required$/.exec(message);
  if (required && COLUMN_NAMES.has(required[1]!)) return t('imports.rules.required', { field: t(`imports.fields.${required[1]}`) });
  return message;
}
