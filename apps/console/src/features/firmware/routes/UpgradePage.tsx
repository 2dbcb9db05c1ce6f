import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FirmwareRequestItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { ConfirmFooter, Modal } from '../../../components/Modal';
import { Pager } from '../../../components/Pager';
import { ProgressBar } from '../../../components/ProgressBar';
import { QueryState } from '../../../components/QueryState';
import type { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { reasonLabel } from '../../../lib/reasons';
import { useTimeZone } from '../../../lib/time-zone';
import { serverErrorToast, successToast } from '../../../lib/toast';
import { FirmwarePage } from '../components/FirmwarePage';
import { isRunning, useRequests, useStopRequestMutation } from '../api/firmware-api';

/** Devices that reached an end (finished, failed, cancelled) over all targeted. */
export const requestPercent = (r: Pick<FirmwareRequestItem, 'total' | 'counts'>) =>
  r.total === 0 ? 100 : ((r.counts.finished + r.counts.failed + r.counts.cancelled) * 100) / r.total;

/**
 * §2 /admin/fup/upgrade: the requests with their progress (live while one runs), why a halted one stopped itself,
 * and stop (§4: status 1) after a confirmation.
 */
export function UpgradePage() {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const [page, setPage] = useState(0);
  const q = useRequests(page);
  const stop = useStopRequestMutation();
  const [stopping, setStopping] = useState<FirmwareRequestItem | null>(null);

  function confirmStop() {
    if (!stopping) return;
    stop.mutate(stopping.id, {
      onSuccess: (r) => {
        setStopping(null);
        successToast(t('firmware.upgrade.stopped', { id: r.id }));
      },
      onError: (err) => {
        setStopping(null);
        serverErrorToast((err as ApiError).messages);
      },
    });
  }

  const columns: Column<FirmwareRequestItem>[] = [
    { key: 'id', header: t('firmware.upgrade.id'), align: 'end', cell: (r) => r.id },
    {
      key: 'binary',
      header: t('firmware.upgrade.binary'),
      cell: (r) => (
        <>
          {r.binary_name}
          {r.device_type ? ` · ${r.device_type}` : ''}
          {r.comment ? <p className="fw-counts">{r.comment}</p> : null}
        </>
      ),
    },
    {
      key: 'type',
      header: t('firmware.fields.upload_type'),
      cell: (r) => `${t(`firmware.uploadType.${r.upload_type}`)}${r.upload_type === 1 && r.for_version ? ` ${r.for_version}` : ''}`,
    },
    {
      key: 'state',
      header: t('firmware.upgrade.state'),
      cell: (r) => (
        <>
          <span className={`fw-state fw-state--${r.state}`} data-testid={`state-${r.id}`}>
            {t(`firmware.state.${r.state}`)}
          </span>
          {r.halt ? <p className="fw-halt">{reasonLabel(t, r.halt.code, r.halt.params)}</p> : null}
        </>
      ),
    },
    {
      key: 'progress',
      header: t('firmware.upgrade.progress'),
      cell: (r) => (
        <>
          <ProgressBar value={requestPercent(r)} label={t('firmware.upgrade.progressOf', { id: r.id })} />
          <span className="fw-counts" data-testid={`counts-${r.id}`}>
            {t('firmware.upgrade.counts', { finished: r.counts.finished, failed: r.counts.failed, open: r.counts.processing + r.counts.downloading, total: r.total, wave: r.current_wave, waves: r.wave_count })}
            {r.counts.cancelled ? ` · ${t('firmware.upgrade.cancelled', { n: r.counts.cancelled })}` : ''}
          </span>
        </>
      ),
    },
    {
      key: 'dates',
      header: t('firmware.upgrade.dates'),
      cell: (r) => (
        <span className="fw-counts">
          {t('firmware.upgrade.createdBy', { at: formatDateTime(r.created, tz), by: r.created_by ?? t('common.none') })}
          <br />
          {r.ended_at ? t('firmware.upgrade.endedAt', { at: formatDateTime(r.ended_at, tz) }) : t('firmware.upgrade.expiresAt', { at: formatDateTime(r.expired_at, tz) })}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('firmware.upgrade.actions'),
      hideHeader: true,
      cell: (r) => (
        <div className="row-actions">
          <Link className="btn btn--ghost" to={`/admin/fup/upgrade/${r.id}`} data-testid={`devices-${r.id}`}>
            {t('outcomes.firmware.devices')}
          </Link>
          <Link className="btn btn--ghost" to={`/admin/fup/ota_activity?request_id=${r.id}`}>
            {t('firmware.upgrade.activity')}
          </Link>
          {isRunning(r) ? (
            <button type="button" className="btn btn--ghost fw-stop" onClick={() => setStopping(r)} data-testid={`stop-${r.id}`}>
              {t('firmware.upgrade.stop')}
            </button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <FirmwarePage title={t('firmware.upgrade.title')}>
      <QueryState query={q}>
        <DataTable data-testid="requests-table" layout="wrap" columns={columns} rows={q.data?.items} rowKey={(r) => r.id} rowProps={(r) => ({ 'data-testid': `request-row-${r.id}` })} empty={t('firmware.upgrade.empty')} />
        <Pager page={page} totalPages={q.data?.total_pages ?? 0} onChange={setPage} />
      </QueryState>
      <Modal
        open={stopping !== null}
        title={t('firmware.upgrade.stopTitle', { id: stopping?.id ?? '' })}
        onClose={() => setStopping(null)}
        footer={<ConfirmFooter onCancel={() => setStopping(null)} confirm={t('firmware.upgrade.stop')} onConfirm={confirmStop} pending={stop.isPending} />}
      >
        <p>{t('firmware.upgrade.stopText')}</p>
      </Modal>
    </FirmwarePage>
  );
}
