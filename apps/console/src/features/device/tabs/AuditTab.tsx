import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TraceItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { Pager } from '../../../components/Pager';
import { formatDateTime } from '../../../lib/dates';
import { useTimeZone } from '../../../lib/time-zone';
import { useTraces } from '../api/device';
import { DayTabShell } from '../components/TabShell';
import { useDay } from '../use-day';

const compact = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** audit: the device's trail with the §4 audit statuses, newest first; a day of it can be exported. */
export function AuditTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const day = useDay();
  const [page, setPage] = useState(0);
  const q = useTraces(id, page);
  const columns: Column<TraceItem>[] = [
    { key: 'time', header: t('device.audit.time'), cell: (e) => formatDateTime(e.created, tz) },
    {
      key: 'status',
      header: t('device.audit.status'),
      cell: (e) => (e.status !== null ? t(`device.auditStatus.${e.status}`, { defaultValue: String(e.status) }) : t('common.none')),
    },
    { key: 'action', header: t('device.audit.action'), className: 'mono', cell: (e) => e.action },
    { key: 'actor', header: t('device.audit.actor'), cell: (e) => e.actor_name ?? t('common.none') },
    { key: 'before', header: t('device.audit.before'), className: 'mono', truncate: true, cell: (e) => compact(e.before) },
    { key: 'after', header: t('device.audit.after'), className: 'mono', truncate: true, cell: (e) => compact(e.after) },
  ];
  return (
    <DayTabShell
      title={t('device.tabs.audit')}
      day={day}
      deviceId={id}
      exportKind="device_trace"
      lead={<span className="muted">{t('device.audit.exportDay')}</span>}
      query={q}
    >
      <DataTable data-testid="audit-table" columns={columns} rows={q.data?.items} rowKey={(e) => e.id} empty={t('device.audit.empty')} />
      {q.data?.items.length ? <Pager page={page} totalPages={q.data.total_pages} onChange={setPage} disabled={q.isFetching} /> : null}
    </DayTabShell>
  );
}
