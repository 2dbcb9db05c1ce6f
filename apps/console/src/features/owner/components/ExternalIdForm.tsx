import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/Field';
import { ApiError } from '../../../lib/api-client';
import { successToast } from '../../../lib/toast';
import { useExternalIdMutation } from '../api/owner';

/** The owner's external id (`POST /user/update/externalid`): an empty field clears it. */
export function ExternalIdForm({ id, value }: { id: number; value: string | null }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  const [error, setError] = useState<string>();
  const save = useExternalIdMutation(id);
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    save.mutate(text.trim() === '' ? null : text.trim(), {
      onSuccess: () => successToast(t('ownerWs.profile.saved')),
      onError: (err) => setError(err instanceof ApiError ? err.fieldErrors().external_id : undefined),
    });
  }
  return (
    <form className="owner-inline-form" onSubmit={onSubmit} noValidate>
      <TextField label={t('ownerWs.profile.externalId')} value={text} error={error} maxLength={100} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="btn" disabled={save.isPending}>
        {t('common.save')}
      </button>
    </form>
  );
}
