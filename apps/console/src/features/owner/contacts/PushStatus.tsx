import { useTranslation } from 'react-i18next';
import type { OwnerDeviceItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { deviceLabel } from '../editor/form';

/** Each device with its latest contact push: when, and its §3 status (created, sent, received, error with why). */
export function PushStatus({ devices }: { devices: OwnerDeviceItem[] }) {
  const { t } = useTranslation();
  const columns: Column<OwnerDeviceItem>[] = [
    { key: 'device', header: t('ownerContacts.device'), cell: (d) => deviceLabel(d) },
    { key: 'number', header: t('ownerContacts.number'), className: 'mono', cell: (d) => d.gsm_number ?? t('common.none') },
    { key: 'pushed', header: t('ownerContacts.lastPush'), cell: (d) => d.last_push?.created.slice(0, 19).replace('T', ' ') ?? t('common.none') },
    {
      key: 'status',
      header: t('ownerContacts.pushStatus'),
      cell: (d) => (d.last_push ? `${t(`ownerContacts.smsStatus.${d.last_push.status}`)}${d.last_push.error ? `: ${d.last_push.error}` : ''}` : t('common.none')),
    },
  ];
  return (
    <section className="dw-section">
      <h3>{t('ownerContacts.pushTitle')}</h3>
      <DataTable data-testid="contacts-push" columns={columns} rows={devices} rowKey={(d) => d.id} layout="fit" />
    </section>
  );
}
