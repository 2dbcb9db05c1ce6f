import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkNewPassword, errorMessage, PASSWORD_MAX, PASSWORD_MIN } from '@tracker/contract';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/Field';
import { currentLanguage } from '../../../lib/i18n';
import { localErrorToast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';

type Props = {
  open: boolean;
  username: string;
  /** the password entered in the credentials step */
  current: string;
  onClose: () => void;
  onChanged: () => void;
};

/** Sign-in change-password dialog (§2, §5): new and repeat, the current password comes from step 1. */
export function ChangePasswordDialog({ open, username, current, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [invalid, setInvalid] = useState<'both' | 'password' | 'repeat' | null>(null);
  const change = useChangePassword();

  function close() {
    setPassword('');
    setRepeat('');
    setInvalid(null);
    onClose();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = checkNewPassword(password, repeat);
    if (problem) {
      setInvalid(problem === 'PASSWORD_BLANK' ? 'both' : problem === 'PASSWORD_LENGTH' ? 'password' : 'repeat');
      localErrorToast(errorMessage(problem, currentLanguage()));
      return;
    }
    setInvalid(null);
    try {
      await change.mutateAsync({ username, current, password, repeat });
    } catch {
      return; // the api client has shown the server's message
    }
    setPassword('');
    setRepeat('');
    onChanged();
  }

  return (
    <Modal
      open={open}
      title={t('auth.changePassword.title')}
      description={t('auth.changePassword.explain')}
      onClose={close}
      onSubmit={submit}
      footer={
        <>
          <button type="button" className="btn" onClick={close}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={change.isPending}>
            {t('auth.changePassword.submit')}
          </button>
        </>
      }
    >
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <TextField
        label={t('auth.changePassword.new')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint={t('auth.changePassword.rules', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        aria-invalid={invalid === 'both' || invalid === 'password' ? true : undefined}
        data-autofocus
      />
      <TextField
        label={t('auth.changePassword.repeat')}
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(e) => setRepeat(e.target.value)}
        aria-invalid={invalid === 'both' || invalid === 'repeat' ? true : undefined}
      />
    </Modal>
  );
}
