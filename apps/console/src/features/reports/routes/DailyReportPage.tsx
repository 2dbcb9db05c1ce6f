import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DAILY_FIGURES, isRealDate, type DailyFigure, type DailyReportDay } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { TextField } from '../../../components/Field';
import { PageTitle } from '../../../components/PageTitle';
import { QueryState } from '../../../components/QueryState';
import { RefSelect } from '../../../components/RefSelect';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { timeZoneLabel, useTimeZone } from '../../../lib/time-zone';
import { useWhiteLabels } from '../../../lib/white-labels';
import { useDailyReport } from '../api/reports-api';

const validDay = (d: string | null): d is string => !!d && /^\d{4}-\d{2}-\d{2}$/.test(d) && isRealDate(d);
const positiveId = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** One row of the table: a figure over the days (newest first). */
type FigureRow = { figure: DailyFigure; values: (number | null)[] };

/**
 * §2 /admin/reports/daily?date&selectedWhiteLabel: the day's figures a manager reads each morning, with the six days
 * before it and the change against the day before; days from midnight to midnight in the chosen time zone, the day
 * at most today there (docs/statistics.md "Daily report").
 */
export function DailyReportPage() {
  const { t, i18n } = useTranslation();
  const tz = useTimeZone();
  const [params, setParams] = useSearchParams();
  const today = formatDate(new Date(), tz);
  const rawDate = params.get('date');
  const date = rawDate ?? today;
  const whiteLabel = positiveId(params.get('selectedWhiteLabel'));
  const valid = validDay(date) && date <= today;
  const report = useDailyReport(valid ? { date, whiteLabel, tz } : null);
  const whiteLabels = useWhiteLabels();

  function set(key: 'date' | 'selectedWhiteLabel', value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  }

  const days = report.data?.items ?? [];
  const rows: FigureRow[] = DAILY_FIGURES.map((figure) => ({ figure, values: days.map((d: DailyReportDay) => d[figure]) }));
  const number = new Intl.NumberFormat(i18n.language);
  const dayHeader = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const fleetOnly = t('dailyReport.fleetOnly');
  const value = (v: number | null | undefined) => (v === null || v === undefined ? '–' : number.format(v));
  const change = (r: FigureRow) => {
    const [now, before] = r.values;
    if (now === null || now === undefined || before === null || before === undefined) return '';
    const d = now - before;
    return d === 0 ? '±0' : `${d > 0 ? '+' : '−'}${number.format(Math.abs(d))}`;
  };
  const columns: Column<FigureRow>[] = [
    { key: 'figure', header: t('dailyReport.figure'), cell: (r) => t(`dailyReport.figures.${r.figure}`) },
    ...days.flatMap((d, i): Column<FigureRow>[] => {
      const column: Column<FigureRow> = {
        key: d.day,
        header: <time dateTime={d.day}>{dayHeader.format(Date.parse(`${d.day}T00:00:00Z`))}</time>,
        cell: (r) => value(r.values[i]),
        title: (r) => (r.values[i] === null ? fleetOnly : null),
        align: 'end',
        className: i === 0 ? 'daily-report__day' : undefined,
      };
      if (i !== 0 || days.length < 2) return [column];
      return [column, { key: 'change', header: t('dailyReport.change'), cell: change, align: 'end', className: 'muted' }];
    }),
  ];

  const title = t('dailyReport.title');
  const scoped = report.data?.white_label_ids !== null && report.data?.white_label_ids !== undefined;
  return (
    <div className="page page--search">
      <PageTitle text={title}>{title}</PageTitle>
      <form className="search-form" aria-label={title} onSubmit={(e) => e.preventDefault()}>
        <TextField
          label={t('dailyReport.date')}
          type="date"
          max={today}
          value={date}
          onChange={(e) => set('date', e.target.value)}
          error={validDay(date) && date > today ? t('reasons.reportDayInFuture') : undefined}
        />
        <RefSelect
          label={t('statsPage.whiteLabel')}
          query={whiteLabels}
          optionLabel={(w) => w.name}
          placeholder={t('dailyReport.wholeFleet')}
          value={whiteLabel ?? ''}
          onChange={(e) => set('selectedWhiteLabel', e.target.value)}
        />
      </form>
      <p className="muted" data-testid="daily-report-zone">
        {t('dailyReport.zoneNote', { zone: timeZoneLabel(tz) })}
        {scoped ? ` ${t('dailyReport.scopedNote')}` : ''}
        {report.data?.as_of ? ` ${t('dailyReport.todayAsOf', { time: formatDateTime(report.data.as_of, tz) })}` : ''}
      </p>
      {valid ? (
        <section className="results" aria-busy={report.isFetching || undefined}>
          <QueryState query={report}>
            <DataTable columns={columns} rows={rows} rowKey={(r) => r.figure} layout="fit" caption={title} data-testid="daily-report" />
          </QueryState>
        </section>
      ) : null}
    </div>
  );
}
