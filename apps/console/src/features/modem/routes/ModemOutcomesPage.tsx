import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModemDeviceItem, ModemDeviceState } from '@tracker/contract';
import type { Column } from '../../../components/DataTable';
import { OutcomeList, useOutcomeState } from '../../../components/OutcomeList';
import { PageTitle } from '../../../components/PageTitle';
import { formatDateTime } from '../../../lib/dates';
import { useTimeZone } from '../../../lib/time-zone';
import { downloadModemDevices, useModemDevices } from '../api/modem-devices';
import { ModemProgressModal } from '../components/ModemProgressModal';
import { modemReasonLabel } from '../components/process-columns';
import { ModemNav } from './ModemUpdatePage';

/** The state filter's buttons: failed first, then all and the finer states. */
export const MODEM_FILTER: readonly ModemDeviceState[] = ['failed', 'all', 'pending', 'done', 'stopped', 'refused'];

/**
 * /admin/modem/outcomes: every device's latest modem update, or the ledger's refusal that came after it, with the
 * reason in the UI language, by state (failed first), 25 a page, and the state's CSV; a process's modal from its row.
 */
export function ModemOutcomesPage() {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const list = useOutcomeState(MODEM_FILTER);
  const [modal, setModal] = useState<number | null>(null);
  const q = useModemDevices(list.state, list.page);

  const columns: Column<ModemDeviceItem>[] = [
    { key: 'imei', header: t('modem.col.imei'), className: 'mono', cell: (d) => d.imei },
    {
      key: 'status',
      header: t('modem.col.status'),
      cell: (d) => <span data-testid="outcome-status">{d.process ? t(`modem.status.${d.process.status}`) : t('outcomes.state.refused')}</span>,
    },
    { key: 'task', header: t('modem.col.task'), truncate: true, cell: (d) => (d.process ? `${d.process.task_id}. ${t(`modem.tasks.${d.process.task}`)}` : '') },
    { key: 'errors', header: t('modem.col.errors'), align: 'end', cell: (d) => d.process?.errors ?? '' },
    {
      key: 'reason',
      header: t('modem.col.reason'),
      cell: (d) => (
        <span className={d.outcome === 'running' || d.outcome === 'done' ? undefined : 'outcome-reason'} data-testid="outcome-reason">
          {modemReasonLabel(t, d.reason)}
        </span>
      ),
    },
    { key: 'at', header: t('modem.col.since'), className: 'nowrap', cell: (d) => formatDateTime(d.at, tz) },
    {
      key: 'details',
      header: t('modem.details'),
      hideHeader: true,
      cell: (d) =>
        d.process ? (
          <button type="button" className="btn btn--small" onClick={() => setModal(d.process!.modem_id)} data-testid="modem-details">
            {t('modem.details')}
          </button>
        ) : null,
    },
  ];

  const title = t('outcomes.modem.title');
  return (
    <div className="page page--search">
      <PageTitle text={title}>{title}</PageTitle>
      <ModemNav />
      <OutcomeList
        list={list}
        query={q}
        download={downloadModemDevices}
        data-testid="modem-devices"
        layout="wrap"
        columns={columns}
        rowKey={(d, i) => `${d.imei}-${d.outcome}-${i}`}
        rowProps={(d) => ({ 'data-outcome': d.outcome, 'data-imei': d.imei })}
      />
      <ModemProgressModal modemId={modal} onClose={() => setModal(null)} />
    </div>
  );
}
