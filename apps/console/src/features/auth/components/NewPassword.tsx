import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkNewPassword, ErrorCode, PASSWORD_MAX, PASSWORD_MIN } from '@tracker/contract';
import { TextField } from '../../../components/Field';

type Invalid = 'both' | 'password' | 'repeat' | null;

/** A new password and its repeat (§5), as the sign-in change-password dialog and the reset page ask for them. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [invalid, setInvalid] = useState<Invalid>(null);
  return {
    password,
    repeat,
    invalid,
    setPassword,
    setRepeat,
    /** the §5 rules: marks the field(s) at fault and returns the problem, or null when the pair is good */
    check(): ErrorCode | null {
      const problem = checkNewPassword(password, repeat);
      setInvalid(!problem ? null : problem === ErrorCode.PasswordBlank ? 'both' : problem === ErrorCode.PasswordLength || problem === ErrorCode.PasswordTooLong ? 'password' : 'repeat');
      return problem;
    },
    clear() {
      setPassword('');
      setRepeat('');
      setInvalid(null);
    },
  };
}

type Props = {
  state: ReturnType<typeof useNewPassword>;
  newLabel: string;
  repeatLabel: string;
  /** inside a dialog the first field is focused by the dialog (`data-autofocus`), on a page by `autoFocus` */
  inDialog?: boolean;
};

/** The two password fields with the §5 length hint; a field at fault is marked invalid. */
export function NewPasswordFields({ state, newLabel, repeatLabel, inDialog = false }: Props) {
  const { t } = useTranslation();
  const { invalid } = state;
  return (
    <>
      <TextField
        label={newLabel}
        type="password"
        autoComplete="new-password"
        value={state.password}
        onChange={(e) => state.setPassword(e.target.value)}
        hint={t('auth.changePassword.rules', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        aria-invalid={invalid === 'both' || invalid === 'password' ? true : undefined}
        {...(inDialog ? { 'data-autofocus': true } : { autoFocus: true })}
      />
      <TextField
        label={repeatLabel}
        type="password"
        autoComplete="new-password"
        value={state.repeat}
        onChange={(e) => state.setRepeat(e.target.value)}
        aria-invalid={invalid === 'both' || invalid === 'repeat' ? true : undefined}
      />
    </>
  );
}
