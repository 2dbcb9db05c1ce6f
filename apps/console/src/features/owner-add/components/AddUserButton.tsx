import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canAccess } from '@tracker/contract';
import { useSession } from '../../../lib/session';
import { AddUserModal, type CreatedOwner } from './AddUserModal';

/** Shown only to roles that may add owners (area `ownerAdd`). */
export function AddUserButton({ onCreated }: { onCreated?: (o: CreatedOwner) => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (!session || !canAccess(session.role, 'ownerAdd')) return null;
  return (
    <>
      <button type="button" className="btn" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('ownersAdd.open')}
      </button>
      <AddUserModal open={open} onClose={() => setOpen(false)} onCreated={onCreated} />
    </>
  );
}
