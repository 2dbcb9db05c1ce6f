import { useTranslation } from 'react-i18next';
import type { Ref } from 'react';
import { TextField } from '../../../components/Field';
import { StepForm } from './StepForm';

type Props = {
  username: string;
  password: string;
  onUsername: (v: string) => void;
  onPassword: (v: string) => void;
  onSubmit: () => void;
  pending: boolean;
  passwordRef?: Ref<HTMLInputElement>;
};

export function CredentialsStep({ username, password, onUsername, onPassword, onSubmit, pending, passwordRef }: Props) {
  const { t } = useTranslation();
  return (
    <StepForm title={t('auth.login.credentialsTitle')} onSubmit={onSubmit}>
      <TextField
        label={t('auth.login.username')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(e) => onUsername(e.target.value)}
        autoFocus
      />
      <TextField
        ref={passwordRef}
        label={t('auth.login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={pending} aria-busy={pending || undefined}>
        {pending ? t('common.pleaseWait') : t('auth.login.next')}
      </button>
    </StepForm>
  );
}
