import { z } from 'zod';
import { ErrorCode } from './errors.js';
import { REASON_CODES, type FieldError } from './reasons.js';

/**
 * The api's error answer (every non-2xx JSON answer): `error` the message in the request's language, `code` one of
 * ErrorCode, `errors` the field errors of a validation failure (each a reason or error code, its parameters and the
 * English message), `request_id` the request's id (also in the X-Request-Id header) for a support agent to quote.
 * Its own file, beside errors.ts (the codes and their texts) and reasons.ts (the field errors), so neither imports
 * the other.
 */
export type ErrorBody = { error: string; code: ErrorCode; errors?: FieldError[]; request_id?: string };

const ERROR_CODE_VALUES = Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]];

/** The same as a schema: the OpenAPI document's error answer (components.schemas.Error). */
export const errorBody = z.object({
  error: z.string().describe("the message, in the request's language (Accept-Language: en, de, es)"),
  code: z.enum(ERROR_CODE_VALUES),
  errors: z
    .array(
      z.object({
        field: z.string(),
        code: z.enum([...REASON_CODES, ...ERROR_CODE_VALUES]),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        message: z.string().describe('the English text of the code with its parameters'),
      }),
    )
    .optional()
    .describe('the field errors of a validation failure'),
  request_id: z.string().optional().describe("the request's id (also the X-Request-Id header), for a support agent to quote"),
}) satisfies z.ZodType<ErrorBody>;
