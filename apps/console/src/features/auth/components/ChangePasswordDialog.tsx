import { useTranslation } from 'react-i18next';
import { passwordChangeRequest } from '@tracker/contract';
import { FormFooter, Modal } from '../../../components/Modal';
import { useContractForm } from '../../../lib/contract-form';
import { useChangePasswordMutation } from '../api/change-password';
import { newPasswordCheck, NewPasswordFields, NO_NEW_PASSWORD, type NewPasswordValues } from './NewPassword';

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
  const change = useChangePasswordMutation();
  const form = useContractForm<NewPasswordValues, typeof passwordChangeRequest>(passwordChangeRequest, {
    initial: NO_NEW_PASSWORD,
    body: (v) => ({ username, current, ...v }),
    check: newPasswordCheck(),
  });

  function close() {
    form.reset();
    onClose();
  }

  // the values as typed: the schema checks them, the api gets the password unchanged
  const submit = form.submit(async (_body, v) => {
    await change.mutateAsync({ username, current, password: v.password, repeat: v.repeat });
    form.reset();
    onChanged();
  });

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
      <NewPasswordFields form={form} newLabel={t('auth.changePassword.new')} repeatLabel={t('auth.changePassword.repeat')} inDialog />
    </Modal>
  );
}
