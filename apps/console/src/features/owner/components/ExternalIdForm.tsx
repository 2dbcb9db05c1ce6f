import { useTranslation } from 'react-i18next';
import { externalIdRequest } from '@tracker/contract';
import { TextField } from '../../../components/Field';
import { useContractForm } from '../../../lib/contract-form';
import { successToast } from '../../../lib/toast';
import { useExternalIdMutation } from '../api/owner';

/** The owner's external id (`POST /user/update/externalid`): an empty field clears it. */
export function ExternalIdForm({ id, value }: { id: number; value: string | null }) {
  const { t } = useTranslation();
  const save = useExternalIdMutation(id);
  const form = useContractForm(externalIdRequest, {
    initial: { external_id: value ?? '' },
    body: (v) => ({ external_id: v.external_id.trim() === '' ? null : v.external_id.trim() }),
  });
  const onSubmit = form.submit(async ({ external_id }) => {
    await save.mutateAsync(external_id);
    successToast(t('ownerWs.profile.saved'));
  });
  return (
    <form className="owner-inline-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <TextField
        label={t('ownerWs.profile.externalId')}
        value={form.values.external_id}
        error={form.errors.external_id}
        maxLength={100}
        onChange={(e) => form.set('external_id', e.target.value)}
      />
      <button type="submit" className="btn" disabled={save.isPending}>
        {t('common.save')}
      </button>
    </form>
  );
}
