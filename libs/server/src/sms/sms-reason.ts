import { reason, reasonText, storedReason, type Reason, type ReasonCode, type ReasonParams } from '@tracker/contract';

/** A stored SMS reason (`error_code`, `error_params`) as answered: the code, its parameters and the English text. */
export function errorOf(code: string | null, params: ReasonParams | null): { error: string | null; error_code: string | null; error_params: ReasonParams | null } {
  if (!code) return { error: null, error_code: null, error_params: null };
  const r = storedReason(code, params);
  return { error: reasonText(r.code, r.params), error_code: code, error_params: params };
}

/** The reason a pipeline step stores: a declared code with only its declared parameters. */
export const smsReason = (code: ReasonCode, params: ReasonParams = {}): Reason => reason(code, params);
