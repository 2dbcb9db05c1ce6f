import type { TFunction } from 'i18next';
import {
  ERROR_MESSAGES,
  isErrorCode,
  isFieldCode,
  isReasonCode,
  reasonParams,
  type FieldCode,
  type ReasonParams,
  type SmsItem,
} from '@tracker/contract';
import { currentLanguage } from './i18n';

/**
 * A coded reason or field message (libs/contract/src/reasons.ts) in the UI language: the text of `reasons.<code>`
 * with its parameters. A `column` parameter is shown as the import screens' label of that column (its name when
 * there is none), a `reason` parameter as that reason's text. An ErrorCode says its error message.
 */
export function reasonLabel(t: TFunction, code: FieldCode, params: ReasonParams | null | undefined = {}): string {
  if (isErrorCode(code)) return ERROR_MESSAGES[currentLanguage()][code];
  if (!isReasonCode(code)) return String(code);
  const kinds = reasonParams(code);
  const values: Record<string, string | number> = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const v = params?.[name];
    if (v === undefined) continue;
    if (kind === 'column') values[name] = t(`imports.fields.${v}`, { defaultValue: String(v) });
    else if (kind === 'reason' && isReasonCode(v)) values[name] = reasonLabel(t, v);
    else values[name] = v;
  }
  return t(`reasons.${code}`, values);
}

/** Why a message failed (an SMS of the pipeline, a setting's or a contact's push), in the UI language when it carries a code (the English `error` otherwise). */
export function smsErrorText(t: TFunction, m: Pick<SmsItem, 'error' | 'error_code' | 'error_params'>): string | null {
  if (m.error_code && isFieldCode(m.error_code)) return reasonLabel(t, m.error_code, m.error_params);
  return m.error ?? m.error_code;
}
