import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FirmwareDeviceItem, FirmwareDeviceState } from '@tracker/contract';
import type { Column } from '../../../components/DataTable';
import { OutcomeList, OutcomeStatus, useOutcomeState } from '../../../components/OutcomeList';
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
  const list = useOutcomeState(REQUEST_FILTER);
  const requests = useRequests(0, 100);
  const request = requests.data?.items.find((r) => r.id === id);
  const q = useRequestDevices(id, list.state, list.page, request ? isRunning(request) : false);

  const columns: Column<FirmwareDeviceItem>[] = [
    { key: 'imei', header: t('outcomes.col.imei'), className: 'mono', cell: (a) => a.imei ?? a.named_as ?? t('common.none') },
    { key: 'device', header: t('outcomes.col.device'), align: 'end', cell: (a) => a.device_id ?? t('common.none') },
    { key: 'wave', header: t('firmware.activity.wave'), align: 'end', cell: (a) => a.wave ?? '' },
    { key: 'from', header: t('firmware.activity.from'), className: 'mono', cell: (a) => a.from_version ?? t('common.none') },
    {
      key: 'status',
      header: t('outcomes.col.status'),
      cell: (a) => (
        <OutcomeStatus
          className={`fw-state fw-state--${a.outcome}`}
          label={a.status === null ? t('outcomes.state.refused') : t(`firmware.activityStatus.${a.status}`)}
          reason={a.error ? reasonLabel(t, a.error.code, a.error.params) : null}
        />
      ),
    },
    { key: 'progress', header: t('firmware.activity.progress'), align: 'end', cell: (a) => (a.progress === null ? '' : t('common.percent', { value: a.progress })) },
    { key: 'updated', header: t('outcomes.col.at'), className: 'nowrap', cell: (a) => formatDateTime(a.updated_at, tz) },
  ];

  return (
    <FirmwarePage title={t('outcomes.firmware.title', { id })}>
      <p>
        <Link to="/admin/fup/upgrade">{t('outcomes.firmware.back')}</Link>
        {request ? ` · ${request.binary_name} · ${t(`firmware.state.${request.state}`)}` : ''}
      </p>
      <OutcomeList
        list={list}
        query={q}
        download={(s) => downloadRequestDevices(id, s)}
        data-testid="request-devices"
        layout="fit"
        columns={columns}
        rowKey={(a, i) => `${a.device_id ?? a.named_as ?? ''}-${a.outcome}-${i}`}
        rowProps={(a) => ({ 'data-outcome': a.outcome })}
      />
    </FirmwarePage>
  );
}
