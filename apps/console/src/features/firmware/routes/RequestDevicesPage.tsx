import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FirmwareDeviceItem, FirmwareDeviceState } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { OutcomeFilter } from '../../../components/OutcomeFilter';
import { Pager } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { reasonLabel } from '../../../lib/reasons';
import { useTimeZone } from '../../../lib/time-zone';
import { FirmwarePage } from '../components/FirmwarePage';
import { downloadRequestDevices, useRequestDevices } from '../api/firmware-devices';
import { isRunning, useRequests } from '../api/firmware-api';

/** The state filter's buttons: failed first, then all and the finer states. */
export const REQUEST_FILTER: readonly FirmwareDeviceState[] = ['failed', 'all', 'pending', 'done', 'cancelled', 'refused'];

/**
 * /admin/fup/upgrade/:id: a request's devices with their status and reason in the UI language, the devices the
 * ledger refused, by state (failed first), 25 a page, and the state's CSV; live while the request runs.
 */
export function RequestDevicesPage() {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const id = Number(useParams().id);
  const [state, setState] = useState<FirmwareDeviceState>('failed');
  const [page, setPage] = useState(0);
  const [exporting, setExporting] = useState(false);
  const requests = useRequests(0, 100);
  const request = requests.data?.items.find((r) => r.id === id);
  const q = useRequestDevices(id, state, page, request ? isRunning(request) : false);

  const columns: Column<FirmwareDeviceItem>[] = [
    { key: 'imei', header: t('outcomes.col.imei'), className: 'mono', cell: (a) => a.imei ?? a.named_as ?? t('common.none') },
    { key: 'device', header: t('outcomes.col.device'), align: 'end', cell: (a) => a.device_id ?? t('common.none') },
    { key: 'wave', header: t('firmware.activity.wave'), align: 'end', cell: (a) => a.wave ?? '' },
    { key: 'from', header: t('firmware.activity.from'), className: 'mono', cell: (a) => a.from_version ?? t('common.none') },
    {
      key: 'status',
      header: t('outcomes.col.status'),
      cell: (a) => (
        <>
          <span className={`fw-state fw-state--${a.outcome}`} data-testid="outcome-status">
            {a.status === null ? t('outcomes.state.refused') : t(`firmware.activityStatus.${a.status}`)}
          </span>
          {a.error ? (
            <span className="outcome-reason" data-testid="outcome-reason">
              {reasonLabel(t, a.error.code, a.error.params)}
            </span>
          ) : null}
        </>
      ),
    },
    { key: 'progress', header: t('firmware.activity.progress'), align: 'end', cell: (a) => (a.progress === null ? '' : t('common.percent', { value: a.progress })) },
    { key: 'updated', header: t('outcomes.col.at'), className: 'nowrap', cell: (a) => formatDateTime(a.updated_at, tz) },
  ];

  function exportCsv() {
    setExporting(true);
    downloadRequestDevices(id, state)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  }

  return (
    <FirmwarePage title={t('outcomes.firmware.title', { id })}>
      <p>
        <Link to="/admin/fup/upgrade">{t('outcomes.firmware.back')}</Link>
        {request ? ` · ${request.binary_name} · ${t(`firmware.state.${request.state}`)}` : ''}
      </p>
      <OutcomeFilter
        states={REQUEST_FILTER}
        value={state}
        onChange={(s) => {
          setState(s);
          setPage(0);
        }}
        total={q.data?.total}
        onExport={exportCsv}
        exporting={exporting}
      />
      <QueryState query={q}>
        <DataTable
          data-testid="request-devices"
          layout="fit"
          columns={columns}
          rows={q.data?.items}
          rowKey={(a, i) => `${a.device_id ?? a.named_as ?? ''}-${a.outcome}-${i}`}
          rowProps={(a) => ({ 'data-outcome': a.outcome })}
          loading={q.isFetching && q.isPlaceholderData}
          empty={t('outcomes.empty')}
        />
        <Pager page={page} totalPages={q.data?.total_pages ?? 0} onChange={setPage} disabled={q.isFetching} />
      </QueryState>
    </FirmwarePage>
  );
}
