import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal';

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
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn--primary" disabled={pending} onClick={onConfirm}>
            {t('sms.confirm.send', { n: count })}
          </button>
        </>
      }
    >
      <p data-testid="confirm-count">{t('sms.confirm.text', { n: count, command })}</p>
    </Modal>
  );
}
