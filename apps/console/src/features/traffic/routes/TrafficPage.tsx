import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isRealDate, SMS_COUNTER_FIGURES, type SmsExportKind } from '@tracker/contract';
import { EmptyState } from '../../../components/EmptyState';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { Spinner } from '../../../components/Spinner';
import { downloadSmsExport, useSmsSearch, useSmsStatistics, type TrafficSearch } from '../api/traffic-api';
import { TrafficForm } from '../components/TrafficForm';
import { TrafficTable } from '../components/TrafficTable';
import '../traffic.css';

const todayUtc = () => new Date().toISOString().slice(0, 10);
const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v) ? v : null);

/** The search in the URL (`?query&from&to&page`), or null while there is none (or it is not valid). */
function readSearch(params: URLSearchParams): TrafficSearch | null {
  const query = params.get('query')?.trim() ?? '';
  const from = day(params.get('from'));
  const to = day(params.get('to'));
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  return query && from && to && to >= from ? { query, from, to, page } : null;
}

/** The day counters, in the words and definitions of SMS_FIGURES (as a campaign's progress and the daily report). */
const STATS = SMS_COUNTER_FIGURES;

/** §2 /admin/traffic: SMS traffic search (query, from, until; 25 per page), the counters and the CSV exports. */
export function TrafficPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const today = todayUtc();
  const search = readSearch(params);
  const result = useSmsSearch(search);
  const stats = useSmsStatistics(search && { from: search.from, to: search.to });
  const [exporting, setExporting] = useState<SmsExportKind | null>(null);
  const data = result.data;

  function go(s: TrafficSearch) {
    const next = new URLSearchParams({ query: s.query, from: s.from, to: s.to });
    if (s.page) next.set('page', String(s.page));
    setParams(next);
  }

  function exportCsv(kind: SmsExportKind) {
    if (!search) return;
    setExporting(kind);
    downloadSmsExport(kind, search)
      .catch(() => undefined)
      .finally(() => setExporting(null));
  }

  let body: ReactNode = <EmptyState title={t('traffic.start')}>{t('traffic.startHint')}</EmptyState>;
  if (search) {
    body = (
      <QueryState query={result} empty={data?.items.length === 0} emptyTitle={t('traffic.noResults')}>
        {data ? (
          <>
            <TrafficTable items={data.items} caption={t('traffic.caption', { query: search.query })} />
            <Pager page={search.page} totalPages={data.total_pages} more={data.more} onChange={(page) => go({ ...search, page })} />
          </>
        ) : null}
      </QueryState>
    );
  }

  const title = t('traffic.title');
  return (
    <div className="page page--search">
      <PageTitle text={title}>{title}</PageTitle>
      <TrafficForm
        value={{ query: search?.query ?? params.get('query') ?? '', from: search?.from ?? today, to: search?.to ?? today }}
        today={today}
        busy={result.isFetching}
        onSearch={(d) => go({ ...d, page: 0 })}
      />
      <section>
        <h2 className="traffic-stats__title">{search ? t('traffic.statsOfRange', { from: search.from, to: search.to }) : t('traffic.statsAll')}</h2>
        <dl className="traffic-stats" data-testid="traffic-stats">
          {STATS.map((k) => (
            <div key={k}>
              <dt>{t(`sms.figures.${k}`)}</dt>
              <dd data-testid={`stat-${k}`}>{stats.data ? stats.data[k].toLocaleString() : '…'}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="results" aria-label={t('traffic.resultsLabel')} aria-busy={result.isFetching || undefined}>
        {search ? (
          <div className="traffic-exports">
            {(['sms_global', 'sms_error'] as const).map((kind) => (
              <button key={kind} type="button" className="btn" disabled={exporting !== null} onClick={() => exportCsv(kind)}>
                {exporting === kind ? <Spinner inline /> : null} {t(`traffic.export.${kind}`)}
              </button>
            ))}
          </div>
        ) : null}
        {body}
      </section>
    </div>
  );
}
