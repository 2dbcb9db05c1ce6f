import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSLATION_KEY_MAX, TRANSLATION_VALUE_MAX, type TranslationItem } from '@tracker/contract';
import { SelectField, TextAreaField, TextField } from '../../../components/Field';
import { FormFooter, Modal } from '../../../components/Modal';
import { successToast } from '../../../lib/toast';
import { useDeviceTypes, useLanguages, useSaveTranslation } from '../api/admin-data-api';
import { useFieldErrors } from '../api/field-errors';

type Props = { item: TranslationItem | null; language: string; typeId: number | null; onClose: () => void };

/** Add (no item) or edit a translation: key, language, device type, value, HTML flag (the api sanitises HTML). */
export function TranslationModal({ item, language, typeId, onClose }: Props) {
  const { t } = useTranslation();
  const types = useDeviceTypes();
  const languages = useLanguages();
  const [key, setKey] = useState(item?.key ?? '');
  const [lang, setLang] = useState(item?.language_code ?? language);
  const [type, setType] = useState(String(item?.device_type_id ?? typeId ?? types.data?.[0]?.id ?? ''));
  const [value, setValue] = useState(item?.value ?? '');
  const [html, setHtml] = useState(item?.is_html ?? false);
  const { errors, attempt } = useFieldErrors();
  const save = useSaveTranslation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = { key: key.trim(), language_code: lang, device_type_id: Number(type), value, is_html: html };
    const saved = await attempt(() => save.mutateAsync(item ? { ...body, id: item.id } : body));
    if (!saved) return;
    successToast(t(item ? 'adminData.translations.saved' : 'adminData.translations.added', { key: saved.key }));
    onClose();
  }

  return (
    <Modal
      open
      size="wide"
      title={t(item ? 'adminData.translations.editTitle' : 'adminData.translations.addTitle')}
      onClose={onClose}
      onSubmit={submit}
      footer={<FormFooter onCancel={onClose} submit={t('adminData.save')} pending={save.isPending} />}
    >
      <TextField label={t('adminData.translations.key')} value={key} maxLength={TRANSLATION_KEY_MAX} error={errors.key} onChange={(e) => setKey(e.target.value)} data-autofocus />
      <SelectField label={t('adminData.translations.language')} value={lang} error={errors.language_code} onChange={(e) => setLang(e.target.value)}>
        {(languages.data ?? []).map((l) => (
          <option key={l.language_code} value={l.language_code}>
            {l.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('adminData.deviceType')} value={type} error={errors.device_type_id} onChange={(e) => setType(e.target.value)}>
        {(types.data ?? []).map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </SelectField>
      <TextAreaField label={t('adminData.translations.value')} rows={6} value={value} maxLength={TRANSLATION_VALUE_MAX} error={errors.value} onChange={(e) => setValue(e.target.value)} />
      <div className="field field--checkbox">
        <input id="tr-html" type="checkbox" checked={html} onChange={(e) => setHtml(e.target.checked)} />
        <label htmlFor="tr-html">{t('adminData.translations.isHtml')}</label>
      </div>
      {html ? <p className="field__hint">{t('adminData.translations.htmlHint')}</p> : null}
    </Modal>
  );
}
