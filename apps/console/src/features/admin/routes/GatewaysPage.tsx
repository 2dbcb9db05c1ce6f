import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePhoneCodes } from '@tracker/contract';
import type { Column } from '../../../components/DataTable';
import { TextField } from '../../../components/Field';
import { FormFooter, Modal } from '../../../components/Modal';
import { useAdminList, useAdminSave } from '../api/admin-api';
import { useAdminForm } from '../components/admin-form';
import { AdminListPage, EditButton } from '../components/AdminListPage';

type Gateway = { id: number; name: string; allowed: string[]; command: string | null; enabled: boolean };

/**
 * §2 /admin/gateways: SMS gateways (name, allowed phone codes, command), add and edit (`POST /smsgateway/save`). The
 * SMS pipeline routes with a saved gateway at once (docs/administration.md "Gateways").
 */
export function GatewaysPage() {
  const { t } = useTranslation();
  const list = useAdminList('smsGatewayList');
  const [editing, setEditing] = useState<{ item: Gateway | null } | null>(null);
  const none = <span className="muted">{t('common.none')}</span>;
  const columns: Column<Gateway>[] = [
    { key: 'name', header: t('admin.name'), cell: (g) => g.name },
    { key: 'allowed', header: t('admin.gateways.allowed'), className: 'mono', cell: (g) => g.allowed.join(', ') },
    { key: 'command', header: t('admin.gateways.command'), cell: (g) => g.command ?? none },
    { key: 'enabled', header: t('admin.enabled'), cell: (g) => t(g.enabled ? 'admin.yes' : 'admin.no') },
    { key: 'edit', header: t('admin.edit'), hideHeader: true, cell: (g) => <EditButton label={t('admin.editNamed', { name: g.name })} onClick={() => setEditing({ item: g })} /> },
  ];
  return (
    <AdminListPage title={t('admin.gateways.title')} addLabel={t('admin.gateways.add')} onAdd={() => setEditing({ item: null })} query={list} columns={columns} rowKey={(g) => g.id} testId="gateways">
      {editing ? <GatewayForm key={editing.item?.id ?? 'new'} item={editing.item} onClose={() => setEditing(null)} /> : null}
    </AdminListPage>
  );
}

function GatewayForm({ item, onClose }: { item: Gateway | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(item?.name ?? '');
  const [allowed, setAllowed] = useState(item?.allowed.join(', ') ?? '');
  const [command, setCommand] = useState(item?.command ?? '');
  const save = useAdminSave('smsGatewaySave');
  const form = useAdminForm(onClose);

  function submit(e: FormEvent) {
    e.preventDefault();
    const { codes, bad } = parsePhoneCodes(allowed);
    const codesError = bad.length ? t('reasons.gatewayCodeFormat', { code: bad[0] }) : codes.length ? '' : t('reasons.gatewayNoCodes');
    void form.submit(
      { name: name.trim() ? '' : t('admin.required'), allowed: codesError },
      () => save.mutateAsync({ body: { ...(item ? { id: item.id } : {}), name: name.trim(), allowed: codes, command: command.trim() } }),
      t('admin.saved', { name: name.trim() }),
    );
  }

  return (
    <Modal open title={t(item ? 'admin.gateways.editTitle' : 'admin.gateways.addTitle')} onClose={onClose} onSubmit={submit} footer={<FormFooter onCancel={onClose} submit={t('common.save')} pending={save.isPending} />}>
      <TextField label={t('admin.name')} value={name} maxLength={100} error={form.errors.name} onChange={(e) => (setName(e.target.value), form.clear('name'))} data-autofocus />
      <TextField label={t('admin.gateways.allowed')} hint={t('admin.gateways.allowedHint')} value={allowed} maxLength={1000} error={form.errors.allowed} onChange={(e) => (setAllowed(e.target.value), form.clear('allowed'))} />
      <TextField label={t('admin.gateways.command')} hint={t('admin.gateways.commandHint')} value={command} maxLength={200} error={form.errors.command} onChange={(e) => setCommand(e.target.value)} />
    </Modal>
  );
}
