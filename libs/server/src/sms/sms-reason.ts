import { reason, reasonText, storedReason, type Reason, type ReasonCode, type ReasonParams } from '@tracker/contract';

/** A stored SMS reason (`error_code`, `error_params`) as answered: the code, its parameters and the English text. */
export function errorOf(code: string | null, params: ReasonParams | null): { error: string | null; error_code: string | null; error_params: ReasonParams | null } {
  if (!code) return { error: null, error_code: null, error_params: null };
  const r = storedReason(code, params);
  return { error: reasonText(r.code, r.params), error_code: code, error_params: params };
}

/** The columns of a row's latest push (an outbound SMS: id, status, created, stored reason), as SQL selects them. */
export type PushColumns = { push_id: number | null; push_status: number | null; push_created: string | null; push_error: string | null; push_params: ReasonParams | null };

/**
 * The `last_push` of an answer (a setting's, a contact push's, the wearer profile's) from a row's `push_*` columns,
 * and the rest of the row.
 */
export function withLastPush<R extends PushColumns>(row: R) {
  const { push_id, push_status, push_created, push_error, push_params, ...rest } = row;
  const last_push = push_id === null ? null : { sms_id: push_id, status: push_status ?? 0, created: push_created ?? '', ...errorOf(push_error, push_params) };
  return { ...rest, last_push };
}

/** The reason a pipeline step stores: a declared code with only its declared parameters. */
export const smsReason = (code: ReasonCode, params: ReasonParams = {}): Reason => reason(code, params);
