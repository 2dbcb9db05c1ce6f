import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormFooter, Modal } from '../../../components/Modal';
import { successToast } from '../../../lib/toast';
import { useRemoveOwnerMutation } from '../api/owner';

type Mode = 'user' | 'devices';

/**
 * §2 "remove user modal, and a remove-devices-and-user modal": each asks for confirmation; `devices` first returns
 * the owner's devices to stock (docs/owner-workspace.md "Removing an owner"). Afterwards the console goes to the search.
 */
export function RemoveOwner({ id, email, deviceCount }: { id: number; email: string; deviceCount: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode | null>(null);
  const remove = useRemoveOwnerMutation(id);
  function confirm() {
    remove.mutate(mode === 'devices' ? 'true' : undefined, {
      onSuccess: () => {
        successToast(t('ownerWs.remove.done', { email }));
        void navigate('/dashboard/search', { replace: true });
      },
      onSettled: () => setMode(null),
    });
  }
  return (
    <div className="form-actions">
      <button type="button" className="btn" onClick={() => setMode('user')} data-testid="remove-user">
        {t('ownerWs.remove.user')}
      </button>
      <button type="button" className="btn" onClick={() => setMode('devices')} data-testid="remove-devices-user">
        {t('ownerWs.remove.devicesAndUser')}
      </button>
      <Modal
        open={mode !== null}
        title={mode === 'devices' ? t('ownerWs.remove.devicesAndUser') : t('ownerWs.remove.user')}
        onClose={() => setMode(null)}
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
        footer={<FormFooter onCancel={() => setMode(null)} submit={t('ownerWs.remove.confirm')} pending={remove.isPending} />}
      >
        <p data-testid="remove-question">
          {mode === 'devices' ? t('ownerWs.remove.askDevices', { email, count: deviceCount }) : t('ownerWs.remove.askUser', { email })}
        </p>
      </Modal>
    </div>
  );
}
