import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { devicePath, type OwnerDevice } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { useSession } from '../../../lib/session';

const STATUS = ['unassigned', 'inactive', 'active', 'terminated'] as const;

/** The owner's devices on the profile (the caller's scope only), each linked to its device workspace. */
export function OwnerDevices({ devices }: { devices: readonly OwnerDevice[] }) {
  const { t } = useTranslation();
  const session = useSession()!;
  const columns: Column<OwnerDevice>[] = [
    {
      key: 'imei',
      header: t('search.col.imei'),
      className: 'mono',
      cell: (d) => (
        <Link to={devicePath(session.role, d.id)} data-testid="owner-device-link">
          {d.imei}
        </Link>
      ),
    },
    { key: 'imsi', header: t('search.col.imsi'), className: 'mono', cell: (d) => d.imsi ?? t('common.none') },
    { key: 'phone', header: t('search.col.phone'), className: 'mono', cell: (d) => d.gsm_number ?? t('common.none') },
    { key: 'child', header: t('search.col.child'), cell: (d) => [d.first_name, d.last_name].filter(Boolean).join(' ') || t('common.none') },
    { key: 'type', header: t('search.col.type'), cell: (d) => d.device_type_name ?? String(d.device_type_id) },
    { key: 'status', header: t('search.col.status'), cell: (d) => (STATUS[d.device_status] ? t(`search.status.${STATUS[d.device_status]}`) : d.device_status) },
    { key: 'enabled', header: t('ownerWs.profile.enabled'), cell: (d) => t(d.enabled ? 'ownerWs.yes' : 'ownerWs.no') },
  ];
  return <DataTable columns={columns} rows={devices} rowKey={(d) => d.id} empty={t('ownerWs.profile.noDevices')} data-testid="owner-devices" />;
}
