import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/Pager';
import { formatDateTime } from '../../../lib/dates';
import { useTimeZone } from '../../../lib/time-zone';
import { useTraces } from '../api/device';
import { DayPicker } from '../components/DayPicker';
import { ExportButton } from '../components/ExportButton';
import { QueryState } from '../../../components/QueryState';
import { useDay } from '../use-day';

const compact = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** audit: the device's trail with the §4 audit statuses, newest first; a day of it can be exported. */
export function AuditTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const day = useDay();
  const [page, setPage] = useState(0);
  const q = useTraces(id, page);
  return (
    <div>
      <div className="dw-toolbar">
        <h2>{t('device.tabs.audit')}</h2>
        <span className="muted">{t('device.audit.exportDay')}</span>
        <DayPicker value={day.date} max={day.max} onChange={day.setDate} />
        <ExportButton kind="device_trace" deviceId={id} date={day.date} tz={day.tz} />
      </div>
      <QueryState query={q} empty={q.data?.items.length === 0} emptyTitle={t('device.audit.empty')}>
        <div className="table-wrap">
          <table className="table dw-table" data-testid="audit-table">
            <thead>
              <tr>
                <th scope="col">{t('device.audit.time')}</th>
                <th scope="col">{t('device.audit.status')}</th>
                <th scope="col">{t('device.audit.action')}</th>
                <th scope="col">{t('device.audit.actor')}</th>
                <th scope="col">{t('device.audit.before')}</th>
                <th scope="col">{t('device.audit.after')}</th>
              </tr>
            </thead>
            <tbody>
              {(q.data?.items ?? []).map((e) => (
                <tr key={e.id}>
                  <td>{formatDateTime(e.created, tz)}</td>
                  <td>{e.status !== null ? t(`device.auditStatus.${e.status}`, { defaultValue: String(e.status) }) : t('common.none')}</td>
                  <td className="mono">{e.action}</td>
                  <td>{e.actor_name ?? t('common.none')}</td>
                  <td className="mono dw-json" title={compact(e.before)}>{compact(e.before)}</td>
                  <td className="mono dw-json" title={compact(e.after)}>{compact(e.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager page={page} totalPages={q.data?.total_pages ?? 0} onChange={setPage} disabled={q.isFetching} />
      </QueryState>
    </div>
  );
}
