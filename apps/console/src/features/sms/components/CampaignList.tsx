import { useTranslation } from 'react-i18next';
import type { SmsCampaign } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { ProgressBar } from '../../../components/ProgressBar';
import { QueryState } from '../../../components/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { useTimeZone } from '../../../lib/time-zone';
import { useCampaigns } from '../api/sms-send';
import { campaignPercent } from '../../../components/CampaignProgress';

/** The latest bulk sends with their counts; a row opens its live progress. */
export function CampaignList({ onOpen }: { onOpen: (bulkId: string) => void }) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const q = useCampaigns();
  // the total and the SMS figures (SMS_FIGURES: the traffic page's and the daily report's words and definitions)
  const count = (k: 'total' | 'waiting' | 'sent' | 'received' | 'errors'): Column<SmsCampaign> => ({
    key: k,
    header: k === 'total' ? t('sms.counts.total') : t(`sms.figures.${k}`),
    align: 'end',
    cell: (c) => c[k],
  });
  const columns: Column<SmsCampaign>[] = [
    { key: 'started', header: t('sms.list.created'), cell: (c) => formatDateTime(c.created_at, tz) },
    { key: 'by', header: t('sms.list.by'), cell: (c) => c.created_by ?? t('common.none') },
    { key: 'command', header: t('sms.list.command'), className: 'mono', cell: (c) => c.command_key ?? t('common.none') },
    { key: 'message', header: t('sms.list.message'), truncate: true, cell: (c) => c.message },
    count('total'),
    count('waiting'),
    count('sent'),
    count('received'),
    count('errors'),
    {
      key: 'progress',
      header: t('sms.list.progress'),
      cell: (c) => <ProgressBar value={campaignPercent(c)} label={t('sms.list.progressOf', { time: formatDateTime(c.created_at, tz) })} />,
    },
    {
      key: 'open',
      header: t('sms.list.open'),
      hideHeader: true,
      cell: (c) => (
        <button type="button" className="btn btn--ghost" onClick={() => onOpen(c.bulk_id)}>
          {t('sms.list.open')}
        </button>
      ),
    },
  ];
  return (
    <section className="sms-campaigns" aria-label={t('sms.list.title')}>
      <h2>{t('sms.list.title')}</h2>
      <QueryState query={q}>
        <DataTable
          data-testid="campaigns-table"
          layout="fit"
          columns={columns}
          rows={q.data}
          rowKey={(c) => c.bulk_id}
          rowProps={(c) => ({ 'data-testid': `campaign-row-${c.bulk_id}` })}
          empty={t('sms.list.empty')}
        />
      </QueryState>
    </section>
  );
}
