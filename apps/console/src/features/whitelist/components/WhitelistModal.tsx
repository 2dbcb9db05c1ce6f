import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeE164, PHONE_MAX, PHONE_MIN, type WhitelistItem } from '@tracker/contract';
import { TextField } from '../../../components/Field';
import { FormFooter, Modal } from '../../../components/Modal';
import { ApiError } from '../../../lib/api-client';
import { localErrorToast, successToast } from '../../../lib/toast';
import { useSaveWhitelistNumberMutation } from '../api/whitelist-api';

type Props = { open: boolean; item: WhitelistItem | null; onClose: () => void };

/** Add (no item) or edit a whitelist number: number (stored in E.164), allowed, comment. */
export function WhitelistModal({ open, item, onClose }: Props) {
  // a fresh form for each opening
  return open ? <WhitelistForm key={item?.id ?? 'new'} item={item} onClose={onClose} /> : null;
}

function WhitelistForm({ item, onClose }: { item: WhitelistItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [number, setNumber] = useState(item?.number ?? '');
  const [allowed, setAllowed] = useState(item?.is_allowed ?? true);
  const [comment, setComment] = useState(item?.comment ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveWhitelistNumberMutation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const e164 = normalizeE164(number);
    if (!e164) {
      setErrors({ number: t('reasons.e164Number', { min: PHONE_MIN, max: PHONE_MAX }) });
      localErrorToast(t('form.fixErrors'));
      return;
    }
    try {
      const saved = await save.mutateAsync({ ...(item ? { id: item.id } : {}), number: e164, is_allowed: allowed, comment: comment.trim() || null });
      successToast(t(item ? 'whitelist.saved' : 'whitelist.added', { number: saved.number }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors());
    }
  }

  const title = item ? t('whitelist.editTitle') : t('whitelist.addTitle');
  return (
    <Modal open title={title} onClose={onClose} onSubmit={submit} footer={<FormFooter onCancel={onClose} submit={t('whitelist.save')} pending={save.isPending} />}>
      <TextField
        label={t('whitelist.number')}
        hint={t('whitelist.numberHint')}
        type="tel"
        autoComplete="off"
        value={number}
        maxLength={30}
        error={errors.number}
        onChange={(e) => {
          setNumber(e.target.value);
          setErrors((x) => ({ ...x, number: '' }));
        }}
        data-autofocus
      />
      <div className="field field--checkbox">
        <input id={`wl-allowed-${item?.id ?? 'new'}`} type="checkbox" checked={allowed} onChange={(e) => setAllowed(e.target.checked)} />
        <label htmlFor={`wl-allowed-${item?.id ?? 'new'}`}>{t('whitelist.allowed')}</label>
      </div>
      <TextField label={t('whitelist.comment')} value={comment} maxLength={200} error={errors.comment} onChange={(e) => setComment(e.target.value)} />
    </Modal>
  );
}
