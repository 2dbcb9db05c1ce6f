import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { localErrorToast } from '../../../lib/toast';
import { issuesByField, serverErrors } from './form';

const sorted = <T extends { devices: number[] }>(x: T) => JSON.stringify({ ...x, devices: [...x.devices].sort((a, b) => a - b) });

/**
 * The state of a list-with-editor tab (contacts, safe zones): the row as loaded (`original`), the edited copy
 * (`draft`), field errors and whether there are unsaved changes; `save` checks the draft with the contract's schema
 * (coded messages in the UI language), sends it, and shows the saved row, or the server's field errors.
 */
export function useEditor<T extends { id?: number | undefined; devices: number[] }>() {
  const [original, setOriginal] = useState<T | null>(null);
  const [draft, setDraft] = useState<T | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dirty = draft !== null && original !== null && sorted(draft) !== sorted(original);

  function open(x: T | null) {
    setOriginal(x);
    setDraft(x);
    setErrors({});
  }

  /** true when saved (the navigation guard then lets the user leave), false when something is wrong (stay). */
  async function save<P>(t: TFunction, parsed: z.ZodSafeParseResult<P>, send: (p: P) => Promise<T>): Promise<boolean> {
    if (!parsed.success) {
      setErrors(issuesByField(t, parsed.error));
      localErrorToast(t('form.fixErrors'));
      return false;
    }
    try {
      open(await send(parsed.data));
      return true;
    } catch (err) {
      setErrors(serverErrors(err));
      return false;
    }
  }

  return { original, draft, setDraft, errors, dirty, open, save };
}
