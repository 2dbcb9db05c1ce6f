import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter, Modal } from '../../../components/Modal';
import { successToast } from '../../../lib/toast';
import { usePasswordMailMutation } from '../api/owner';

/**
 * §2 password change modal of the owner profile: support never sees or types the owner's password; the owner gets
 * an e-mail with a reset link (valid 24 hours) to the console's reset page and chooses it there.
 */
export function PasswordChange({ id, email, whiteLabelId }: { id: number; email: string; whiteLabelId: number | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const send = usePasswordMailMutation(id);
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen(true)} disabled={whiteLabelId === null} data-testid="password-change">
        {t('ownerWs.password.open')}
      </button>
      <Modal
        open={open}
        title={t('ownerWs.password.title')}
        onClose={() => setOpen(false)}
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate(
            { email, whiteLabelId: whiteLabelId! },
            {
              onSuccess: () => {
                successToast(t('ownerWs.password.sent', { email }));
                setOpen(false);
              },
            },
          );
        }}
        footer={<FormFooter onCancel={() => setOpen(false)} submit={t('ownerWs.password.send')} pending={send.isPending} />}
      >
        <p>{t('ownerWs.password.explain', { email })}</p>
      </Modal>
    </>
  );
}
