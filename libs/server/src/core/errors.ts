import { ErrorCode, fieldError, isFieldCode, type FieldError } from '@tracker/contract';

/**
 * A field error written the old way, `{ field, message }` with an English sentence or an ErrorCode as the message.
 * Still accepted so that a service not yet converted keeps working: it becomes a coded field error (the generic
 * `text` code keeps the sentence). Write new ones with `fieldError(field, code, params)`.
 */
export type UncodedFieldError = { field: string; message: string; code?: undefined };

const coded = (e: FieldError | UncodedFieldError): FieldError =>
  e.code !== undefined ? e : isFieldCode(e.message) ? fieldError(e.field, e.message) : fieldError(e.field, 'text', { text: e.message });

/** A failure the client should see: mapped to its status code and localized message by the error filter. */
export class DomainError extends Error {
  readonly errors?: FieldError[];
  constructor(
    readonly code: ErrorCode,
    errors?: (FieldError | UncodedFieldError)[],
    /** extra response headers (e.g. Retry-After) */
    readonly headers?: Record<string, string>,
  ) {
    super(code);
    if (errors) this.errors = errors.map(coded);
  }
}
