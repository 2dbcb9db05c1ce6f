import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEVICE_STATUS_KEYS, devicePath, type DeviceSearchItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { useSession } from '../../../lib/session';

type Props = { items: readonly DeviceSearchItem[]; caption: string; from: string };

function fullName(first: string | null, last: string | null): string {
  return [first, last].filter((s) => s && s.trim()).join(' ');
}

/**
 * One row per device (or per owner without devices); IMEI opens the device (on the main page, or for roles that may
 * not open it on their first allowed tab: `devicePath`), the e-mail opens the owner.
 */
export function SearchResults({ items, caption, from }: Props) {
  const { t } = useTranslation();
  const session = useSession();
  const none = <span className="muted">{t('common.none')}</span>;
  const columns: Column<DeviceSearchItem>[] = [
    {
      key: 'imei',
      header: t('search.col.imei'),
      width: '11rem',
      cell: (item) =>
        item.device_id !== null ? (
          <Link to={session ? devicePath(session.role, item.device_id) : `/device/${item.device_id}`} state={{ from }} data-testid="device-link" className="mono">
            {item.imei || t('search.deviceFallback', { id: item.device_id })}
          </Link>
        ) : (
          (item.imei ?? none)
        ),
    },
    { key: 'imsi', header: t('search.col.imsi'), width: '11rem', className: 'mono', cell: (item) => item.imsi || none },
    { key: 'phone', header: t('search.col.phone'), width: '10rem', className: 'mono', cell: (item) => item.gsm_number || none },
    {
      key: 'child',
      header: t('search.col.child'),
      title: (item) => fullName(item.child_first_name, item.child_last_name) || undefined,
      cell: (item) => fullName(item.child_first_name, item.child_last_name) || none,
    },
    {
      key: 'ownerEmail',
      header: t('search.col.ownerEmail'),
      width: '15rem',
      cell: (item) =>
        item.owner_id !== null ? (
          <Link to={`/owner/${item.owner_id}`} state={{ from }} data-testid="owner-link" title={item.owner_email ?? undefined}>
            {item.owner_email || t('search.ownerFallback', { id: item.owner_id })}
          </Link>
        ) : (
          (item.owner_email ?? none)
        ),
    },
    {
      key: 'ownerName',
      header: t('search.col.ownerName'),
      title: (item) => fullName(item.owner_first_name, item.owner_last_name) || undefined,
      cell: (item) => fullName(item.owner_first_name, item.owner_last_name) || none,
    },
    {
      key: 'type',
      header: t('search.col.type'),
      width: '9.5rem',
      title: (item) => item.device_type_name,
      cell: (item) => item.device_type_name ?? (item.device_type !== null ? String(item.device_type) : none),
    },
    {
      key: 'status',
      header: t('search.col.status'),
      width: '10.5rem',
      cell: (item) => {
        const status = item.device_status === null ? undefined : DEVICE_STATUS_KEYS[item.device_status];
        if (status) return <span className={`status status--${status}`}>{t(`search.status.${status}`)}</span>;
        return item.device_status !== null ? String(item.device_status) : none;
      },
    },
  ];
  return (
    <DataTable
      layout="fixed"
      className="table--results"
      data-testid="search-results"
      caption={caption}
      columns={columns}
      rows={items}
      rowKey={(item, i) => `${item.device_id ?? 'o'}-${item.owner_id ?? 'd'}-${i}`}
      rowProps={() => ({ 'data-testid': 'search-result' })}
    />
  );
}
