import { useTranslation } from 'react-i18next';
import { defaultSettingAddBody, defaultSettingEditBody, type DefaultSettingItem } from '@tracker/contract';
import { TextField } from '../../../components/Field';
import { FormFooter, Modal } from '../../../components/Modal';
import { useContractForm } from '../../../lib/contract-form';
import { successToast } from '../../../lib/toast';
import { useSaveDefaultMutation } from '../api/admin-data-api';

type Props = { item: DefaultSettingItem | null; typeId: number; onClose: () => void };

const profilesOf = (s: string) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean).map(Number))];

type Values = { setting_no: string; name: string; value: string; synced: boolean; editable: boolean; types: string };

/** Add (no item) or edit a default setting: number (add only), name, value, synced, editable, profiles. */
export function DefaultSettingModal({ item, typeId, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveDefaultMutation();
  const body = (v: Values) => {
    const fields = { name: v.name.trim() || null, value: v.value, synced: v.synced, editable: v.editable, types: profilesOf(v.types) };
    return item ? { id: item.id, ...fields } : { device_type_id: typeId, setting_no: Number(v.setting_no), ...fields };
  };
  const form = useContractForm<Values>(item ? defaultSettingEditBody : defaultSettingAddBody, {
    initial: {
      setting_no: item ? String(item.setting_no) : '',
      name: item?.name ?? '',
      value: item?.value ?? '',
      synced: item?.synced ?? true,
      editable: item?.editable ?? true,
      types: item?.types.join(', ') ?? '',
    },
    body,
  });
  const submit = form.submit(async (_, v) => {
    const saved = await save.mutateAsync(body(v));
    successToast(t('adminData.defaults.saved', { no: saved.setting_no }));
    onClose();
  });
  const { values, errors } = form;

  return (
    <Modal
      open
      title={t(item ? 'adminData.defaults.editTitle' : 'adminData.defaults.addTitle')}
      onClose={onClose}
      onSubmit={submit}
      footer={<FormFooter onCancel={onClose} submit={t('adminData.save')} pending={save.isPending} />}
    >
      <TextField label={t('adminData.defaults.no')} inputMode="numeric" value={values.setting_no} disabled={item !== null} error={errors.setting_no} onChange={(e) => form.set('setting_no', e.target.value)} data-autofocus />
      <TextField label={t('adminData.defaults.name')} value={values.name} maxLength={100} error={errors.name} onChange={(e) => form.set('name', e.target.value)} />
      <TextField label={t('adminData.defaults.value')} value={values.value} maxLength={500} error={errors.value} onChange={(e) => form.set('value', e.target.value)} />
      <div className="field field--checkbox">
        <input id="ds-synced" type="checkbox" checked={values.synced} onChange={(e) => form.set('synced', e.target.checked)} />
        <label htmlFor="ds-synced">{t('adminData.defaults.synced')}</label>
      </div>
      <div className="field field--checkbox">
        <input id="ds-editable" type="checkbox" checked={values.editable} onChange={(e) => form.set('editable', e.target.checked)} />
        <label htmlFor="ds-editable">{t('adminData.defaults.editable')}</label>
      </div>
      <TextField label={t('adminData.defaults.profiles')} hint={t('adminData.defaults.profilesHint')} value={values.types} maxLength={100} error={errors.types} onChange={(e) => form.set('types', e.target.value)} />
    </Modal>
  );
}
