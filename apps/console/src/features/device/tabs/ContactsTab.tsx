import { useTranslation } from 'react-i18next';
import type { ContactItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { useContacts } from '../api/activity';
import { TabShell } from '../components/TabShell';

/** contacts: the contacts of the device (owner's contacts attached to it), with the contact limit. */
export function ContactsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const q = useContacts(id);
  const devices = new Map((q.data?.devices ?? []).map((d) => [d.id, d]));
  const columns: Column<ContactItem>[] = [
    { key: 'name', header: t('device.contacts.name'), cell: (c) => [c.first_name, c.last_name].filter(Boolean).join(' ') },
    { key: 'phone', header: t('device.contacts.phone'), className: 'mono', cell: (c) => c.phone ?? t('common.none') },
    { key: 'email', header: t('device.contacts.email'), cell: (c) => c.email ?? t('common.none') },
    { key: 'relationship', header: t('device.contacts.relationship'), cell: (c) => c.relationship ?? t('common.none') },
    {
      key: 'flags',
      header: t('device.contacts.flags'),
      cell: (c) =>
        [c.primary && t('device.contacts.primary'), c.emergency && t('device.contacts.emergency'), c.is_guest && t('device.contacts.guest')]
          .filter(Boolean)
          .join(', ') || t('common.none'),
    },
    { key: 'devices', header: t('device.contacts.devices'), cell: (c) => c.devices.map((d) => devices.get(d)?.first_name ?? `#${d}`).join(', ') },
  ];
  return (
    <TabShell
      title={t('device.tabs.contacts')}
      toolbar={q.data ? <span className="muted">{t('device.contacts.limit', { n: q.data.contacts.length, limit: q.data.limit })}</span> : null}
      query={q}
    >
      <DataTable data-testid="contacts-table" columns={columns} rows={q.data?.contacts} rowKey={(c) => c.id} empty={t('device.contacts.empty')} />
    </TabShell>
  );
}
