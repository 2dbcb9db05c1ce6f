import { useTranslation } from 'react-i18next';
import { normalizeE164, PHONE_MAX, PHONE_MIN, whitelistNumberBody, type WhitelistItem } from '@tracker/contract';
import { TextField } from '../../../components/Field';
import { FormFooter, Modal } from '../../../components/Modal';
import { useContractForm } from '../../../lib/contract-form';
import { successToast } from '../../../lib/toast';
import { useSaveWhitelistNumberMutation } from '../api/whitelist-api';

type Props = { open: boolean; item: WhitelistItem | null; onClose: () => void };

/** Add (no item) or edit a whitelist number: number (stored in E.164), allowed, comment. */
export function WhitelistModal({ open, item, onClose }: Props) {
  // a fresh form for each opening
  return open ? <WhitelistForm key={item?.id ?? 'new'} item={item} onClose={onClose} /> : null;
}

function WhitelistForm({ item, onClose }: { item: WhitelistItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveWhitelistNumberMutation();
  const body = (v: { number: string; is_allowed: boolean; comment: string }) => ({
    ...(item ? { id: item.id } : {}),
    number: normalizeE164(v.number) ?? v.number,
    is_allowed: v.is_allowed,
    comment: v.comment.trim() || null,
  });
  const form = useContractForm(whitelistNumberBody, {
    initial: { number: item?.number ?? '', is_allowed: item?.is_allowed ?? true, comment: item?.comment ?? '' },
    body,
    check: (v) => ({ number: normalizeE164(v.number) ? undefined : t('reasons.e164Number', { min: PHONE_MIN, max: PHONE_MAX }) }),
  });
  const submit = form.submit(async (_, v) => {
    const saved = await save.mutateAsync(body(v));
    successToast(t(item ? 'whitelist.saved' : 'whitelist.added', { number: saved.number }));
    onClose();
  });
  const { values, errors } = form;

  const title = item ? t('whitelist.editTitle') : t('whitelist.addTitle');
  return (
    <Modal open title={title} onClose={onClose} onSubmit={submit} footer={<FormFooter onCancel={onClose} submit={t('whitelist.save')} pending={save.isPending} />}>
      <TextField
        label={t('whitelist.number')}
        hint={t('whitelist.numberHint')}
        type="tel"
        autoComplete="off"
        value={values.number}
        maxLength={30}
        error={errors.number}
        onChange={(e) => form.set('number', e.target.value)}
        data-autofocus
      />
      <div className="field field--checkbox">
        <input id={`wl-allowed-${item?.id ?? 'new'}`} type="checkbox" checked={values.is_allowed} onChange={(e) => form.set('is_allowed', e.target.checked)} />
        <label htmlFor={`wl-allowed-${item?.id ?? 'new'}`}>{t('whitelist.allowed')}</label>
      </div>
      <TextField label={t('whitelist.comment')} value={values.comment} maxLength={200} error={errors.comment} onChange={(e) => form.set('comment', e.target.value)} />
    </Modal>
  );
}
