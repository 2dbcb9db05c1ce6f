import type { TFunction } from 'i18next';
import { CARRIER_SIM_STATUSES, IMPORT_COLUMNS, VALUE_RULES, type ValueRuleName } from '@tracker/contract';

const RULE_BY_MESSAGE = new Map<string, ValueRuleName>(
  (Object.entries(VALUE_RULES) as [ValueRuleName, { message: string }][]).map(([name, r]) => [r.message, name]),
);
const COLUMN_NAMES = new Set(Object.values(IMPORT_COLUMNS).flatMap((cols) => cols.map((c) => c.name)));

const UNKNOWN: Record<string, string> = {
  'device type': 'unknownDeviceType',
  operator: 'unknownOperator',
  'white label deployment': 'unknownDeployment',
  server: 'unknownServer',
  'voip central': 'unknownVoipCentral',
};

/**
 * The fixed messages of the import worker and api (stored English text of import errors, notes and failures), each
 * with its key under imports.reasons and the values its text carries.
 */
const REASONS: [RegExp, (m: RegExpExecArray, t: TFunction) => [key: string, values?: Record<string, string>] | null][] = [
  [/^Duplicate entry$/, () => ['duplicate']],
  [/^Duplicate entry: same as line (\d+)$/, (m) => ['duplicateOfLine', { line: m[1]! }]],
  [/^Line is too long \(more than (\d+) characters\)$/, (m) => ['lineTooLong', { max: m[1]! }]],
  [/^Line is not valid UTF-8 text$/, () => ['notUtf8']],
  [/^Line contains NUL bytes$/, () => ['nulBytes']],
  [/^A quoted value is not closed$/, () => ['quoteNotClosed']],
  [/^Unexpected text after a quoted value$/, () => ['textAfterQuote']],
  [/^A quote inside an unquoted value$/, () => ['quoteInValue']],
  [/^Line has (\d+) fields, the header has (\d+)$/, (m) => ['fieldCount', { fields: m[1]!, header: m[2]! }]],
  [/^(\w+) is too long \(at most (\d+) characters\)$/, (m, t) => (COLUMN_NAMES.has(m[1]!) ? ['tooLong', { field: t(`imports.fields.${m[1]}`), max: m[2]! }] : null)],
  [/^(\w+) is required$/, (m, t) => (COLUMN_NAMES.has(m[1]!) ? ['required', { field: t(`imports.fields.${m[1]}`) }] : null)],
  [/^Unknown (device type|operator|white label deployment|server|voip central)$/, (m) => [UNKNOWN[m[1]!]!]],
  [/^No SIM card with this IMSI$/, () => ['noSim']],
  [/^SIM card already in another device$/, () => ['simInUse']],
  [/^Missing column: (.+)$/, (m) => ['missingColumn', { columns: m[1]! }]],
  [/^Column (.+) appears twice in the header$/, (m) => ['columnTwice', { column: m[1]! }]],
  [/^The file has a header but no data rows$/, () => ['noDataRows']],
  [/^The file is empty$/, () => ['fileEmpty']],
  [/^The uploaded file is gone$/, () => ['fileGone']],
  [/^Columns ignored \(not columns of this kind\): (.*)$/, (m) => ['ignoredColumns', { columns: m[1]! }]],
];

/**
 * The import messages the api and the worker write in English (value rules, line problems, duplicates, unknown
 * references, whole-file failures, the ignored-columns note) in the UI language. Any other text is returned as is.
 */
export function localImportMessage(t: TFunction, message: string): string {
  const rule = RULE_BY_MESSAGE.get(message);
  if (rule) return t(`imports.rules.${rule}`, { statuses: CARRIER_SIM_STATUSES.join(', ') });
  const header = /^The header line cannot be read: (.+)$/.exec(message);
  if (header) return t('imports.reasons.headerUnreadable', { reason: localImportMessage(t, header[1]!) });
  for (const [re, to] of REASONS) {
    const m = re.exec(message);
    const found = m ? to(m, t) : null;
    if (found) return t(`imports.reasons.${found[0]}`, found[1] ?? {});
  }
  return message;
}
