import type { TFunction } from 'i18next';
import { isFieldCode, type ModemProcess, type ModemReason } from '@tracker/contract';
import type { Column } from '../../../components/DataTable';
import { ProgressBar } from '../../../components/ProgressBar';
import { formatDateTime } from '../../../lib/dates';
import { reasonLabel } from '../../../lib/reasons';

/** A stored reason in the UI language (its English text when the console does not know the code). */
export const modemReasonLabel = (t: TFunction, r: ModemReason | null) => (r ? (isFieldCode(r.code) ? reasonLabel(t, r.code, r.params) : r.text) : '');

/** The columns every modem table shares: IMEI, profile, status, task, progress (task_id over the task count), errors, reason, since. */
export function processColumns(t: TFunction): Column<ModemProcess>[] {
  return [
    { key: 'imei', header: t('modem.col.imei'), cell: (p) => p.imei, className: 'mono' },
    { key: 'profile', header: t('modem.col.profile'), cell: (p) => t(`modem.profile.${p.profile}`) },
    { key: 'status', header: t('modem.col.status'), cell: (p) => <span data-status={p.status}>{t(`modem.status.${p.status}`)}</span> },
    { key: 'task', header: t('modem.col.task'), cell: (p) => `${p.task_id}. ${t(`modem.tasks.${p.task}`)}`, truncate: true },
    {
      key: 'progress',
      header: t('modem.col.progress'),
      width: '10rem',
      cell: (p) => <ProgressBar value={(100 * p.task_id) / p.task_count} label={t('modem.progressOf', { task: p.task_id, count: p.task_count })} />,
    },
    { key: 'errors', header: t('modem.col.errors'), cell: (p) => p.errors, align: 'end' },
    { key: 'reason', header: t('modem.col.reason'), cell: (p) => modemReasonLabel(t, p.error), truncate: true },
    { key: 'since', header: t('modem.col.since'), cell: (p) => formatDateTime(p.finished_at ?? p.step_started_at), className: 'nowrap' },
  ];
}

/** The last column of a modem table: opens the device's progress modal. */
export function detailsColumn(t: TFunction, open: (modemId: number) => void): Column<ModemProcess> {
  return {
    key: 'details',
    header: t('modem.details'),
    hideHeader: true,
    cell: (p) => (
      <button type="button" className="btn btn--small" onClick={() => open(p.modem_id)} data-testid="modem-details">
        {t('modem.details')}
      </button>
    ),
  };
}
