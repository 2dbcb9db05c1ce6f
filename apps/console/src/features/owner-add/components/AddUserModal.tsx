import { RefSelect } from '../../../components/RefSelect';
import { useEffect, useRef, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, isLanguage, LANGUAGES, newUser } from '@tracker/contract';
import { SelectField, TextField } from '../../../components/Field';
import { FormFooter, Modal } from '../../../components/Modal';
import { ApiError } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/contract-form';
import { currentLanguage } from '../../../lib/i18n';
import { successToast } from '../../../lib/toast';
import { useAddUserMutation } from '../api/add-user';
import { useImportLanguages } from '../api/get-languages';
import { useWhiteLabels } from '../../../lib/lists';

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
  const formRef = useRef<HTMLDivElement>(null);
  const whiteLabels = useWhiteLabels(open);
  const languages = useImportLanguages(open);
  const add = useAddUserMutation();
  // the contract's `newUser` (POST /user/add wraps it: the api's field errors are `newUser.email`), said per field
  const f = useContractForm(newUser, { initial: emptyForm, prefix: 'newUser', message: (field) => t(`ownersAdd.invalid.${field}`) });
  const form = f.values;

  // one white label: nothing to choose
  const setField = f.set;
  useEffect(() => {
    const list = whiteLabels.data;
    if (open && list && list.length === 1 && form.white_label_vendor_id === '') setField('white_label_vendor_id', String(list[0]!.id));
  }, [open, whiteLabels.data, form.white_label_vendor_id, setField]);

  const set = <K extends FieldName>(k: K, v: Form[K]) => f.set(k, v);
  const errors = f.errors as Partial<Record<FieldName, string>>;
  /** a text field's value, change and message */
  const text = (k: 'email' | 'first_name' | 'last_name' | 'phone') => ({
    autoComplete: 'off',
    value: form[k],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(k, e.target.value),
    error: errors[k],
  });

  function close() {
    f.reset();
    onClose();
  }

  function focusFirstInvalid() {
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  }

  const submit = (e: FormEvent) =>
    void f
      .submit(async (data) => {
        try {
          const { id } = await add.mutateAsync({ newUser: data });
          successToast(t('ownersAdd.created', { email: data.email }));
          close();
          onCreated?.({ id, email: data.email });
        } catch (err) {
          if (!(err instanceof ApiError && err.code === ErrorCode.Duplicate)) throw err;
          f.setErrors({ email: t('ownersAdd.duplicateEmail') });
          focusFirstInvalid();
        }
      })(e)
      .then((saved) => saved || focusFirstInvalid());

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
          {...text('email')}
          className="form-grid__wide"
          required
          data-autofocus
        />
        <TextField
          label={t('ownersAdd.firstName')}
          {...text('first_name')}
          required
          maxLength={50}
        />
        <TextField
          label={t('ownersAdd.lastName')}
          {...text('last_name')}
          required
          maxLength={50}
        />
        <TextField
          label={t('ownersAdd.phone')}
          type="tel"
          {...text('phone')}
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
