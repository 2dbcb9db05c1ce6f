import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { localErrorToast, successToast } from '../../../lib/toast';

/**
 * The state of an administration form: field errors (local checks first, then the api's, field by field), and a
 * submit that saves, says so and closes, or marks what the api refused.
 */
export function useAdminForm(onDone: () => void) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const clear = (field: string) => setErrors((e) => (e[field] ? { ...e, [field]: '' } : e));

  async function submit(local: Record<string, string>, save: () => Promise<unknown>, success: string) {
    const found = Object.fromEntries(Object.entries(local).filter(([, v]) => v));
    if (Object.keys(found).length) {
      setErrors(found);
      localErrorToast(t('form.fixErrors'));
      return;
    }
    try {
      await save();
      successToast(success);
      onDone();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors());
    }
  }

  return { errors, clear, submit };
}

/** '1, 2' for a list of ids, with names where a list gives them. */
export function namesOf(ids: readonly number[], rows: readonly { id: number; name: string }[] | undefined): string {
  return ids.map((id) => rows?.find((r) => r.id === id)?.name ?? String(id)).join(', ');
}
