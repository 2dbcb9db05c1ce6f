import { useTranslation } from 'react-i18next';
import { checkNewPassword, ErrorCode, errorMessage, PASSWORD_MAX, PASSWORD_MIN } from '@tracker/contract';
import { TextField } from '../../../components/Field';
import type { FormErrors } from '../../../lib/contract-form';
import { currentLanguage } from '../../../lib/i18n';

/** A new password and its repeat (§5), as the sign-in change-password dialog and the reset page ask for them. */
export type NewPasswordValues = { password: string; repeat: string };
export const NO_NEW_PASSWORD: NewPasswordValues = { password: '', repeat: '' };

/**
 * The §5 rules the route's schema leaves to the form (blank, 8 to 20 characters, 72 bytes, the repeat), as
 * `useContractForm`'s `check`: the message at the field at fault; `mismatch` words a differing repeat the page's
 * own way (the reset page).
 */
export const newPasswordCheck =
  (mismatch?: string) =>
  (v: NewPasswordValues): FormErrors => {
    const problem = checkNewPassword(v.password, v.repeat);
    if (!problem) return {};
    if (problem === ErrorCode.PasswordMismatch) return { repeat: mismatch ?? errorMessage(problem, currentLanguage()) };
    return { password: errorMessage(problem, currentLanguage()) };
  };

type Props = {
  form: { values: NewPasswordValues; errors: FormErrors; set: (field: keyof NewPasswordValues, value: string) => void };
  newLabel: string;
  repeatLabel: string;
  /** inside a dialog the first field is focused by the dialog (`data-autofocus`), on a page by `autoFocus` */
  inDialog?: boolean;
};

/** The two password fields with the §5 length hint and each field's message. */
export function NewPasswordFields({ form, newLabel, repeatLabel, inDialog = false }: Props) {
  const { t } = useTranslation();
  const fields = [
    { key: 'password', label: newLabel, hint: t('auth.changePassword.rules', { min: PASSWORD_MIN, max: PASSWORD_MAX }), first: true },
    { key: 'repeat', label: repeatLabel, hint: undefined, first: false },
  ] as const;
  return fields.map((f) => (
    <TextField
      key={f.key}
      label={f.label}
      type="password"
      autoComplete="new-password"
      value={form.values[f.key]}
      onChange={(e) => form.set(f.key, e.target.value)}
      hint={f.hint}
      error={form.errors[f.key]}
      {...(!f.first ? {} : inDialog ? { 'data-autofocus': true } : { autoFocus: true })}
    />
  ));
}
