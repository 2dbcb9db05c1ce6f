import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DefaultSettingItem } from '@tracker/contract';
import { TextField } from '../../../components/Field';
import { FormFooter, Modal } from '../../../components/Modal';
import { successToast } from '../../../lib/toast';
import { useSaveDefault } from '../api/admin-data-api';
import { useFieldErrors } from '../api/field-errors';

type Props = { item: DefaultSettingItem | null; typeId: number; onClose: () => void };

const profilesOf = (s: string) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean).map(Number))];

/** Add (no item) or edit a default setting: number (add only), name, value, synced, editable, profiles. */
export function DefaultSettingModal({ item, typeId, onClose }: Props) {
  const { t } = useTranslation();
  const [no, setNo] = useState(item ? String(item.setting_no) : '');
  const [name, setName] = useState(item?.name ?? '');
  const [value, setValue] = useState(item?.value ?? '');
  const [synced, setSynced] = useState(item?.synced ?? true);
  const [editable, setEditable] = useState(item?.editable ?? true);
  const [profiles, setProfiles] = useState(item?.types.join(', ') ?? '');
  const { errors, attempt } = useFieldErrors();
  const save = useSaveDefault();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const fields = { name: name.trim() || null, value, synced, editable, types: profilesOf(profiles) };
    const saved = await attempt(() => save.mutateAsync(item ? { id: item.id, ...fields } : { device_type_id: typeId, setting_no: Number(no), ...fields }));
    if (!saved) return;
    successToast(t('adminData.defaults.saved', { no: saved.setting_no }));
    onClose();
  }

  return (
    <Modal
      open
      title={t(item ? 'adminData.defaults.editTitle' : 'adminData.defaults.addTitle')}
      onClose={onClose}
      onSubmit={submit}
      footer={<FormFooter onCancel={onClose} submit={t('adminData.save')} pending={save.isPending} />}
    >
      <TextField label={t('adminData.defaults.no')} inputMode="numeric" value={no} disabled={item !== null} error={errors.setting_no} onChange={(e) => setNo(e.target.value)} data-autofocus />
      <TextField label={t('adminData.defaults.name')} value={name} maxLength={100} error={errors.name} onChange={(e) => setName(e.target.value)} />
      <TextField label={t('adminData.defaults.value')} value={value} maxLength={500} error={errors.value} onChange={(e) => setValue(e.target.value)} />
      <div className="field field--checkbox">
        <input id="ds-synced" type="checkbox" checked={synced} onChange={(e) => setSynced(e.target.checked)} />
        <label htmlFor="ds-synced">{t('adminData.defaults.synced')}</label>
      </div>
      <div className="field field--checkbox">
        <input id="ds-editable" type="checkbox" checked={editable} onChange={(e) => setEditable(e.target.checked)} />
        <label htmlFor="ds-editable">{t('adminData.defaults.editable')}</label>
      </div>
      <TextField label={t('adminData.defaults.profiles')} hint={t('adminData.defaults.profilesHint')} value={profiles} maxLength={100} error={errors.types} onChange={(e) => setProfiles(e.target.value)} />
    </Modal>
  );
}
