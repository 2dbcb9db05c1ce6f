import { useTranslation } from 'react-i18next';
import { TRANSLATION_KEY_MAX, TRANSLATION_VALUE_MAX, translationAddBody, translationEditBody, type TranslationItem } from '@tracker/contract';
import { SelectField, TextAreaField, TextField } from '../../../components/Field';
import { FormFooter, Modal } from '../../../components/Modal';
import { useContractForm } from '../../../lib/contract-form';
import { successToast } from '../../../lib/toast';
import { useDeviceTypes, useLanguages, useSaveTranslationMutation } from '../api/admin-data-api';

type Values = { key: string; language_code: string; device_type_id: string; value: string; is_html: boolean };

type Props = { item: TranslationItem | null; language: string; typeId: number | null; onClose: () => void };

/** Add (no item) or edit a translation: key, language, device type, value, HTML flag (the api sanitises HTML). */
export function TranslationModal({ item, language, typeId, onClose }: Props) {
  const { t } = useTranslation();
  const types = useDeviceTypes();
  const languages = useLanguages();
  const save = useSaveTranslationMutation();
  const body = (v: Values) => {
    const b = { key: v.key.trim(), language_code: v.language_code, device_type_id: Number(v.device_type_id), value: v.value, is_html: v.is_html };
    return item ? { ...b, id: item.id } : b;
  };
  const form = useContractForm<Values>(item ? translationEditBody : translationAddBody, {
    initial: {
      key: item?.key ?? '',
      language_code: item?.language_code ?? language,
      device_type_id: String(item?.device_type_id ?? typeId ?? types.data?.[0]?.id ?? ''),
      value: item?.value ?? '',
      is_html: item?.is_html ?? false,
    },
    body,
  });
  const submit = form.submit(async (_, v) => {
    const saved = await save.mutateAsync(body(v));
    successToast(t(item ? 'adminData.translations.saved' : 'adminData.translations.added', { key: saved.key }));
    onClose();
  });
  const { values, errors } = form;

  return (
    <Modal
      open
      size="wide"
      title={t(item ? 'adminData.translations.editTitle' : 'adminData.translations.addTitle')}
      onClose={onClose}
      onSubmit={submit}
      footer={<FormFooter onCancel={onClose} submit={t('adminData.save')} pending={save.isPending} />}
    >
      <TextField label={t('adminData.translations.key')} value={values.key} maxLength={TRANSLATION_KEY_MAX} error={errors.key} onChange={(e) => form.set('key', e.target.value)} data-autofocus />
      <SelectField label={t('adminData.translations.language')} value={values.language_code} error={errors.language_code} onChange={(e) => form.set('language_code', e.target.value)}>
        {(languages.data ?? []).map((l) => (
          <option key={l.language_code} value={l.language_code}>
            {l.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('adminData.deviceType')} value={values.device_type_id} error={errors.device_type_id} onChange={(e) => form.set('device_type_id', e.target.value)}>
        {(types.data ?? []).map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </SelectField>
      <TextAreaField label={t('adminData.translations.value')} rows={6} value={values.value} maxLength={TRANSLATION_VALUE_MAX} error={errors.value} onChange={(e) => form.set('value', e.target.value)} />
      <div className="field field--checkbox">
        <input id="tr-html" type="checkbox" checked={values.is_html} onChange={(e) => form.set('is_html', e.target.checked)} />
        <label htmlFor="tr-html">{t('adminData.translations.isHtml')}</label>
      </div>
      {values.is_html ? <p className="field__hint">{t('adminData.translations.htmlHint')}</p> : null}
    </Modal>
  );
}
