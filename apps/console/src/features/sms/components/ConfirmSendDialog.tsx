import { useTranslation } from 'react-i18next';
import { FormFooter, Modal } from '../../../components/Modal';

/** §5 bulk SMS: nothing leaves before the user has seen how many devices get the command. */
export function ConfirmSendDialog({
  command,
  count,
  pending,
  onCancel,
  onConfirm,
}: {
  command: string;
  count: number;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('sms.confirm.title')}
      onClose={onCancel}
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm();
      }}
      footer={<FormFooter onCancel={onCancel} submit={t('sms.confirm.send', { n: count })} pending={pending} />}
    >
      <p data-testid="confirm-count">{t('sms.confirm.text', { n: count, command })}</p>
    </Modal>
  );
}
