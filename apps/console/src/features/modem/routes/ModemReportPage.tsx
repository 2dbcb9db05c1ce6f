import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModemReport } from '@tracker/contract';
import { PagedTable } from '../../../components/ListPage';
import { PageTitle } from '../../../components/PageTitle';
import { QueryState } from '../../../components/QueryState';
import { Spinner } from '../../../components/Spinner';
import { downloadModemReport, useModemReport } from '../api/modem-api';
import { ModemProgressModal } from '../components/ModemProgressModal';
import { detailsColumn, processColumns } from '../components/process-columns';
import { ModemNav } from './ModemUpdatePage';

/**
 * §2 /admin/modem/report, /reportUpdating, /reportNotUpdated: every device's latest modem update that is done, in
 * progress (its current task and since when) or not updated (failed or stopped, with the reason), 20 a page, and
 * the whole report as CSV (the one export mechanism: a hash, then the download).
 */
export function ModemReportPage({ report }: { report: ModemReport }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [exporting, setExporting] = useState(false);
  const [modal, setModal] = useState<number | null>(null);
  const q = useModemReport(report, page);
  const title = t(`modem.report.${report}`);
  return (
    <div className="page page--search">
      <PageTitle text={title}>{title}</PageTitle>
      <ModemNav />
      <p>
        <button
          type="button"
          className="btn"
          disabled={exporting || !q.data?.items.length}
          data-testid="modem-export"
          onClick={() => {
            setExporting(true);
            downloadModemReport(report)
              .catch(() => undefined)
              .finally(() => setExporting(false));
          }}
        >
          {exporting ? <Spinner inline /> : null} {t('modem.export')}
        </button>
      </p>
      <QueryState query={q}>
        <PagedTable
          layout="wrap"
          data-testid="modem-report"
          rows={q.data?.items}
          rowKey={(p) => p.modem_id}
          empty={t('modem.noProcesses')}
          columns={[...processColumns(t), detailsColumn(t, setModal)]}
          page={page}
          totalPages={q.data?.total_pages ?? 0}
          onPage={setPage}
        />
      </QueryState>
      <ModemProgressModal modemId={modal} onClose={() => setModal(null)} />
    </div>
  );
}
