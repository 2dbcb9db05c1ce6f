import { RefSelect } from '../../../components/RefSelect';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, isLanguage, LANGUAGES, newUser } from '@tracker/contract';
import { SelectField, TextField } from '../../../components/Field';
import { FormFooter, Modal } from '../../../components/Modal';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { localErrorToast, successToast } from '../../../lib/toast';
import { useAddUserMutation } from '../api/add-user';
import { useImportLanguages } from '../api/get-languages';
import { useWhiteLabels } from '../api/get-white-labels';

type Form = {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  white_label_vendor_id: string;
  language: string;
  is_test: boolean;
};
type FieldName = keyof Form;

const emptyForm = (): Form => ({
  email: '',
  first_name: '',
  last_name: '',
  phone: '',
  white_label_vendor_id: '',
  language: currentLanguage(),
  is_test: false,
});

export type CreatedOwner = { id: number; email: string };

/** The dashboard's add-user modal: creates an owner account (§7 POST /user/add). */
export function AddUserModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated?: (o: CreatedOwner) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const formRef = useRef<HTMLDivElement>(null);
  const whiteLabels = useWhiteLabels(open);
  const languages = useImportLanguages(open);
  const add = useAddUserMutation();

  // one white label: nothing to choose
  useEffect(() => {
    const list = whiteLabels.data;
    if (open && list && list.length === 1 && form.white_label_vendor_id === '') {
      setForm((f) => ({ ...f, white_label_vendor_id: String(list[0]!.id) }));
    }
  }, [open, whiteLabels.data, form.white_label_vendor_id]);

  function set<K extends FieldName>(k: K, v: Form[K]) {
    setForm((f) => ({ ...f, [k]: v }));
    if (errors[k]) setErrors((e) => ({ ...e, [k]: undefined }));
  }

  function close() {
    setForm(emptyForm());
    setErrors({});
    onClose();
  }

  function focusFirstInvalid() {
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = newUser.safeParse(form);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as FieldName;
        next[field] ??= t(`ownersAdd.invalid.${field}`);
      }
      setErrors(next);
      localErrorToast(t('form.fixErrors'));
      focusFirstInvalid();
      return;
    }
    try {
      const { id } = await add.mutateAsync({ newUser: parsed.data });
      successToast(t('ownersAdd.created', { email: parsed.data.email }));
      const email = parsed.data.email;
      close();
      onCreated?.({ id, email });
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      if (err.code === ErrorCode.Duplicate) setErrors({ email: t('ownersAdd.duplicateEmail') });
      else if (err.errors.length > 0) setErrors(err.fieldErrors('newUser') as Partial<Record<FieldName, string>>);
      focusFirstInvalid();
    }
  }

  const languageOptions = (languages.data ?? [])
    .filter((l) => isLanguage(l.language_code))
    .map((l) => ({ code: l.language_code, name: l.name }));
  const languageList = languageOptions.length > 0 || languages.isPending ? languageOptions : LANGUAGES.map((code) => ({ code, name: t(`languages.${code}`) }));

  return (
    <Modal
      open={open}
      title={t('ownersAdd.title')}
      onClose={close}
      onSubmit={submit}
      footer={<FormFooter onCancel={close} pending={add.isPending} submit={add.isPending ? t('common.pleaseWait') : t('ownersAdd.submit')} />}
    >
      <div ref={formRef} className="form-grid">
        <TextField
          label={t('ownersAdd.email')}
          type="email"
          autoComplete="off"
          value={form.email}
          onChange={(e) => set('email', e.target.value)}
          error={errors.email}
          className="form-grid__wide"
          required
          data-autofocus
        />
        <TextField
          label={t('ownersAdd.firstName')}
          autoComplete="off"
          value={form.first_name}
          onChange={(e) => set('first_name', e.target.value)}
          error={errors.first_name}
          required
          maxLength={50}
        />
        <TextField
          label={t('ownersAdd.lastName')}
          autoComplete="off"
          value={form.last_name}
          onChange={(e) => set('last_name', e.target.value)}
          error={errors.last_name}
          required
          maxLength={50}
        />
        <TextField
          label={t('ownersAdd.phone')}
          type="tel"
          autoComplete="off"
          value={form.phone}
          onChange={(e) => set('phone', e.target.value)}
          error={errors.phone}
          hint={t('ownersAdd.phoneHint')}
          className="form-grid__wide"
        />
        <RefSelect
          label={t('ownersAdd.whiteLabel')}
          value={form.white_label_vendor_id}
          onChange={(e) => set('white_label_vendor_id', e.target.value)}
          error={errors.white_label_vendor_id}
          required
          query={whiteLabels}
          placeholder={t('ownersAdd.chooseWhiteLabel')}
          optionLabel={(w) => w.name}
        />
        <SelectField
          label={t('ownersAdd.language')}
          value={form.language}
          onChange={(e) => set('language', e.target.value)}
          error={errors.language}
          disabled={languages.isPending}
        >
          {languages.isPending ? <option value={form.language}>{t('common.loading')}</option> : null}
          {languageList.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </SelectField>
        <div className="field field--checkbox form-grid__wide">
          <input id="add-user-is-test" type="checkbox" checked={form.is_test} onChange={(e) => set('is_test', e.target.checked)} />
          <label htmlFor="add-user-is-test">{t('ownersAdd.isTest')}</label>
        </div>
      </div>
    </Modal>
  );
}
