import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeE164, PHONE_MAX, PHONE_MIN, voipCentralSaveBody } from '@tracker/contract';
import type { Column } from '../../../components/DataTable';
import { TextField } from '../../../components/Field';
import { FormFooter, Modal } from '../../../components/Modal';
import { useContractForm } from '../../../lib/contract-form';
import { formatDateTime } from '../../../lib/dates';
import { successToast } from '../../../lib/toast';
import { useAdminList, useAdminSave } from '../api/admin-api';
import { AdminListPage, EditButton } from '../components/AdminListPage';

type Voip = { id: number; name: string; phone: string; created: string };

/** §2 /admin/voips: VoIP centrals (name, phone in E.164), add and edit (`POST /voipcentral/save`). */
export function VoipsPage() {
  const { t } = useTranslation();
  const list = useAdminList('voipCentralList');
  const [editing, setEditing] = useState<{ item: Voip | null } | null>(null);
  const columns: Column<Voip>[] = [
    { key: 'name', header: t('admin.name'), sortable: (v) => v.name, cell: (v) => v.name },
    { key: 'phone', header: t('admin.phone'), className: 'mono', sortable: (v) => v.phone, cell: (v) => v.phone },
    { key: 'created', header: t('admin.created'), sortable: (v) => v.created, cell: (v) => formatDateTime(v.created) },
    { key: 'edit', header: t('admin.edit'), hideHeader: true, cell: (v) => <EditButton label={t('admin.editNamed', { name: v.name })} onClick={() => setEditing({ item: v })} /> },
  ];
  return (
    <AdminListPage title={t('admin.voips.title')} addLabel={t('admin.voips.add')} onAdd={() => setEditing({ item: null })} query={list} columns={columns} rowKey={(v) => v.id} initialSort={{ key: 'name', dir: 'asc' }} testId="voips">
      {editing ? <VoipForm key={editing.item?.id ?? 'new'} item={editing.item} onClose={() => setEditing(null)} /> : null}
    </AdminListPage>
  );
}

function VoipForm({ item, onClose }: { item: Voip | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useAdminSave('voipCentralSave');
  const form = useContractForm(voipCentralSaveBody, {
    initial: { name: item?.name ?? '', phone: item?.phone ?? '' },
    body: (v) => ({ ...(item ? { id: item.id } : {}), name: v.name.trim(), phone: normalizeE164(v.phone) ?? v.phone }),
    check: (v) => ({
      name: v.name.trim() ? undefined : t('admin.required'),
      phone: normalizeE164(v.phone) ? undefined : t('reasons.e164Number', { min: PHONE_MIN, max: PHONE_MAX }),
    }),
  });
  const submit = form.submit(async (body) => {
    await save.mutateAsync({ body });
    successToast(t('admin.saved', { name: body.name }));
    onClose();
  });

  return (
    <Modal open title={t(item ? 'admin.voips.editTitle' : 'admin.voips.addTitle')} onClose={onClose} onSubmit={submit} footer={<FormFooter onCancel={onClose} submit={t('common.save')} pending={save.isPending} />}>
      <TextField label={t('admin.name')} value={form.values.name} maxLength={100} error={form.errors.name} onChange={(e) => form.set('name', e.target.value)} data-autofocus />
      <TextField label={t('admin.phone')} hint={t('admin.phoneHint')} type="tel" value={form.values.phone} maxLength={30} error={form.errors.phone} onChange={(e) => form.set('phone', e.target.value)} />
    </Modal>
  );
}
