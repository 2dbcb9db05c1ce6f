import { useTranslation } from 'react-i18next';
import type { Ref } from 'react';
import { TextField } from '../../../components/Field';
import type { FormErrors } from '../../../lib/contract-form';
import { StepForm } from './StepForm';

type Credentials = { username: string; password: string };
type Props = {
  /** the step's `useContractForm` (POST /login's schema) */
  form: { values: Credentials; errors: FormErrors; set: (field: keyof Credentials, value: string) => void };
  onSubmit: () => void;
  pending: boolean;
  passwordRef?: Ref<HTMLInputElement>;
};

export function CredentialsStep({ form, onSubmit, pending, passwordRef }: Props) {
  const { t } = useTranslation();
  return (
    <StepForm title={t('auth.login.credentialsTitle')} onSubmit={onSubmit}>
      <TextField
        label={t('auth.login.username')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={form.values.username}
        error={form.errors.username}
        onChange={(e) => form.set('username', e.target.value)}
        autoFocus
      />
      <TextField
        ref={passwordRef}
        label={t('auth.login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={form.values.password}
        error={form.errors.password}
        onChange={(e) => form.set('password', e.target.value)}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={pending} aria-busy={pending || undefined}>
        {pending ? t('common.pleaseWait') : t('auth.login.next')}
      </button>
    </StepForm>
  );
}
