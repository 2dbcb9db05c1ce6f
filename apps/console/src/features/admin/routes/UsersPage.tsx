import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_TYPES, isRoleId, ROLE_NAMES } from '@tracker/contract';
import type { Column } from '../../../components/DataTable';
import { ConfirmFooter, Modal } from '../../../components/Modal';
import { formatDateTime } from '../../../lib/dates';
import { successToast } from '../../../lib/toast';
import { useAdminList, useAdminSaveMutation } from '../api/admin-api';
import { namesOf } from '../components/names';
import { AdminListPage, EditButton } from '../components/AdminListPage';
import { UserForm, type BackofficeUser } from '../components/UserForm';

/**
 * §2 /admin/users/list (roles 1, 12, 14): the users the signed-in user may manage (partner managers: their partner's
 * roles and device type), add, edit and delete with a confirmation (docs/administration.md "Users").
 */
const roleName = (role: number) => (isRoleId(role) ? ROLE_NAMES[role] : String(role));

export function UsersPage() {
  const { t } = useTranslation();
  const list = useAdminList('backofficeUserList');
  const types = useAdminList('deviceTypes');
  const [editing, setEditing] = useState<{ item: BackofficeUser | null } | null>(null);
  const [deleting, setDeleting] = useState<BackofficeUser | null>(null);
  const columns: Column<BackofficeUser>[] = [
    { key: 'username', header: t('admin.users.username'), sortable: (u) => u.username, cell: (u) => u.username },
    { key: 'email', header: t('admin.users.email'), truncate: true, sortable: (u) => u.email, cell: (u) => u.email ?? '' },
    { key: 'role', header: t('admin.users.role'), sortable: (u) => roleName(u.role), cell: (u) => roleName(u.role) },
    { key: 'types', header: t('admin.types'), cell: (u) => (u.types.includes(ALL_TYPES) ? t('admin.users.allTypes') : namesOf(u.types, types.data)) },
    { key: 'operators', header: t('admin.users.operators'), cell: (u) => u.operators.join(', ') },
    { key: 'enabled', header: t('admin.enabled'), sortable: (u) => u.enabled, cell: (u) => t(u.enabled ? 'admin.yes' : 'admin.no') },
    { key: 'created', header: t('admin.created'), sortable: (u) => u.created, cell: (u) => formatDateTime(u.created) },
    {
      key: 'actions',
      header: t('admin.edit'),
      hideHeader: true,
      cell: (u) => (
        <span className="admin-actions">
          <EditButton label={t('admin.editNamed', { name: u.username })} onClick={() => setEditing({ item: u })} />
          <button type="button" className="btn btn--ghost" aria-haspopup="dialog" aria-label={t('admin.users.deleteNamed', { name: u.username })} onClick={() => setDeleting(u)}>
            {t('admin.users.delete')}
          </button>
        </span>
      ),
    },
  ];
  return (
    <AdminListPage title={t('admin.users.title')} addLabel={t('admin.users.add')} onAdd={() => setEditing({ item: null })} query={list} columns={columns} rowKey={(u) => u.id} initialSort={{ key: 'username', dir: 'asc' }} testId="users">
      {editing ? <UserForm key={editing.item?.id ?? 'new'} item={editing.item} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteUser user={deleting} onClose={() => setDeleting(null)} /> : null}
    </AdminListPage>
  );
}

function DeleteUser({ user, onClose }: { user: BackofficeUser; onClose: () => void }) {
  const { t } = useTranslation();
  const del = useAdminSaveMutation('backofficeUserDelete');
  async function confirm() {
    try {
      await del.mutateAsync({ query: { user_id: user.id } });
      successToast(t('admin.users.deleted', { name: user.username }));
      onClose();
    } catch {
      // the api's message is toasted (§8); the dialog stays for another try or Cancel
    }
  }
  return (
    <Modal
      open
      title={t('admin.users.deleteTitle')}
      onClose={onClose}
      footer={<ConfirmFooter onCancel={onClose} confirm={t('admin.users.delete')} onConfirm={() => void confirm()} pending={del.isPending} />}
    >
      <p>{t('admin.users.deleteConfirm', { name: user.username })}</p>
    </Modal>
  );
}
