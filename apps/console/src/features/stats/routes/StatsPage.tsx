import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams, useSearchParams } from 'react-router';
import { isRealDate, isStatsType, STATS_TYPE_KEYS, statsTypeDef, type StatsType } from '@tracker/contract';
import { EChart } from '../../../components/EChart';
import { PageTitle } from '../../../components/PageTitle';
import { QueryState } from '../../../components/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { useTimeZone } from '../../../lib/time-zone';
import { useStatsList, type StatsSearch } from '../api/stats-api';
import { StatsForm } from '../components/StatsForm';
import { statsChartOption, statsTotal, statsValueLabel } from '../stats-chart';
import '../stats.css';

const todayUtc = () => new Date().toISOString().slice(0, 10);
const monthStartUtc = () => `${todayUtc().slice(0, 8)}01`;
const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v) ? v : null);
const id = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/**
 * The search of the URL (§5 stats route): with neither date, from the start of the current month (UTC) to today;
 * invalid dates (or only one of them, or to before from) are not queried: null.
 */
export function readStatsSearch(type: StatsType, params: URLSearchParams, today = todayUtc()): StatsSearch | null {
  const rawFrom = params.get('from');
  const rawTo = params.get('to');
  const whiteLabel = id(params.get('selectedWhiteLabel'));
  const deployment = statsTypeDef(type).subWhiteLabel ? id(params.get('selectedDeployment')) : null;
  if (rawFrom === null && rawTo === null) return { type, from: monthStartUtc(), to: today, whiteLabel, deployment };
  const from = day(rawFrom);
  const to = day(rawTo);
  return from && to && from <= to && to <= today ? { type, from, to, whiteLabel, deployment } : null;
}

/** §2 /admin/stats/{type}?from&to&selectedWhiteLabel: the stats menu, the search and the type's chart. */
export function StatsPage() {
  const { t } = useTranslation();
  const { type: rawType } = useParams();
  const [params, setParams] = useSearchParams();
  const today = todayUtc();
  const tz = useTimeZone();
  const type = isStatsType(rawType) ? rawType : null;
  const search = type ? readStatsSearch(type, params, today) : null;
  const result = useStatsList(search);
  const def = type ? statsTypeDef(type) : null;
  const items = result.data?.type === type ? result.data?.items : undefined;
  const option = useMemo(
    () => (def && type && items && search ? statsChartOption(def, items, search, { value: statsValueLabel(type, def, t), other: t('statsPage.values.other') }) : null),
    [def, type, items, search?.from, search?.to, t], // eslint-disable-line react-hooks/exhaustive-deps -- the search's days, not its identity
  );

  function go(d: Omit<StatsSearch, 'type'>) {
    const next = new URLSearchParams({ from: d.from, to: d.to });
    if (d.whiteLabel) next.set('selectedWhiteLabel', String(d.whiteLabel));
    if (d.deployment) next.set('selectedDeployment', String(d.deployment));
    setParams(next);
  }

  const title = type ? t(`statsPage.types.${type}`) : t('statsPage.unknownType');
  return (
    <div className="page stats-page">
      <nav className="stats-nav" aria-label={t('statsPage.menuLabel')}>
        <ul>
          {STATS_TYPE_KEYS.map((k) => (
            <li key={k}>
              <NavLink to={{ pathname: `/admin/stats/${k}`, search: params.toString() }}>{t(`statsPage.types.${k}`)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="stats-main">
        <PageTitle text={title}>{title}</PageTitle>
        {type && def ? (
          <>
            <StatsForm
              value={{
                from: search?.from ?? params.get('from') ?? monthStartUtc(),
                to: search?.to ?? params.get('to') ?? today,
                whiteLabel: search?.whiteLabel ?? null,
                deployment: search?.deployment ?? null,
              }}
              today={today}
              sub={def.subWhiteLabel === true}
              onSearch={go}
            />
            {search ? (
              <section className="stats-chart" aria-busy={result.isFetching || undefined}>
                <QueryState query={result} empty={items?.length === 0} emptyTitle={t('statsPage.noData')}>
                  {option && def.kind === 'snapshot' && items?.length ? (
                    <p className="stats-as-of" data-testid="stats-as-of">
                      {result.data?.as_of
                        ? t('statsPage.asOf', { time: formatDateTime(result.data.as_of, tz) })
                        : t('statsPage.snapshotOf', { day: items.at(-1)!.day })}
                    </p>
                  ) : null}
                  {option && def.chart === 'pie' && items ? (
                    <p className="stats-total" data-testid="stats-total">
                      {t('statsPage.totalOf', { n: statsTotal(items) })}
                    </p>
                  ) : null}
                  {option ? <EChart option={option} label={t('statsPage.chartLabel', { title, from: search.from, to: search.to })} testId="stats-chart" /> : null}
                </QueryState>
              </section>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
