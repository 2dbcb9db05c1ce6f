import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';

/**
 * The field errors of a form's last save: `attempt(save)` runs it and answers its result, or, when the api refused
 * it, shows the refusal at its fields (the error toast is the api client's) and answers undefined.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function attempt<T>(save: () => Promise<T>): Promise<T | undefined> {
    try {
      const saved = await save();
      setErrors({});
      return saved;
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors());
      return undefined;
    }
  }
  return { errors, attempt };
}
