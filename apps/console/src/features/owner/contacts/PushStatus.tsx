import { useTranslation } from 'react-i18next';
import type { OwnerDeviceItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatDateTime } from '../../../lib/dates';
import { smsErrorText } from '../../../lib/reasons';
import { useTimeZone } from '../../../lib/time-zone';
import { deviceLabel } from '../editor/device-label';

/** Each device with its latest contact push: when (in the chosen time zone), and its §3 status (created, sent, received, error with why, in the console's language as on the settings tab). */
export function PushStatus({ devices }: { devices: OwnerDeviceItem[] }) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const columns: Column<OwnerDeviceItem>[] = [
    { key: 'device', header: t('ownerContacts.device'), className: 'words', cell: (d) => deviceLabel(d) },
    { key: 'number', header: t('ownerContacts.number'), className: 'mono nowrap', cell: (d) => d.gsm_number ?? t('common.none') },
    { key: 'pushed', header: t('ownerContacts.lastPush'), className: 'nowrap', cell: (d) => (d.last_push ? formatDateTime(d.last_push.created, tz) : t('common.none')) },
    {
      key: 'status',
      header: t('ownerContacts.pushStatus'),
      className: 'words',
      cell: (d) => {
        if (!d.last_push) return t('common.none');
        const status = t(`ownerContacts.smsStatus.${d.last_push.status}`);
        const reason = smsErrorText(t, d.last_push);
        return reason ? `${status}: ${reason}` : status;
      },
    },
  ];
  return (
    <section className="dw-section">
      <h3>{t('ownerContacts.pushTitle')}</h3>
      <DataTable data-testid="contacts-push" columns={columns} rows={devices} rowKey={(d) => d.id} layout="wrap" />
    </section>
  );
}
