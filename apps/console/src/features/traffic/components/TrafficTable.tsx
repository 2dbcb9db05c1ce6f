import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FieldCode, SmsTrafficItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatDateTime } from '../../../lib/dates';
import { reasonLabel } from '../../../lib/reasons';

/** §3 message status by its label (0 created, 1 sent, 2 received, 3 error; 4 expired: never sent). */
export function SmsStatus({ status }: { status: number }) {
  const { t } = useTranslation();
  return <span className={`status sms-status--${status}`}>{t(`traffic.status.${status}`, { defaultValue: String(status) })}</span>;
}

/** One row per message, newest first; the IMEI opens the device. */
export function TrafficTable({ items, caption }: { items: readonly SmsTrafficItem[]; caption: string }) {
  const { t } = useTranslation();
  const none = <span className="muted">{t('common.none')}</span>;
  const time = (v: string | null) => (v ? formatDateTime(v) : none);
  const columns: Column<SmsTrafficItem>[] = [
    { key: 'created', header: t('traffic.col.created'), width: '10.5rem', cell: (m) => time(m.created) },
    { key: 'direction', header: t('traffic.col.direction'), width: '6rem', cell: (m) => t(`traffic.direction.${m.direction}`) },
    { key: 'number', header: t('traffic.col.number'), width: '9.5rem', className: 'mono', cell: (m) => m.gsm_number ?? none },
    {
      key: 'imei',
      header: t('traffic.col.imei'),
      width: '10.5rem',
      cell: (m) =>
        m.device_id !== null ? (
          <Link to={`/device/${m.device_id}`} className="mono">
            {m.imei ?? m.device_id}
          </Link>
        ) : (
          none
        ),
    },
    { key: 'command', header: t('traffic.col.command'), width: '8rem', className: 'mono', cell: (m) => m.command_key ?? none },
    { key: 'message', header: t('traffic.col.message'), truncate: true, cell: (m) => m.message },
    { key: 'status', header: t('traffic.col.status'), width: '6.5rem', cell: (m) => <SmsStatus status={m.status} /> },
    {
      key: 'error',
      header: t('traffic.col.error'),
      truncate: true,
      width: '10rem',
      // the pipeline's reason code in the UI language (its texts: sms-reasons.json), else the stored text
      cell: (m) => (m.error_code ? reasonLabel(t, m.error_code as FieldCode, m.error_params) : (m.error ?? none)),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={items}
      rowKey={(m) => m.id}
      layout="fixed"
      caption={caption}
      data-testid="traffic-results"
      rowProps={() => ({ 'data-testid': 'traffic-row' })}
    />
  );
}
