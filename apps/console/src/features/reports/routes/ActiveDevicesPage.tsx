import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isRealDate, reportRangeIssue, type ActiveDeviceItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { TextField } from '../../../components/Field';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime } from '../../../lib/dates';
import { downloadActiveDevices, useActiveDevices, useStartActiveDevicesMutation } from '../api/reports-api';

const todayUtc = () => new Date().toISOString().slice(0, 10);
const validDay = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && isRealDate(d);
const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * §2 /admin/reports/activeDevices?from&to: both days valid or Search disabled; 'to' at least a day after a past 'from'
 * (§5). Search starts the report (POST), the page polls it every 1 s until its devices are there (100 a page, §9),
 * then offers the CSV export.
 */
export function ActiveDevicesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const today = todayUtc();
  const [from, setFrom] = useState(params.get('from') ?? today);
  const [to, setTo] = useState(params.get('to') ?? today);
  const [runId, setRunId] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [exporting, setExporting] = useState(false);
  const start = useStartActiveDevicesMutation();
  const report = useActiveDevices(runId, page);

  const datesValid = validDay(from) && validDay(to) && from <= today && to <= today;
  const issue = datesValid ? reportRangeIssue(from, to, today) : null;
  const valid = datesValid && !issue;
  const toMin = validDay(from) && from < today ? nextDay(from) : from;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!valid) return;
    setParams(new URLSearchParams({ from, to }));
    setPage(0);
    start.mutate({ from, to }, { onSuccess: (r) => setRunId(r.id) });
  }

  const data = report.data;
  const waiting = start.isPending || (runId !== null && !Array.isArray(data?.items) && data?.status !== 'FAILED');
  const columns: Column<ActiveDeviceItem>[] = [
    { key: 'imei', header: t('reportsPage.imei'), cell: (r) => r.imei, className: 'mono' },
    { key: 'gsm', header: t('reportsPage.gsm'), cell: (r) => r.gsm_number ?? '' },
    { key: 'owner', header: t('reportsPage.owner'), cell: (r) => r.owner_email ?? '', truncate: true },
    { key: 'wl', header: t('reportsPage.whiteLabel'), cell: (r) => r.white_label_name ?? '' },
    { key: 'first', header: t('reportsPage.firstSeen'), cell: (r) => formatDateTime(r.first_seen) },
    { key: 'last', header: t('reportsPage.lastSeen'), cell: (r) => formatDateTime(r.last_seen) },
    { key: 'n', header: t('reportsPage.communications'), cell: (r) => r.communications.toLocaleString(), align: 'end' },
  ];
  const title = t('reportsPage.activeDevices');
  return (
    <div className="page page--search">
      <PageTitle text={title}>{title}</PageTitle>
      <form className="search-form" aria-label={title} onSubmit={submit}>
        <TextField label={t('reportsPage.from')} type="date" max={today} value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField
          label={t('reportsPage.to')}
          type="date"
          min={toMin}
          max={today}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={issue ? t(`reasons.${issue}`, { max: 366 }) : undefined}
        />
        <div className="search-form__submit">
          <button type="submit" className="btn btn--primary" disabled={!valid || waiting}>
            {t('reportsPage.submit')}
          </button>
        </div>
      </form>
      <section className="results" aria-busy={waiting || undefined}>
        {waiting ? (
          <p data-testid="report-waiting">
            <Spinner inline /> {t('reportsPage.generating')}
          </p>
        ) : null}
        {data?.status === 'FAILED' ? <p role="alert">{t('reportsPage.failed')}</p> : null}
        {Array.isArray(data?.items) ? (
          <>
            <p>
              {t('reportsPage.total', { count: data.total ?? 0 })}{' '}
              <button
                type="button"
                className="btn"
                disabled={exporting || !data.total}
                onClick={() => {
                  setExporting(true);
                  downloadActiveDevices(data.id, data.from, data.to)
                    .catch(() => undefined)
                    .finally(() => setExporting(false));
                }}
              >
                {exporting ? <Spinner inline /> : null} {t('reportsPage.export')}
              </button>
            </p>
            <DataTable columns={columns} rows={data.items} rowKey={(r) => r.device_id} empty={t('statsPage.noData')} data-testid="active-devices" />
            <Pager page={page} totalPages={data.total_pages} onChange={setPage} />
          </>
        ) : null}
      </section>
    </div>
  );
}
