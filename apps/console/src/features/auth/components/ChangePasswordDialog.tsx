import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@tracker/contract';
import { FormFooter, Modal } from '../../../components/Modal';
import { currentLanguage } from '../../../lib/i18n';
import { localErrorToast } from '../../../lib/toast';
import { useChangePasswordMutation } from '../api/change-password';
import { NewPasswordFields, useNewPassword } from './NewPassword';

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
  const fields = useNewPassword();
  const change = useChangePasswordMutation();

  function close() {
    fields.clear();
    onClose();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = fields.check();
    if (problem) {
      localErrorToast(errorMessage(problem, currentLanguage()));
      return;
    }
    try {
      await change.mutateAsync({ username, current, password: fields.password, repeat: fields.repeat });
    } catch {
      return; // the api client has shown the server's message
    }
    fields.clear();
    onChanged();
  }

  return (
    <Modal
      open={open}
      title={t('auth.changePassword.title')}
      description={t('auth.changePassword.explain')}
      onClose={close}
      onSubmit={submit}
      footer={<FormFooter onCancel={close} pending={change.isPending} submit={t('auth.changePassword.submit')} />}
    >
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <NewPasswordFields state={fields} newLabel={t('auth.changePassword.new')} repeatLabel={t('auth.changePassword.repeat')} inDialog />
    </Modal>
  );
}
