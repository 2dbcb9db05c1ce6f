import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { codedIssues, issueFieldError, type FieldError } from '@tracker/contract';
import { ApiError } from './api-client';
import { reasonLabel } from './reasons';
import { localErrorToast, serverErrorToast } from './toast';

/** A form's messages by field; `_` holds a refusal that names no field. Empty or undefined: no message. */
export type FormErrors = Record<string, string | undefined>;

/** Where an error's path (the api's `newUser.email`, `devices.3`; a zod issue's `devices.3`) shows: its form field. */
export type FieldOf = (path: string) => string;

/** The first segment of a path, after a body wrapper (`prefix`) the api names: `newUser.email` -> `email`. */
export const firstSegment =
  (prefix = ''): FieldOf =>
  (path) =>
    (prefix && path.startsWith(`${prefix}.`) ? path.slice(prefix.length + 1) : path).split('.')[0] ?? '';

/**
 * Says a field error in the form's own words (the default is the contract's coded message in the UI language,
 * docs/architecture.md "Reasons and messages"); `input` is what the schema checked.
 */
export type MessageOf = (field: string, error: FieldError, input?: unknown) => string;

/**
 * The messages of a local check with one of the contract's zod schemas, the first per form field: coded issues said
 * in the UI language (`message` says them in the form's own words where it has them).
 */
export function issueErrors(t: TFunction, error: z.ZodError, fieldOf: FieldOf = firstSegment(), message?: MessageOf, input?: unknown): FormErrors {
  const out: FormErrors = {};
  for (const issue of error.issues) {
    const fe = issueFieldError(issue, '_');
    const field = fieldOf(fe.field);
    out[field] ??= message ? message(field, fe, input) : reasonLabel(t, fe.code, fe.params);
  }
  return out;
}

/**
 * The messages of a refused save, the first per form field (already in the UI language: the api client says each
 * field error from its code); a refusal without field errors under `_` (its message).
 */
export function apiErrors(err: unknown, fieldOf: FieldOf = firstSegment()): FormErrors {
  if (!(err instanceof ApiError)) return { _: err instanceof Error ? err.message : String(err) };
  const out: FormErrors = {};
  for (const e of err.errors) out[fieldOf(e.field)] ??= e.message;
  return Object.keys(out).length > 0 ? out : { _: err.message };
}

/** The error toast of a failed save, unless the api client has shown it already (every `apiCall` without `toast: false`). */
export function toastFailure(err: unknown): void {
  if (err instanceof ApiError) {
    if (!err.toasted) serverErrorToast(err.messages, err.requestId);
  } else if (err instanceof Error && err.name !== 'AbortError') serverErrorToast(err.message);
}

const hasMessages = (e: FormErrors) => Object.values(e).some(Boolean);

export type ContractFormOptions<V, S extends z.ZodType> = {
  /** the form's values as it opens (a function is called once) */
  initial: V | (() => V);
  /** the schema's input made of the values (default: the values as they are) */
  body?: (values: V) => z.input<S>;
  /** checks the schema cannot make (a choice it takes as a number, a text the chosen command needs): field -> message */
  check?: (values: V) => FormErrors;
  /** the form field of an error's path (default: the first segment after `prefix`) */
  fieldOf?: FieldOf;
  /** a body wrapper in the api's field paths (`newUser` for POST /user/add) */
  prefix?: string;
  /** a schema issue in the form's own words (default: the contract's coded message) */
  message?: MessageOf;
  /** false when the form says a refusal itself and the call was made with `toast: false` */
  toast?: boolean;
  /** say only the first field of this order that has a message (§5: the firmware upload says the first missing one) */
  firstOf?: readonly string[];
};

/**
 * The one way to write a form in the console (docs/console.md "Forms"): the values, checked before sending with the
 * contract's zod schema of the route's request (`schema`; null for a form whose route has none) and the form's own
 * `check`; the messages of the fields (a field's message goes when it changes); on Submit with a problem the local
 * error toast ("Please correct the marked fields", 2 s) and nothing is sent; a refused save marks the api's field
 * errors at their fields (the api client has toasted the error with its request id; `toastFailure` for a save that
 * does not go through it).
 *
 *   const form = useContractForm(voipSaveBody, { initial: { name: '', phone: '' }, body: (v) => ... });
 *   <Modal onSubmit={form.submit((body) => save.mutateAsync({ body }).then(onClose))}>
 *   <TextField value={form.values.name} error={form.errors.name} onChange={(e) => form.set('name', e.target.value)} />
 */
export function useContractForm<V extends Record<string, unknown>, S extends z.ZodType = z.ZodType>(schema: S | null, o: ContractFormOptions<V, S>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(o.initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [pending, setPending] = useState(false);
  const fieldOf = o.fieldOf ?? firstSegment(o.prefix);

  /** Drops a field's message (the user changed it). */
  const clear = (...fields: string[]) =>
    setErrors((e) => (fields.some((f) => e[f] || (f !== '_' && e._)) ? Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k) && k !== '_')) : e));

  /** Sets one value and drops its message. */
  function set<K extends keyof V>(field: K, value: V[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    clear(String(field));
  }

  /** The schema's output for these values, or the messages of what is wrong with them (the form's own first). */
  function validate(v: V = values): { ok: true; data: z.output<S> } | { ok: false; errors: FormErrors } {
    const own = Object.fromEntries(Object.entries(o.check?.(v) ?? {}).filter(([, m]) => m)) as FormErrors;
    const input = o.body ? o.body(v) : v;
    const parsed = schema ? schema.safeParse(input, { error: codedIssues }) : null;
    const all = parsed && !parsed.success ? { ...issueErrors(t, parsed.error, fieldOf, o.message, input), ...own } : own;
    const first = o.firstOf?.find((f) => all[f]);
    const found = first ? { [first]: all[first] } : all;
    if (hasMessages(found)) return { ok: false, errors: found };
    return { ok: true, data: (parsed?.success ? parsed.data : input) as z.output<S> };
  }

  /** Marks a refused save at its fields and toasts it when nobody has. */
  function fail(err: unknown) {
    setErrors(apiErrors(err, fieldOf));
    if (o.toast !== false) toastFailure(err);
  }

  /**
   * The submit handler: checks (marks the fields and toasts locally on a problem), then `save`s the checked body; a
   * refusal is marked at its fields. Resolves true when saved.
   */
  const submit =
    (save: (data: z.output<S>, values: V) => unknown) =>
    async (e?: FormEvent): Promise<boolean> => {
      e?.preventDefault();
      const checked = validate();
      if (!checked.ok) {
        setErrors(checked.errors);
        localErrorToast(t('form.fixErrors'));
        return false;
      }
      setErrors({});
      setPending(true);
      try {
        await save(checked.data, values);
        return true;
      } catch (err) {
        fail(err);
        return false;
      } finally {
        setPending(false);
      }
    };

  /** Back to `next` (or the initial values) without messages. */
  function reset(next?: V) {
    setValues(next ?? (typeof o.initial === 'function' ? (o.initial as () => V)() : o.initial));
    setErrors({});
  }

  return { values, set, setValues, errors, setErrors, clear, validate, fail, submit, reset, pending };
}
